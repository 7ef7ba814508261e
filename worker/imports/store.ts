// Keeps a large description in R2 while it is imported: the bytes are streamed in equal parts of an
// R2 multipart upload, so neither the request nor the isolate ever holds more than one part.
import { fail } from "../lib/errors";
import { LARGE_TOO_LARGE_MESSAGE, MAX_LARGE_DESCRIPTION_BYTES } from "../lib/messages";

/** Largest description imported (uploaded or fetched), and its refusal: shared with the SPA. */
export { LARGE_TOO_LARGE_MESSAGE, MAX_LARGE_DESCRIPTION_BYTES };
/** R2 wants every part but the last of one size, at least 5 MiB. */
const PART_BYTES = 8 * 1024 * 1024;

/** R2 key of an import job's description. */
export const importObjectKey = (jobId: string) => `imports/${jobId}`;

/**
 * Streams `body` into R2 under `key`, refusing (413, nothing kept) as soon as it passes `maxBytes`;
 * answers the size in bytes.
 */
export async function storeStream(
  bucket: R2Bucket,
  key: string,
  body: ReadableStream<Uint8Array>,
  maxBytes = MAX_LARGE_DESCRIPTION_BYTES,
): Promise<number> {
  const upload = await bucket.createMultipartUpload(key);
  const parts: R2UploadedPart[] = [];
  const reader = body.getReader();
  let part = new Uint8Array(PART_BYTES);
  let filled = 0;
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        fail(
          413,
          maxBytes === MAX_LARGE_DESCRIPTION_BYTES ? LARGE_TOO_LARGE_MESSAGE : `The description is larger than the ${maxBytes} bytes limit`,
        );
      }
      for (let offset = 0; offset < value.byteLength;) {
        const take = Math.min(PART_BYTES - filled, value.byteLength - offset);
        part.set(value.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === PART_BYTES) {
          parts.push(await upload.uploadPart(parts.length + 1, part));
          part = new Uint8Array(PART_BYTES);
          filled = 0;
        }
      }
    }
    if (filled > 0 || parts.length === 0) parts.push(await upload.uploadPart(parts.length + 1, part.subarray(0, filled)));
    await upload.complete(parts);
    return size;
  } catch (err) {
    await upload.abort().catch(() => {});
    throw err;
  }
}

/** Opens the stored description for one reading pass. */
export async function openStored(bucket: R2Bucket, key: string): Promise<ReadableStream<Uint8Array>> {
  const object = await bucket.get(key);
  if (!object) throw new Error("the uploaded description is no longer stored");
  return object.body;
}
