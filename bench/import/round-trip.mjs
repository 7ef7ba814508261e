// The GitHub import round trip as a user meets it: its description (10 MB, 1,223 operations) uploaded
// to POST /api/servers of a local portal (both Workers under `wrangler dev`, as `npm run dev` serves
// them) until the answer names the new server with its tools. The first upload warms the portal's
// isolate and is not counted; each server is deleted after its run.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { api, signedUp, withLocalPortal } from "../../scripts/local-portal.mjs";

const require = createRequire(import.meta.url);
const GITHUB = require.resolve("@octokit/openapi/generated/api.github.com.json");

/** Median and each run's time (ms) of `runs` GitHub imports through the portal. */
export async function githubRoundTrip(runs = 5) {
  const text = readFileSync(GITHUB, "utf8");
  return withLocalPortal(async (origin) => {
    const cookie = await signedUp(origin, "growth");
    const times = [];
    for (let i = 0; i <= runs; i++) {
      const form = new FormData();
      form.append("file", new Blob([text], { type: "application/json" }), "api.github.com.json");
      form.append("name", `GitHub ${i}`);
      const started = performance.now();
      const { body } = await api(origin, "/api/servers", { cookie, form });
      const ms = performance.now() - started;
      const tools = body.data.importReport?.tools;
      if (!(tools >= 1_223) || body.data.activeToolCount !== tools)
        throw new Error(`The import answered ${tools} tools: ${JSON.stringify(body.data).slice(0, 300)}`);
      if (i > 0) times.push(ms);
      await api(origin, `/api/servers/${body.data.id}`, { cookie, method: "DELETE" });
    }
    return { median: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)], times };
  });
}
