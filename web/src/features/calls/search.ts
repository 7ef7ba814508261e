// The call-log page's URL state: the stats window and the recent-calls filters.
import { z } from "zod";

export const callLogSearch = z.object({
  window: z.enum(["24h", "7d", "30d"]).optional().catch(undefined),
  tool: z.string().max(200).optional().catch(undefined),
  outcome: z.string().max(40).optional().catch(undefined),
  caller: z.string().max(100).optional().catch(undefined),
});
export type CallLogSearch = z.infer<typeof callLogSearch>;
