// Bench worker: imports the description it is sent (in the request, as POST /api/servers does) or the
// one stored in R2 (streamed twice, as an import job does; a request with over 5,000 operations
// hands its text over to R2 first, as POST /api/servers does), inside workerd, and answers the counts.
import { countOperations, MAX_IN_REQUEST_OPERATIONS } from "../../worker/imports/handoff";
import { buildImport } from "../../worker/openapi/import";
import { importStreamed } from "../../worker/openapi/import-stream";
import { loadDescription } from "../../worker/openapi/load";

type BenchEnv = { UPLOADS: R2Bucket };

const fromR2 = async (env: BenchEnv, key: string) => {
  let rowsBytes = 0;
  const result = await importStreamed(
    {
      open: async () => {
        const object = await env.UPLOADS.get(key);
        if (!object) throw new Error(`${key} is not stored`);
        return object.body;
      },
      filename: key,
    },
    // Serialise each group of tools as the job writes them (D1 rows), then let it go.
    { onTools: async (tools) => void (rowsBytes += JSON.stringify(tools).length) },
  );
  return { ...result.counts, issues: result.issues.length, rowsBytes };
};

export default {
  async fetch(req: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(req.url);
    try {
      if (url.pathname === "/import-r2")
        return Response.json({ ok: true, path: "R2 job", ...(await fromR2(env, url.searchParams.get("key")!)) });
      const text = await req.text();
      if (url.pathname === "/warm") return Response.json({ bytes: text.length });
      const loaded = await loadDescription({ text, filename: url.searchParams.get("name") ?? "bench" }, { ENVIRONMENT: "development" });
      if (countOperations(loaded.document) > MAX_IN_REQUEST_OPERATIONS) {
        // As POST /api/servers does: the text goes to R2, and a job (the next request) imports it.
        await env.UPLOADS.put("handoff", text);
        return Response.json({ ok: true, handoff: "handoff" });
      }
      const result = buildImport(loaded);
      const rowsBytes = JSON.stringify(result.tools).length;
      return Response.json({ ok: true, path: "request", ...result.counts, issues: result.issues.length, rowsBytes });
    } catch (err) {
      return Response.json({ ok: false, error: (err as Error).message }, { status: 500 });
    }
  },
};
