// Which hostnames a server may claim as its custom domain: a subdomain of a public registrable domain,
// never an address, an internal name or the portal's own host.
import { parse } from "tldts";
import { fail } from "../lib/errors";
import { isInternalHost } from "../lib/internal-host";

const MAX_HOSTNAME = 253;
const MAX_LABEL = 63;

function labelIsValid(label: string) {
  if (label.length === 0 || label.length > MAX_LABEL || label.startsWith("-") || label.endsWith("-")) return false;
  for (const ch of label) {
    const letterOrDigit = (ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9");
    if (!letterOrDigit && ch !== "-") return false;
  }
  return true;
}

/** The hostname as stored (lower case, no trailing dot), or a 400 saying what is wrong with it. */
export function normalizeHostname(raw: string, portalHost: string | null): string {
  const hostname = raw.trim().toLowerCase().replace(/\.$/, "");
  if (!hostname) fail(400, "Enter a hostname, such as mcp.example.com");
  if (hostname.length > MAX_HOSTNAME) fail(400, `A hostname has at most ${MAX_HOSTNAME} characters`);
  if (hostname.includes("://") || hostname.includes("/"))
    fail(400, "Enter the hostname only (mcp.example.com), without https:// or a path");
  const labels = hostname.split(".");
  if (!labels.every(labelIsValid)) fail(400, `${hostname} is not a valid hostname: use letters, digits and hyphens between dots`);
  const parsed = parse(hostname, { allowPrivateDomains: true });
  if (parsed.isIp || isInternalHost(hostname) || !parsed.domain || !parsed.publicSuffix) {
    fail(400, `${hostname} is not a public hostname: use a name under a domain you own, such as mcp.example.com`);
  }
  if (!parsed.subdomain) fail(400, `Use a subdomain such as mcp.${parsed.domain}: an apex domain cannot point a CNAME record at Toolport`);
  if (portalHost) {
    const portal = portalHost.toLowerCase().split(":")[0];
    if (hostname === portal || hostname.endsWith(`.${portal}`))
      fail(400, `${hostname} belongs to this portal and cannot be a custom domain`);
  }
  return hostname;
}
