// Hosting provider "cloudflare": Workers for Platforms. Uploads the generated modules to a dispatch
// namespace through Cloudflare's REST API; managed secrets travel as a secret_text binding.
import type { Bindings } from "../env";
import { embeddedModules, MAIN_MODULE, runtimeModules, type GeneratedModule } from "../deploy/generate";
import { RUNTIME_MODULES } from "../deploy/runtime-bundle";
import { GENERATED_COMPATIBILITY_DATE, GENERATED_COMPATIBILITY_FLAGS, loaderProvider } from "./loader";
import { readReport } from "../runtime/report";
import { scriptNameOf, type HostingProvider } from "./types";

export const DEFAULT_CLOUDFLARE_API_BASE = "https://api.cloudflare.com/client/v4";

type CloudflareEnvelope = { success: boolean; errors?: { code: number; message: string }[]; result?: { id?: string; etag?: string } };
/** An optional dispatch-namespace binding (add `[[dispatch_namespaces]] binding = "DISPATCHER"` to serve from it). */
type WithDispatcher = Bindings & { DISPATCHER?: { get(name: string): Fetcher } };

function settings(env: Bindings) {
  const { CLOUDFLARE_ACCOUNT_ID: account, CLOUDFLARE_API_TOKEN: token, CLOUDFLARE_DISPATCH_NAMESPACE: namespace } = env;
  if (!account || !token || !namespace) {
    throw new Error("The cloudflare hosting provider needs CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_API_TOKEN and CLOUDFLARE_DISPATCH_NAMESPACE");
  }
  return { account, token, namespace, base: (env.CLOUDFLARE_API_BASE ?? DEFAULT_CLOUDFLARE_API_BASE).replace(/(?<!\/)\/+$/, "") };
}

/** The multipart body of "Upload Worker Module": a metadata part plus one part per module (ES modules and text). */
export function uploadForm(modules: Record<string, GeneratedModule>, secrets: Record<string, string>, tags: string[]): FormData {
  const form = new FormData();
  const metadata = {
    main_module: MAIN_MODULE,
    compatibility_date: GENERATED_COMPATIBILITY_DATE,
    compatibility_flags: GENERATED_COMPATIBILITY_FLAGS,
    bindings: Object.entries(secrets).map(([name, text]) => ({ type: "secret_text", name, text })),
    tags,
  };
  form.append("metadata", new Blob([JSON.stringify(metadata)], { type: "application/json" }), "metadata.json");
  for (const [name, module] of Object.entries(modules)) {
    const [content, type] = "js" in module ? [module.js, "application/javascript+module"] : [module.text, "text/plain"];
    form.append(name, new Blob([content], { type }), name);
  }
  return form;
}

export const cloudflareProvider: HostingProvider = {
  name: "cloudflare",
  async activate(env, server, slug, log, credentials) {
    const cf = settings(env);
    const script = scriptNameOf(slug);
    const creds = await credentials();
    const secrets: Record<string, string> = Object.keys(creds).length > 0 ? { UPSTREAM_CREDENTIALS: JSON.stringify(creds) } : {};
    await log(`Uploading ${script} to the dispatch namespace ${cf.namespace}`);
    const url = `${cf.base}/accounts/${encodeURIComponent(cf.account)}/workers/dispatch/namespaces/${encodeURIComponent(cf.namespace)}/scripts/${encodeURIComponent(script)}`;
    const res = await fetch(url, {
      method: "PUT",
      headers: { authorization: `Bearer ${cf.token}` },
      body: uploadForm({ ...embeddedModules(server), ...runtimeModules(RUNTIME_MODULES) }, secrets, [
        `server:${server.config.serverId}`,
        `deployment:${server.deploymentId}`,
      ]),
      signal: AbortSignal.timeout(60_000),
    }).catch((err: Error) => {
      const why = err.name === "TimeoutError" ? "no answer within 60 s" : err.message;
      throw new Error(`Could not reach Cloudflare's API at ${new URL(cf.base).host}: ${why}`);
    });
    const envelope = (await res.json().catch(() => null)) as CloudflareEnvelope | null;
    if (!res.ok || !envelope?.success) {
      const reason = envelope?.errors?.map((e) => `${e.message} (${e.code})`).join("; ") || `HTTP ${res.status}`;
      throw new Error(`Cloudflare refused the upload: ${reason}`);
    }
    await log(`Uploaded ${script} (etag ${envelope.result?.etag ?? "n/a"})`);
    return {
      cloudflareDeploymentId: envelope.result?.etag ?? envelope.result?.id ?? server.deploymentId,
      cloudflareProjectId: `${cf.namespace}/${script}`,
    };
  },
  async serve(env, deployment, call) {
    const dispatcher = (env as WithDispatcher).DISPATCHER;
    if (dispatcher) return readReport(await dispatcher.get(scriptNameOf(deployment.slug)).fetch(call.forwarded()));
    return loaderProvider.serve(env, deployment, call);
  },
};
