// Bench worker: imports the description it is sent, inside workerd, and answers the counts.
import { importDescription } from "../../worker/openapi/import";

export default {
  async fetch(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const text = await req.text();
    if (url.pathname === "/warm") return Response.json({ bytes: text.length });
    try {
      const result = await importDescription({ text, filename: url.searchParams.get("name") ?? "bench" }, { ENVIRONMENT: "development" });
      // Serialise the tools as creating a server does (D1 rows), so their memory counts too.
      const rowsBytes = JSON.stringify(result.tools).length;
      return Response.json({ ok: true, operations: result.operationCount, tools: result.tools.length, issues: result.issues.length, rowsBytes });
    } catch (err) {
      return Response.json({ ok: false, error: (err as Error).message }, { status: 500 });
    }
  },
};
