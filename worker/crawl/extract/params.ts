// Parameters documented as Markdown tables or lists: name, location, type, required, description.
import { schemaOfTypeName, type Schema } from "./json-schema";

export type ParamLocation = "path" | "query" | "header" | "body";
export type FoundParam = { name: string; in: ParamLocation | null; schema: Schema; required: boolean; description?: string };

const NAME_COL = /^(name|parameter|param|field|attribute|argument|property|key)s?\b/i;
const cells = (row: string) => row.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim().replace(/^`|`$/g, ""));
const plain = (s: string) => s.replace(/[`*_]/g, "").trim();

/** Location named in text: "Path parameters", "in: query", "Request body", "Headers". */
export function locationOf(text: string | undefined): ParamLocation | null {
  const t = (text ?? "").toLowerCase();
  if (/\bpath\b/.test(t)) return "path";
  if (/\bquery\b/.test(t)) return "query";
  if (/\bheaders?\b/.test(t)) return "header";
  if (/\b(body|form|payload|request)\b/.test(t)) return "body";
  return null;
}

const isRequired = (...texts: (string | undefined)[]) =>
  texts.some((t) => /^(yes|true|required|✓|✔|x)$/i.test(plain(t ?? "")) || /\brequired\b/i.test(plain(t ?? "")) && !/\bnot required\b/i.test(t ?? ""));

/** Parameters of one Markdown table (header row, separator, rows); null when it is not a parameter table. */
export function paramsOfTable(lines: string[], sectionLocation: ParamLocation | null): FoundParam[] | null {
  if (lines.length < 3 || !/^\s*\|?\s*:?-{2,}/.test(lines[1])) return null;
  const header = cells(lines[0]).map(plain);
  const col = (re: RegExp) => header.findIndex((h) => re.test(h));
  const name = col(NAME_COL);
  if (name < 0) return null;
  const [type, where, required, description] = [col(/type/i), col(/^(in|location|where|source)$/i), col(/required|optional/i), col(/desc|details|notes/i)];
  return lines.slice(2).flatMap((row) => {
    const c = cells(row);
    const paramName = plain(c[name] ?? "").split(/\s/)[0];
    if (!/^[A-Za-z_][\w.\-[\]]*$/.test(paramName)) return [];
    const optionalColumn = required >= 0 && /optional/i.test(header[required]);
    return [{
      name: paramName,
      in: locationOf(c[where]) ?? sectionLocation,
      schema: schemaOfTypeName(c[type]),
      required: optionalColumn ? !isRequired(c[required]) && !/^(yes|true)$/i.test(plain(c[required] ?? "")) : isRequired(c[required], c[type]),
      description: description >= 0 ? plain(c[description] ?? "").slice(0, 500) || undefined : undefined,
    }];
  });
}

// "- `limit` (integer, optional): how many" · "* **id** string, required — the id" · "- name (string) - text"
const LIST_ITEM = /^\s*[-*+]\s+(?:`([A-Za-z_][\w.\-[\]]*)`|\*\*([A-Za-z_][\w.\-[\]]*)\*\*|([a-z_][\w.\-[\]]*))\s*(?:\(([^)]{1,80})\)|[—–:-]|\s(?=[a-z]))\s*(.*)$/;

/** A parameter written as a list item, or null. */
export function paramOfListItem(line: string, sectionLocation: ParamLocation | null): FoundParam | null {
  const m = line.match(LIST_ITEM);
  if (!m) return null;
  const name = m[1] ?? m[2] ?? m[3];
  const detail = m[4] ?? "";
  const rest = m[5] ?? "";
  // A bare lowercase word without a type in parentheses is only a parameter in a parameters section.
  if (m[3] && !m[4] && !sectionLocation) return null;
  const typeWord = detail.split(/[,;]/)[0] || rest.match(/^[*_`]*(string|integer|int|number|boolean|bool|array|object)\b/i)?.[1];
  return {
    name,
    in: locationOf(detail) ?? sectionLocation,
    schema: schemaOfTypeName(typeWord),
    required: /\brequired\b/i.test(detail) || /^[*_`]*required\b/i.test(rest),
    description: rest.replace(/^[—–:-]\s*/, "").replace(/[`*_]/g, "").trim().slice(0, 500) || undefined,
  };
}
