// Parameters that should be fixed per server rather than asked of the model every call:
// account/workspace/project/tenant ids repeated across operations, single-value enums, shared
// defaults, API-version headers; and parameters that carry credentials.
import type { ParameterCandidate } from "../db/schema";
import type { ToolDefinition } from "./types";

type ToolLike = Pick<ToolDefinition, "inputSchema" | "mapping">;
type Stat = { arg: string; count: number; required: number; type: string; location: string; singleEnum: unknown[]; defaults: Set<string> };

const CONTEXT_NAME =
  /^(x-)?(account|workspace|project|tenant|org|organization|organisation|team|company|site|store|shop|space|instance|customer|environment|env|realm|domain|subdomain|owner|region)([-_]?(id|name|slug|key|uuid))?$/i;
const CREDENTIAL_NAME =
  /^(x-)?(api[-_]?key|api[-_]?token|access[-_]?token|auth[-_]?token|token|key|authorization|client[-_]?secret|client[-_]?id|app[-_]?key|app[-_]?id|secret)$/i;
const VERSION_NAME = /^(x-)?(api[-_]?)?version$/i;

const typeOf = (schema: Record<string, unknown> | undefined) =>
  Array.isArray(schema?.type) ? String((schema!.type as string[]).find((t) => t !== "null") ?? "string") : String(schema?.type ?? "string");

/** Splits the tools' parameters into authContext, credentials and functional candidates. */
export function parameterCandidates(tools: ToolLike[]) {
  const stats = new Map<string, Stat>();
  for (const tool of tools) {
    for (const p of tool.mapping.parameters) {
      // A value the description fixes is sent by the server itself: nothing to choose.
      if (p.value !== undefined) continue;
      const schema = tool.inputSchema.properties[p.arg] as Record<string, unknown> | undefined;
      let s = stats.get(p.arg);
      if (!s) {
        s = { arg: p.arg, count: 0, required: 0, type: typeOf(schema), location: p.in, singleEnum: [], defaults: new Set() };
        stats.set(p.arg, s);
      }
      s.count++;
      if (p.required) s.required++;
      if (Array.isArray(schema?.enum) && schema.enum.length === 1) s.singleEnum.push(schema.enum[0]);
      if (schema?.default !== undefined) s.defaults.add(JSON.stringify(schema.default));
    }
  }
  const total = tools.length || 1;
  const authContext: ParameterCandidate[] = [];
  const credentials: ParameterCandidate[] = [];
  const functional: ParameterCandidate[] = [];
  const round = (n: number) => Math.round(n * 100) / 100;
  for (const s of stats.values()) {
    const ratio = s.count / total;
    const spread = `${s.count} of ${tools.length} operations`;
    if (CREDENTIAL_NAME.test(s.arg) && s.location !== "path") {
      credentials.push({
        name: s.arg,
        type: s.type,
        reason: `Looks like a credential (${s.location} parameter in ${spread})`,
        confidence: 0.9,
      });
    } else if (VERSION_NAME.test(s.arg) && s.location !== "path") {
      functional.push({ name: s.arg, type: s.type, reason: `API version ${s.location} parameter used in ${spread}`, confidence: 0.8 });
    } else if (s.singleEnum.length && s.singleEnum.length === s.required && s.required > 0) {
      functional.push({
        name: s.arg,
        type: s.type,
        reason: `Required with a single allowed value (${JSON.stringify(s.singleEnum[0])}) in ${spread}`,
        confidence: 0.9,
      });
    } else if (CONTEXT_NAME.test(s.arg.replace(/([a-z])([A-Z])/g, "$1_$2")) && s.count >= 2 && ratio >= 0.4) {
      authContext.push({
        name: s.arg,
        type: s.type,
        reason: `Account-level identifier repeated in ${spread}`,
        confidence: round(Math.min(0.95, 0.5 + ratio / 2)),
      });
    } else if (s.defaults.size === 1 && s.count >= 2 && ratio >= 0.5) {
      functional.push({
        name: s.arg,
        type: s.type,
        reason: `Same default (${[...s.defaults][0]}) in ${spread}`,
        confidence: round(Math.min(0.8, 0.4 + ratio / 2)),
      });
    }
  }
  const byConfidence = (a: ParameterCandidate, b: ParameterCandidate) => b.confidence - a.confidence || a.name.localeCompare(b.name);
  return {
    authContext: authContext.sort(byConfidence),
    credentials: credentials.sort(byConfidence),
    functional: functional.sort(byConfidence),
  };
}
