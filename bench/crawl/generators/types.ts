// What a documentation generator answers: the files of one site, the start page first.
export type SiteFile = { path: string; body: string };
export type Json = Record<string, any>;
/** A generator turns a description (and the path of its file on disk) into a site's files. */
export type Generator = (doc: Json, file: string) => Promise<SiteFile[]>;
export const OPERATION_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** Every operation of a description: its path, method and the operation object. */
export function operationsOf(doc: Json): { path: string; method: string; op: Json }[] {
  return Object.entries<Json>(doc.paths ?? {}).flatMap(([path, item]) =>
    OPERATION_METHODS.filter((m) => item?.[m] && typeof item[m] === "object").map((method) => ({ path, method, op: item[method] })),
  );
}

/** A file-name-safe slug of a label. */
export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80) || "page";
