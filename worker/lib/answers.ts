// The envelope every JSON answer shares ({ success, data?, error? }) and the field shapes answers reuse.
// Pure zod (no runtime imports) so the SPA can infer its types from these schemas with `import type`.
import { z } from "zod";

export const timestamp = z.iso.datetime().describe("ISO 8601 date and time (UTC)");
export const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

/** `{ success: true, data }`: most answers wrap their payload in `data`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const okEmpty = z.object({ success: z.literal(true) });
export const errorAnswer = z
  .object({ success: z.literal(false), error: z.string().describe("What went wrong, for people"), requiresUpgrade: z.boolean().optional() })
  .meta({ id: "Error" });
