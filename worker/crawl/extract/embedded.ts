// A description embedded in a page's script (Redoc's `__redoc_definition`, pre-rendered reference pages):
// found by a bounded string-aware brace scan, parsed as JSON, and written as reference Markdown
// (a heading, `METHOD /path`, a parameter table per operation) that the extractor reads like any page.
const MAX_JSON_CHARS = 6 * 1024 * 1024;
const MAX_OPERATIONS = 2000;
const MAX_PARAMS = 200;
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

type Json = Record<string, unknown>;

/** The JSON object text starting at `open` (a `{`), to its matching brace; "" when unbalanced or too long. */
function objectAt(text: string, open: number): string {
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length && i - open < MAX_JSON_CHARS; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return text.slice(open, i + 1);
  }
  return "";
}

/** The OpenAPI or Swagger document embedded in a script, or null. */
export function embeddedDescription(script: string): Json | null {
  const keys = [script.indexOf('"openapi"'), script.indexOf('"swagger"')].filter((k) => k >= 0);
  const key = keys.length ? Math.min(...keys) : -1;
  if (key < 0 || !script.includes('"paths"')) return null;
  let open = key - 1;
  while (open >= 0 && open > key - 20 && script[open] !== "{") open--;
  if (open < 0 || script[open] !== "{") return null;
  try {
    const doc = JSON.parse(objectAt(script, open)) as Json;
    return doc && typeof doc.paths === "object" ? doc : null;
  } catch {
    return null;
  }
}

const refName = (ref: unknown) => (typeof ref === "string" ? ref.slice(ref.lastIndexOf("/") + 1) : "");
const cell = (value: unknown) =>
  String(value ?? "")
    .replace(/\s+/g, " ")
    .replace(/\|/g, "\\|")
    .slice(0, 300);

/** What a `$ref` points to inside the document (components, definitions, parameters), one level. */
function resolve(doc: Json, value: unknown): Json {
  const ref = (value as Json | undefined)?.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return (value as Json) ?? {};
  let node: unknown = doc;
  for (const part of ref.slice(2).split("/")) node = (node as Json | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  return (node as Json) ?? {};
}

const typeOf = (schema: Json) =>
  String(schema.type ?? (schema.$ref ? refName(schema.$ref) : "")) + (schema.format ? `(${schema.format})` : "");

/** The description written as reference Markdown: base URL, then per operation a heading, its route and a parameter table. */
export function describeAsMarkdown(doc: Json): string {
  const out: string[] = [];
  const servers = (doc.servers as Json[] | undefined) ?? [];
  const base = typeof servers[0]?.url === "string" ? servers[0].url : doc.host ? `https://${doc.host}${doc.basePath ?? ""}` : "";
  if (/^https?:\/\//.test(String(base))) out.push(`Base URL: ${base}`, "");
  let operations = 0;
  for (const [path, item] of Object.entries((doc.paths as Record<string, Json>) ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method] as Json | undefined;
      if (!op || typeof op !== "object" || ++operations > MAX_OPERATIONS) continue;
      out.push(`## ${cell(op.summary ?? op.operationId ?? `${method} ${path}`)}`, "", `\`${method.toUpperCase()} ${path}\``, "");
      if (op.description) out.push(cell(op.description), "");
      const rows: string[] = [];
      const params = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].slice(0, MAX_PARAMS);
      for (const raw of params) {
        const p = resolve(doc, raw);
        if (p.in === "body") {
          const schema = resolve(doc, p.schema);
          for (const [name, prop] of Object.entries((schema.properties as Record<string, Json>) ?? {}).slice(0, MAX_PARAMS))
            rows.push(
              `| ${name} | body | ${typeOf(prop)} | ${((schema.required as string[]) ?? []).includes(name)} | ${cell(prop.description)} |`,
            );
        } else if (typeof p.name === "string")
          rows.push(`| ${p.name} | ${p.in} | ${typeOf(resolve(doc, p.schema ?? p))} | ${Boolean(p.required)} | ${cell(p.description)} |`);
      }
      const content = (resolve(doc, op.requestBody).content as Record<string, Json>) ?? {};
      const media = content["application/json"] ?? Object.values(content)[0];
      const body = resolve(doc, media?.schema);
      for (const [name, prop] of Object.entries((body.properties as Record<string, Json>) ?? {}).slice(0, MAX_PARAMS))
        rows.push(
          `| ${name} | body | ${typeOf(prop)} | ${((body.required as string[]) ?? []).includes(name)} | ${cell(prop.description)} |`,
        );
      if (rows.length)
        out.push("### Parameters", "", "| Name | In | Type | Required | Description |", "| --- | --- | --- | --- | --- |", ...rows, "");
    }
  }
  return out.join("\n");
}
