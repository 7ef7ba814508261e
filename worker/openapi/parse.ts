// Turns the text of a description (JSON or YAML) into a value, with line numbers in every error
// and a cap on YAML alias expansion so an alias bomb cannot exhaust the isolate's memory.
import { parseDocument } from "yaml";
import { fail } from "../lib/errors";

/** Largest description accepted, uploaded or fetched (GitHub's full description is about 13 MB). */
export const MAX_DESCRIPTION_BYTES = 20 * 1024 * 1024;
/** YAML alias expansions allowed; real descriptions use a handful, bombs use millions. */
const MAX_ALIAS_COUNT = 1000;

export const TOO_LARGE_MESSAGE = `The description is larger than the ${MAX_DESCRIPTION_BYTES / 1024 / 1024} MB limit`;

function lineAndColumn(text: string, position: number) {
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  return { line, column: position - before.lastIndexOf("\n") };
}

function parseJson(text: string, label: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const lineCol = message.match(/line (\d+) column (\d+)/);
    const position = message.match(/position (\d+)/);
    const where = lineCol
      ? { line: Number(lineCol[1]), column: Number(lineCol[2]) }
      : position
        ? lineAndColumn(text, Number(position[1]))
        : null;
    const reason = message.replace(/(?<!\s)\s*\(line \d+ column \d+\)/, "").replace(/ in JSON at position \d.*$/, "");
    fail(400, `Invalid JSON${where ? ` at line ${where.line}, column ${where.column}` : ""} in ${label}: ${reason}`);
  }
}

function parseYaml(text: string, label: string): unknown {
  const doc = parseDocument(text, { merge: true, uniqueKeys: false, prettyErrors: true, strict: false });
  const error = doc.errors[0];
  if (error) {
    const pos = error.linePos?.[0];
    const where = pos ? ` at line ${pos.line}, column ${pos.col}` : "";
    const reason = error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    fail(400, `Invalid YAML${where} in ${label}: ${reason}`);
  }
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    if (/alias/i.test((err as Error).message)) {
      fail(400, `The YAML in ${label} expands too many aliases (a possible "billion laughs" alias bomb) and was refused`);
    }
    fail(400, `Invalid YAML in ${label}: ${(err as Error).message}`);
  }
}

/** Parses JSON or YAML text; fails with 400 (with line and column) or 413 (too large). */
export function parseDescriptionText(text: string, label = "the description"): unknown {
  if (text.length > MAX_DESCRIPTION_BYTES) fail(413, TOO_LARGE_MESSAGE);
  const body = text.replace(/^\uFEFF/, "");
  const trimmed = body.trimStart();
  if (!trimmed) fail(400, `The description is empty (${label})`);
  if (trimmed.startsWith("<")) {
    fail(400, "The document is not an OpenAPI or Swagger description: it looks like HTML or XML");
  }
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return parseJson(body, label);
  return parseYaml(body, label);
}
