// Where the server wizard (issue 8) plugs into the servers list. While it is null, the list shows
// no Add Server or Configure buttons rather than buttons that do nothing.
import type { ComponentType } from "react";
import type { Server } from "@/api/servers";

export type ServerWizardProps = { server?: Server; open: boolean; onOpenChange: (open: boolean) => void };

export const ServerWizard: ComponentType<ServerWizardProps> | null = null;
