// Imports a large JSON description read twice from storage: the first pass keeps everything but the
// paths (components, servers, info …) and counts the path items, the second converts the path items
// in small groups and hands their tools over as it goes, so memory holds the components, the
// converted schemas they share and one group of tools, never the whole description.
import { upgradeFromTwoToThree } from "@scalar/openapi-upgrader/2.0-to-3.0";
import { fail } from "../lib/errors";
import { describeDocument, type ImportCounts, OperationConverter } from "./import";
import { JsonStreamError, walkDescription } from "./json-stream";
import { checkVersion, type OpenApiDocument, UPLOAD_ROOT } from "./load";
import type { ImportIssue, ToolDefinition } from "./types";

/** Where the description's bytes come from: opened once per pass. */
export type StreamedSource = { open: () => Promise<ReadableStream<Uint8Array>>; sourceUrl?: string | null; filename?: string | null };
export type StreamProgress = { pathItems: number; totalPathItems: number; operations: number; tools: number };
export type StreamedImport = ReturnType<typeof describeDocument> & {
  counts: ImportCounts;
  issues: ImportIssue[];
  document: OpenApiDocument;
};

/** Path items converted together (and upgraded together for Swagger 2.0). */
const GROUP_SIZE = 50;
/** Swagger 2.0 members a path item's upgrade needs beside the item itself. */
const SWAGGER_CONTEXT = ["consumes", "produces", "parameters", "responses"] as const;

const notJson = (err: unknown): never => {
  if (err instanceof JsonStreamError) {
    const yamlHint = /not a JSON object/.test(err.message)
      ? ": descriptions this large are imported from JSON (convert the YAML to JSON first)"
      : "";
    fail(400, `${err.message}${yamlHint}`);
  }
  throw err;
};

/** Reads everything but the paths; counts the path items. */
async function readHead(source: StreamedSource) {
  const head: OpenApiDocument = {};
  const { pathItems } = await walkDescription(await source.open(), {
    wantMember: (key) => key !== "paths",
    wantPathItems: false,
    onMember: (key, value) => {
      head[key] = value;
    },
  }).catch(notJson);
  return { head, totalPathItems: pathItems };
}

export type StreamHandlers = {
  /** The description's facts, known after the first pass (before any tool). */
  onHead?: (facts: ReturnType<typeof describeDocument> & { document: OpenApiDocument; totalPathItems: number }) => Promise<void>;
  /** Each group of tools, in document order. */
  onTools: (tools: ToolDefinition[]) => Promise<void>;
  /** After each group. */
  onProgress?: (progress: StreamProgress) => Promise<void>;
};

/**
 * Imports the description of `source` (JSON), handing over its facts, then its tools group by group,
 * then answering the facts and the exact report.
 */
export async function importStreamed(source: StreamedSource, { onHead, onTools, onProgress }: StreamHandlers): Promise<StreamedImport> {
  const { head, totalPathItems } = await readHead(source);
  const originalVersion = checkVersion({ ...head, paths: {} });
  if (totalPathItems === 0 && !head.webhooks && !head.components)
    fail(400, "The description has no 'paths': there are no operations to import");
  // Swagger 2.0: the head is upgraded once; each group of path items with a copy of what its refs need.
  const swagger =
    originalVersion === "2.0"
      ? structuredClone(Object.fromEntries(SWAGGER_CONTEXT.filter((k) => k in head).map((k) => [k, head[k]])))
      : null;
  const document = (swagger ? upgradeFromTwoToThree({ ...head, paths: {} }) : head) as OpenApiDocument;
  const rootUrl = source.sourceUrl ?? UPLOAD_ROOT;
  const converter = new OperationConverter({ document, files: new Map([[rootUrl, document]]), rootUrl, unresolved: [] });
  const facts = describeDocument({ document, rootUrl, originalVersion });
  await onHead?.({ ...facts, document, totalPathItems });
  let group: [string, unknown][] = [];
  let pathItems = 0;
  const flush = async () => {
    let items = group;
    group = [];
    if (swagger) {
      const upgraded = upgradeFromTwoToThree({
        swagger: "2.0",
        info: { title: "", version: "" },
        ...structuredClone(swagger),
        definitions: {},
        paths: Object.fromEntries(items),
      }) as OpenApiDocument;
      items = Object.entries(upgraded.paths ?? {});
    }
    const tools: ToolDefinition[] = [];
    for (const [path, item] of items) for (const tool of converter.convertPathItem(path, item)) tools.push(tool);
    pathItems += items.length;
    if (tools.length) await onTools(tools);
    await onProgress?.({ pathItems, totalPathItems, ...converter.counts });
  };
  await walkDescription(await source.open(), {
    wantMember: () => false,
    wantPathItems: true,
    onPathItem: async (path, item) => {
      group.push([path, item]);
      if (group.length >= GROUP_SIZE) await flush();
    },
  }).catch(notJson);
  await flush();
  return { ...facts, counts: converter.counts, issues: converter.report.issues, document };
}
