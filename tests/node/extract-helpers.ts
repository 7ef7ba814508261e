// Extracting a description in tests, and reading its operations and parameters as short strings.
import { extractOpenApi } from "../../worker/crawl/extract/index";

/** The description extracted from one page whose blocks (headings, paragraphs, code blocks) are given in order. */
export const extractPage = (blocks: string[], url = "https://docs.example.org/reference/api") =>
  extractOpenApi([{ url, content: blocks.join("\n\n") }], { sourceUrl: url })!;

const METHODS = ["get", "put", "post", "patch", "delete", "head"];
/** "METHOD /path" of every operation. */
export const endpointsOf = (doc: Record<string, any>) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]: [string, any]) =>
    METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`),
  );
/** "METHOD /path in name" of every parameter, body properties as "body". */
export const parametersOf = (doc: Record<string, any>) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]: [string, any]) =>
    METHODS.filter((m) => item[m]).flatMap((m) => {
      const op = item[m];
      const key = `${m.toUpperCase()} ${path}`;
      const params = (op.parameters ?? []).map((p: any) => `${key} ${p.in} ${p.name}`);
      const body = Object.keys(op.requestBody?.content?.["application/json"]?.schema?.properties ?? {}).map((n) => `${key} body ${n}`);
      return [...params, ...body];
    }),
  );
