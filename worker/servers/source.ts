// The description a user gives when adding a server: a multipart upload (file) or a URL fetched
// server-side with the SSRF guard, time-out and size cap.
import { z } from "zod";
import { fail } from "../lib/errors";
import { boundaryOf, plainFormParts } from "../lib/multipart";
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

/** An uploaded file: its name, size and text (decoded as UTF-8, as File.text() does). */
class Upload {
  constructor(
    readonly name: string,
    readonly size: number,
    readonly source: () => Promise<Pick<DescriptionSource, "text" | "bytes">>,
  ) {}
}
type FormFields = Record<string, string | Upload>;

/** The text of an uploaded file, with its bytes when they are surely its UTF-8 (nothing replaced, no byte order mark a decoder may drop). */
async function decodedUpload(bytes: Uint8Array): Promise<Pick<DescriptionSource, "text" | "bytes">> {
  const text = await new Blob([bytes]).text();
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bom || text.includes("\uFFFD") ? { text } : { text, bytes };
}

/** The fields of a form body: read in place when it is a plain multipart body, else by FormData. */
async function formFields(req: Request, type: string): Promise<FormFields> {
  const boundary = boundaryOf(type);
  const body = boundary ? new Uint8Array(await req.arrayBuffer().catch(() => fail(400, "Invalid form body"))) : null;
  const parts = body && plainFormParts(body, boundary!);
  if (parts) {
    const decoder = new TextDecoder();
    const fields: FormFields = {};
    for (const { name, filename, body: part } of parts)
      fields[name] = filename === undefined ? decoder.decode(part) : new Upload(filename, part.byteLength, () => decodedUpload(part));
    return fields;
  }
  const form = await (body ? new Response(body, { headers: { "content-type": type } }) : req)
    .formData()
    .catch(() => fail(400, "Invalid form body"));
  const fields: FormFields = {};
  for (const [name, value] of form.entries())
    fields[name] = typeof value === "string" ? value : new Upload(value.name, value.size, async () => ({ text: await value.text() }));
  return fields;
}

/** Reads the create-server request: multipart/urlencoded form or JSON with file or url, name, description. */
export async function readCreateForm(req: Request, env: Pick<Cloudflare.Env, "ENVIRONMENT">): Promise<CreateForm> {
  const type = req.headers.get("content-type") ?? "";
  let raw: Record<string, unknown>;
  if (type.includes("application/json")) raw = (await req.json().catch(() => fail(400, "Invalid JSON body"))) as Record<string, unknown>;
  else if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) raw = await formFields(req, type);
  else fail(400, NO_SOURCE_MESSAGE);
  const file = raw.file;
  const fields = fieldsSchema.safeParse({
    url: typeof raw.url === "string" && raw.url.trim() ? raw.url : undefined,
    name: typeof raw.name === "string" && raw.name.trim() ? raw.name : undefined,
    description: typeof raw.description === "string" && raw.description.trim() ? raw.description : undefined,
  });
  if (!fields.success) fail(400, fields.error.issues[0]?.message ?? "Invalid input");
  const { url, name, description } = fields.data;
  if (file instanceof Upload && file.size > 0) {
    if (!ACCEPTED_FILE.test(file.name)) fail(400, `Unsupported file type "${file.name}": upload a .json, .yaml or .yml file`);
    if (file.size > MAX_DESCRIPTION_BYTES) fail(413, UPLOAD_TOO_LARGE_MESSAGE);
    return { name, description, source: { ...(await file.source()), filename: file.name } };
  }
  if (url) return { name, description, source: await fetchDescription(url, env) };
  fail(400, NO_SOURCE_MESSAGE);
}
