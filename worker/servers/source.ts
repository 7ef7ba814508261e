// The description a user gives when adding a server: a multipart upload (file) or a URL fetched
// server-side with the SSRF guard, time-out and size cap.
import { z } from "zod";
import { fail } from "../lib/errors";
import { safeFetchText } from "../lib/safe-fetch";
import type { DescriptionSource } from "../openapi/load";
import { MAX_DESCRIPTION_BYTES, TOO_LARGE_MESSAGE } from "../openapi/parse";

/** Request bodies of POST /api/servers may carry a description this large plus form overhead. */
export const UPLOAD_BODY_LIMIT = MAX_DESCRIPTION_BYTES + 64 * 1024;
/** The refusal of an upload past the form's limit, naming where larger descriptions go. */
export const UPLOAD_TOO_LARGE_MESSAGE = `${TOO_LARGE_MESSAGE} of a form upload; a JSON description of up to 100 MB can be imported as a new server by sending it as the body of POST /api/imports`;
const ACCEPTED_FILE = /\.(json|ya?ml)$/i;
export const NO_SOURCE_MESSAGE = "Provide an OpenAPI description: upload a .json, .yaml or .yml file or give its URL";

/** The text fields of the create-server form (the file is checked separately). */
export const fieldsSchema = z.object({
  url: z.string().trim().max(2048).optional(),
  name: z.string().trim().max(200, "name: at most 200 characters").optional(),
  description: z.string().trim().max(2000, "description: at most 2000 characters").optional(),
});

export type CreateForm = { name?: string; description?: string; source: DescriptionSource };

/** Fetches a description URL; a non-2xx answer is refused as not reachable. */
export async function fetchDescription(url: string, env: Pick<Cloudflare.Env, "ENVIRONMENT">): Promise<DescriptionSource> {
  const res = await safeFetchText(url, env, {
    maxBytes: MAX_DESCRIPTION_BYTES,
    headers: { accept: "application/json, application/yaml, text/yaml, */*" },
  });
  if (res.status < 200 || res.status >= 300) fail(502, `URL not reachable: ${res.url} answered HTTP ${res.status}`);
  return { text: res.text, sourceUrl: res.url };
}

/** Reads the create-server request: multipart/urlencoded form or JSON with file or url, name, description. */
export async function readCreateForm(req: Request, env: Pick<Cloudflare.Env, "ENVIRONMENT">): Promise<CreateForm> {
  const type = req.headers.get("content-type") ?? "";
  let raw: Record<string, unknown>;
  if (type.includes("application/json")) raw = (await req.json().catch(() => fail(400, "Invalid JSON body"))) as Record<string, unknown>;
  else if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    raw = Object.fromEntries((await req.formData().catch(() => fail(400, "Invalid form body"))).entries());
  } else fail(400, NO_SOURCE_MESSAGE);
  const file = raw.file;
  const fields = fieldsSchema.safeParse({
    url: typeof raw.url === "string" && raw.url.trim() ? raw.url : undefined,
    name: typeof raw.name === "string" && raw.name.trim() ? raw.name : undefined,
    description: typeof raw.description === "string" && raw.description.trim() ? raw.description : undefined,
  });
  if (!fields.success) fail(400, fields.error.issues[0]?.message ?? "Invalid input");
  const { url, name, description } = fields.data;
  if (file instanceof File && file.size > 0) {
    if (!ACCEPTED_FILE.test(file.name)) fail(400, `Unsupported file type "${file.name}": upload a .json, .yaml or .yml file`);
    if (file.size > MAX_DESCRIPTION_BYTES) fail(413, UPLOAD_TOO_LARGE_MESSAGE);
    const [text, bytes] = await Promise.all([file.text(), file.arrayBuffer()]);
    return { name, description, source: { text, bytes: new Uint8Array(bytes), filename: file.name } };
  }
  if (url) return { name, description, source: await fetchDescription(url, env) };
  fail(400, NO_SOURCE_MESSAGE);
}
