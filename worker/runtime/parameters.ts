// OpenAPI parameter serialization: path (simple/label/matrix), query (form, space/pipe-delimited,
// deepObject), header and cookie, with explode and allowReserved.
import type { ParameterMapping } from "../openapi/types";

const RESERVED = /%(3A|2F|3F|23|5B|5D|40|21|24|26|27|28|29|2A|2B|2C|3B|3D)/gi;

const scalar = (value: unknown) => (typeof value === "object" && value !== null ? JSON.stringify(value) : String(value));

function encoder(p: Pick<ParameterMapping, "allowReserved">) {
  return (value: unknown) => {
    const encoded = encodeURIComponent(scalar(value));
    return p.allowReserved ? encoded.replace(RESERVED, decodeURIComponent) : encoded;
  };
}

const entriesOf = (value: object) => Object.entries(value).filter(([, v]) => v !== undefined && v !== null);

/** The path segment replacing `{name}` for this parameter. */
export function serializePath(p: ParameterMapping, value: unknown): string {
  const enc = encoder({ allowReserved: false });
  if (p.json) return enc(JSON.stringify(value));
  const style = p.style ?? "simple";
  const explode = p.explode ?? false;
  const prefix = style === "label" ? "." : style === "matrix" ? `;` : "";
  if (Array.isArray(value)) {
    const items = value.map(enc);
    if (style === "matrix") return explode ? items.map((i) => `;${p.name}=${i}`).join("") : `;${p.name}=${items.join(",")}`;
    return prefix + items.join(explode && style === "label" ? "." : ",");
  }
  if (typeof value === "object" && value !== null) {
    const pairs = entriesOf(value);
    if (style === "matrix") {
      return explode ? pairs.map(([k, v]) => `;${k}=${enc(v)}`).join("") : `;${p.name}=${pairs.flatMap(([k, v]) => [k, enc(v)]).join(",")}`;
    }
    const sep = explode && style === "label" ? "." : ",";
    return prefix + (explode ? pairs.map(([k, v]) => `${k}=${enc(v)}`).join(sep) : pairs.flatMap(([k, v]) => [k, enc(v)]).join(","));
  }
  return style === "matrix" ? `;${p.name}=${enc(value)}` : prefix + enc(value);
}

/** Rounds of percent-decoding a serialized path value is checked through: the argument itself and three decodings of it. */
const DECODE_ROUNDS = 4;
// Separators and dots are ASCII: decoding only ASCII escapes finds them even next to malformed UTF-8.
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;
const decodeAscii = (text: string) => text.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The serialized value of a path parameter if it stays one non-empty segment of the tool's path;
 * throws otherwise: empty, `.`, `..` or a `/` or `\` (also percent-encoded, at any depth) would let a
 * caller reach other paths of the API with the server's credential.
 */
export function checkPathSegment(p: Pick<ParameterMapping, "arg">, serialized: string): string {
  // An empty segment would turn /items/{id} into /items/, another resource of the API.
  if (serialized === "") throw new Error(`Argument '${p.arg}' must not be empty: it is a segment of the tool's path`);
  let text = serialized;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (text === "." || text === ".." || text.includes("/") || text.includes("\\")) {
      throw new Error(`Argument '${p.arg}' must stay within one path segment: '.', '..', '/' and '\\' are not allowed in it`);
    }
    if (!text.includes("%")) break;
    text = decodeAscii(text);
  }
  return serialized;
}

/** `name=value` query pairs (already encoded) for this parameter. */
export function serializeQuery(p: ParameterMapping, value: unknown): string[] {
  const enc = encoder(p);
  const name = encodeURIComponent(p.name);
  if (p.json) return [`${name}=${encodeURIComponent(JSON.stringify(value))}`];
  const style = p.style ?? "form";
  const explode = p.explode ?? style === "form";
  if (Array.isArray(value)) {
    if (style === "spaceDelimited") return [`${name}=${value.map(enc).join("%20")}`];
    if (style === "pipeDelimited") return [`${name}=${value.map(enc).join("|")}`];
    return explode ? value.map((v) => `${name}=${enc(v)}`) : [`${name}=${value.map(enc).join(",")}`];
  }
  if (typeof value === "object" && value !== null) {
    const pairs = entriesOf(value);
    if (style === "deepObject") return pairs.map(([k, v]) => `${name}%5B${encodeURIComponent(k)}%5D=${enc(v)}`);
    if (explode) return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${enc(v)}`);
    return [`${name}=${pairs.flatMap(([k, v]) => [encodeURIComponent(k), enc(v)]).join(",")}`];
  }
  return [`${name}=${enc(value)}`];
}

/** A header value (style simple). */
export function serializeHeader(p: ParameterMapping, value: unknown): string {
  if (p.json) return JSON.stringify(value);
  if (Array.isArray(value)) return value.map(scalar).join(",");
  if (typeof value === "object" && value !== null) {
    const pairs = entriesOf(value);
    return p.explode ? pairs.map(([k, v]) => `${k}=${scalar(v)}`).join(",") : pairs.flatMap(([k, v]) => [k, scalar(v)]).join(",");
  }
  return scalar(value);
}

/** `name=value` cookie pairs (style form) for this parameter. */
export function serializeCookie(p: ParameterMapping, value: unknown): string[] {
  const enc = encoder({ allowReserved: false });
  if (p.json) return [`${p.name}=${enc(JSON.stringify(value))}`];
  if (Array.isArray(value)) return p.explode ? value.map((v) => `${p.name}=${enc(v)}`) : [`${p.name}=${value.map(enc).join(",")}`];
  if (typeof value === "object" && value !== null) {
    const pairs = entriesOf(value);
    return p.explode ? pairs.map(([k, v]) => `${k}=${enc(v)}`) : [`${p.name}=${pairs.flatMap(([k, v]) => [k, enc(v)]).join(",")}`];
  }
  return [`${p.name}=${enc(value)}`];
}
