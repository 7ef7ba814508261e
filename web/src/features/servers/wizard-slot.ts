// The server wizard as the servers list opens it: Add Server (create) and Configure (edit).
import type { Server } from "@/api/servers";

export type ServerWizardProps = { server?: Server; open: boolean; onOpenChange: (open: boolean) => void };

export { ServerWizard } from "../wizard/server-wizard";
