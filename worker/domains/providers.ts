// Who makes a custom hostname reachable: Cloudflare for SaaS (a Custom Hostname on the portal's zone,
// certificate included) or, in local development only, a provider that marks it active at once.
import { isLocalDev, type Bindings } from "../env";
import type { CustomDomainStatus, DnsRecord } from "../db/schema";
import { DEFAULT_CLOUDFLARE_API_BASE } from "../hosting/cloudflare";

/** What the provider says of a hostname. */
export type HostnameState = {
  providerId: string | null;
  status: CustomDomainStatus;
  failureReason: string | null;
  dnsRecords: DnsRecord[];
};

export type DomainProvider = {
  name: "cloudflare" | "local";
  create(hostname: string): Promise<HostnameState>;
  check(providerId: string | null, hostname: string): Promise<HostnameState>;
  remove(providerId: string | null): Promise<void>;
};

export const NOT_CONFIGURED =
  "Custom domains are not configured on this portal: its operator sets CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN (see the README)";

/** The host MCP clients' CNAME records point at: CUSTOM_DOMAIN_TARGET, else the portal's public host. */
export function cnameTarget(env: Bindings, requestUrl: string) {
  if (env.CUSTOM_DOMAIN_TARGET) return env.CUSTOM_DOMAIN_TARGET;
  return new URL(env.PUBLIC_URL ?? requestUrl).hostname;
}

const cnameRecord = (hostname: string, target: string): DnsRecord => ({
  type: "CNAME",
  name: hostname,
  value: target,
  purpose: "Routes the hostname to Toolport",
});

/** The provider this portal uses, or null when none is configured (custom domains are then refused). */
export function domainProvider(env: Bindings, requestUrl: string): DomainProvider | null {
  const target = cnameTarget(env, requestUrl);
  if (env.CLOUDFLARE_ZONE_ID && env.CLOUDFLARE_API_TOKEN)
    return cloudflareSaas(env.CLOUDFLARE_ZONE_ID, env.CLOUDFLARE_API_TOKEN, env.CLOUDFLARE_API_BASE, target);
  // Only an explicit development setting gets the provider that needs no DNS at all (fail closed).
  if (isLocalDev(env)) return localProvider(target);
  return null;
}

function localProvider(target: string): DomainProvider {
  const active = (hostname: string): HostnameState => ({
    providerId: null,
    status: "active",
    failureReason: null,
    dnsRecords: [cnameRecord(hostname, target)],
  });
  return { name: "local", create: async (h) => active(h), check: async (_id, h) => active(h), remove: async () => {} };
}

type CustomHostname = {
  id: string;
  hostname: string;
  status?: string;
  verification_errors?: string[];
  ownership_verification?: { type?: string; name?: string; value?: string };
  ssl?: { status?: string; validation_records?: { txt_name?: string; txt_value?: string }[]; validation_errors?: { message?: string }[] };
};
type Envelope = { success: boolean; errors?: { code: number; message: string }[]; result?: CustomHostname };

const FAILED_HOSTNAME = new Set(["blocked", "moved", "deleted", "test_failed"]);
const FAILED_SSL = new Set([
  "validation_timed_out",
  "issuance_timed_out",
  "deployment_timed_out",
  "deletion_timed_out",
  "expired",
  "deleted",
]);

/** Our view of a Cloudflare Custom Hostname: active once both the hostname and its certificate are. */
export function stateOf(result: CustomHostname, target: string): HostnameState {
  const records = [cnameRecord(result.hostname, target)];
  const own = result.ownership_verification;
  if (own?.name && own.value) records.push({ type: "TXT", name: own.name, value: own.value, purpose: "Proves you own the hostname" });
  for (const r of result.ssl?.validation_records ?? []) {
    if (r.txt_name && r.txt_value)
      records.push({ type: "TXT", name: r.txt_name, value: r.txt_value, purpose: "Validates the TLS certificate" });
  }
  const errors = [...(result.verification_errors ?? []), ...(result.ssl?.validation_errors ?? []).map((e) => e.message ?? "")].filter(
    Boolean,
  );
  const hostStatus = result.status ?? "pending";
  const sslStatus = result.ssl?.status ?? "pending";
  let status: CustomDomainStatus = "pending";
  if (hostStatus === "active" && sslStatus === "active") status = "active";
  else if (FAILED_HOSTNAME.has(hostStatus) || FAILED_SSL.has(sslStatus)) status = "failed";
  const failureReason =
    status === "failed" ? errors.join("; ") || `Cloudflare reports the hostname ${hostStatus} and its certificate ${sslStatus}` : null;
  return { providerId: result.id, status, failureReason, dnsRecords: records };
}

function cloudflareSaas(zone: string, token: string, base: string | undefined, target: string): DomainProvider {
  const root = `${(base ?? DEFAULT_CLOUDFLARE_API_BASE).replace(/(?<!\/)\/+$/, "")}/zones/${encodeURIComponent(zone)}/custom_hostnames`;
  async function call(method: string, path: string, body?: unknown): Promise<Envelope & { status: number }> {
    const res = await fetch(`${root}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    }).catch((err: Error) => {
      throw new Error(`Could not reach Cloudflare's API: ${err.name === "TimeoutError" ? "no answer within 15 s" : err.message}`);
    });
    const envelope = ((await res.json().catch(() => null)) ?? { success: false }) as Envelope;
    return { ...envelope, status: res.status };
  }
  const refused = (what: string, e: Envelope & { status: number }) =>
    new Error(`Cloudflare refused to ${what}: ${e.errors?.map((x) => `${x.message} (${x.code})`).join("; ") || `HTTP ${e.status}`}`);
  return {
    name: "cloudflare",
    async create(hostname) {
      const e = await call("POST", "", { hostname, ssl: { method: "http", type: "dv" } });
      if (!e.success || !e.result) throw refused(`add ${hostname}`, e);
      return stateOf(e.result, target);
    },
    async check(providerId, hostname) {
      if (!providerId) throw new Error(`${hostname} has no Cloudflare custom hostname id`);
      const e = await call("GET", `/${encodeURIComponent(providerId)}`);
      if (e.status === 404)
        return {
          providerId,
          status: "failed",
          failureReason: "Cloudflare no longer has this custom hostname: remove it and add it again",
          dnsRecords: [],
        };
      if (!e.success || !e.result) throw refused(`report on ${hostname}`, e);
      return stateOf(e.result, target);
    },
    async remove(providerId) {
      if (!providerId) return;
      const e = await call("DELETE", `/${encodeURIComponent(providerId)}`);
      if (!e.success && e.status !== 404) throw refused("remove the custom hostname", e);
    },
  };
}
