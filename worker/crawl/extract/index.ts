// The default extractor: crawled Markdown → an OpenAPI 3.1 description, no outside service needed.
import { type Page, readEndpoints } from "./endpoints";
import { buildDocument } from "./openapi";

export type { Page } from "./endpoints";
export type OpenApiDraft = NonNullable<ReturnType<typeof buildDocument>>;

/** Extracts a description from pages of Markdown; null when nothing API-like was found. */
export function extractOpenApi(pages: Page[], meta: { title?: string | null; sourceUrl: string }): OpenApiDraft | null {
  const { drafts, hints } = readEndpoints(pages);
  const title = meta.title?.split(/\s[·|–-]\s/).at(-1)?.trim() || new URL(meta.sourceUrl).hostname;
  return buildDocument(drafts, hints, { title, sourceUrl: meta.sourceUrl });
}
