// Outbound fetches of user-given URLs: internal addresses refused outside local development,
// redirects re-checked hop by hop, a time-out, and a cap on the body size.
import { isLocalDev } from "../env";
import { readTextWithin } from "./body";
import { fail } from "./errors";

const INTERNAL_HOSTNAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

function ipv4Parts(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const nums = parts.map(Number);
  return nums.every((n) => n <= 255) ? nums : null;
}

function isInternalIpv4([a, b]: number[]) {
  return (
    a === 0 || a === 10 || a === 127 || a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) ||
    (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19))
  );
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail allowed), or null when malformed. */
function ipv6Groups(host: string): number[] | null {
  let text = host.toLowerCase();
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = ipv4Parts(dotted[2]);
    if (!v4) return null;
    text = `${dotted[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part ? part.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)) : []);
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.some(Number.isNaN) ? null : groups;
}

const embeddedIpv4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];

function isInternalIpv6(host: string) {
  const g = ipv6Groups(host);
  if (!g) return true; // unparseable: refuse rather than guess
  const [a, b] = g;
  const zeroUntil = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUntil(7) && g[7] <= 1) return true; // :: and ::1
  if ((a & 0xfe00) === 0xfc00 || (a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0 || (a & 0xff00) === 0xff00) return true;
  if (a === 0x0100 && zeroUntil(4)) return true; // discard prefix 100::/64
  if (a === 0x2001 && (b === 0 || b === 0x0db8)) return true; // Teredo tunnels and documentation
  if (a === 0x0064 && b === 0xff9b && g[2] === 1) return true; // local-use NAT64
  // IPv4-mapped, IPv4-compatible and NAT64 addresses carry an IPv4 address in the last 32 bits; 6to4 in bits 16-47.
  if ((zeroUntil(5) && (g[5] === 0xffff || g[5] === 0)) || (a === 0x0064 && b === 0xff9b && g.slice(2, 6).every((x) => x === 0))) {
    return isInternalIpv4(embeddedIpv4(g[6], g[7]));
  }
  if (a === 0x2002) return isInternalIpv4(embeddedIpv4(g[1], g[2]));
  return false;
}

/** Whether a URL's host is loopback, private, link-local, metadata or otherwise internal. */
export function isInternalHost(hostname: string): boolean {
  // WHATWG URL parsing has already turned decimal, hex and octal IPv4 forms into dotted quads.
  const host = hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (!host.includes(".") && !host.includes(":")) return true;
  if (INTERNAL_HOSTNAMES.test(host)) return true;
  const v4 = ipv4Parts(host);
  if (v4) return isInternalIpv4(v4);
  if (host.includes(":")) return isInternalIpv6(host);
  return false;
}

/** Parses a user-given URL, refusing other schemes and (outside local development) internal hosts. */
export function checkPublicUrl(raw: string, env: Pick<Env, "ENVIRONMENT">): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail(400, `Invalid URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") fail(400, "Only http and https URLs are supported");
  if (url.username || url.password) fail(400, "URLs with credentials are not supported");
  if (!isLocalDev(env) && isInternalHost(url.hostname)) {
    fail(400, `The URL points at an internal address (${url.hostname}), which Toolport does not fetch`);
  }
  return url;
}

export type SafeFetchOptions = { timeoutMs?: number; maxBytes?: number; maxRedirects?: number; headers?: HeadersInit };
export type FetchedBody = { url: string; status: number; contentType: string; text: string };

/** Fetches a user-given URL as text with every guard on; throws ApiError with a clear message on failure. */
export async function safeFetchText(raw: string, env: Pick<Env, "ENVIRONMENT">, options: SafeFetchOptions = {}): Promise<FetchedBody> {
  const { timeoutMs = 15_000, maxBytes = 10 * 1024 * 1024, maxRedirects = 5, headers } = options;
  let url = checkPublicUrl(raw, env);
  const signal = AbortSignal.timeout(timeoutMs);
  for (let hop = 0; ; hop++) {
    let res: Response;
    try {
      res = await fetch(url, { redirect: "manual", signal, headers: { "user-agent": "Toolport/1.0", ...headers } });
    } catch (err) {
      const reason = (err as Error).name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : (err as Error).message;
      fail(502, `URL not reachable: ${url.href} (${reason})`);
    }
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      if (hop >= maxRedirects) fail(502, `URL not reachable: too many redirects from ${raw}`);
      url = checkPublicUrl(new URL(location, url).href, env);
      continue;
    }
    const declared = Number(res.headers.get("content-length") ?? 0);
    if (declared > maxBytes) fail(413, `The document is larger than the ${maxBytes / 1024 / 1024} MB limit`);
    const text = await readCapped(res, maxBytes);
    return { url: url.href, status: res.status, contentType: res.headers.get("content-type") ?? "", text };
  }
}

async function readCapped(res: Response, maxBytes: number) {
  const text = await readTextWithin(res.body, maxBytes);
  if (text === null) fail(413, `The document is larger than the ${maxBytes / 1024 / 1024} MB limit`);
  return text;
}
