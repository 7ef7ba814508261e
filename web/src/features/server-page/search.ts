// The server page's URL state: the open tab, plus the call log's window and filters.
import { z } from "zod";
import { callLogSearch } from "@/features/calls/search";

export const serverPageSearch = callLogSearch.extend({ tab: z.string().max(40).optional().catch(undefined) });
export type ServerPageSearch = z.infer<typeof serverPageSearch>;
