// Imports one description under Node with the V8 heap capped (node --max-old-space-size=N): the same
// import code and the same V8 engine as inside workerd, where a Worker's isolate has 128 MB. Files
// over 16 MB take the import job's path (streamed twice from a file instead of R2).
import { createReadStream, readFileSync, statSync } from "node:fs";
import { Readable } from "node:stream";
import { countOperations, MAX_IN_REQUEST_JSON_BYTES, MAX_IN_REQUEST_OPERATIONS } from "../../worker/imports/handoff";
import { buildImport } from "../../worker/openapi/import";
import { loadDescription } from "../../worker/openapi/load";
import { importStreamed } from "../../worker/openapi/import-stream";
import { MAX_DESCRIPTION_BYTES } from "../../worker/openapi/parse";

const [file, name] = process.argv.slice(2);
/** The job's path: the description read twice from the file (R2 in the portal). */
async function streamed() {
  const open = async () => Readable.toWeb(createReadStream(file!, { highWaterMark: 64 * 1024 })) as ReadableStream<Uint8Array>;
  let tools = 0;
  await importStreamed(
    { open, filename: name ?? file! },
    { onTools: async (group) => void (tools += JSON.stringify(group).length && group.length) },
  );
  console.log(JSON.stringify({ tools }));
}

if (statSync(file!).size > Math.min(MAX_DESCRIPTION_BYTES, MAX_IN_REQUEST_JSON_BYTES)) await streamed();
else {
  let loaded: Awaited<ReturnType<typeof loadDescription>> | null = await loadDescription(
    { text: readFileSync(file!, "utf8"), filename: name ?? file! },
    { ENVIRONMENT: "development" },
  );
  if (countOperations(loaded.document) > MAX_IN_REQUEST_OPERATIONS) {
    // Handed over to a job, which runs in an isolate of its own: the request's memory is let go first.
    loaded = null;
    await streamed();
  } else {
    const result = buildImport(loaded);
    JSON.stringify(result.tools);
    console.log(JSON.stringify({ tools: result.tools.length }));
  }
}
