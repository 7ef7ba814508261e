// Hosts that are never an API's own: where documentation of a self-hosted product shows its examples.
import { isInternalHost } from "../../lib/internal-host";

const RESERVED_DOMAINS = ["example.com", "example.org", "example.net"];
const SECOND_LEVEL = new Set(["com", "co", "org", "net", "gov", "edu", "ac", "or", "ne", "go"]);
const STAND_IN_LABELS = new Set(["example", "sample", "subdomain", "mycompany", "myaccount", "mysite", "tenant"]);

/**
 * Whether an origin (`http://localhost:8384`) or a bare host (`example.com`) is one no hosted server
 * could call as the API: an internal address, which every outbound request is refused (loopback, a
 * private network's `192.168.1.20`, link-local …), a domain reserved for examples (RFC 2606), or a
 * placeholder (`IP_ADDRESS`, `your-server`), or a name of one label (`mysite`). The docs then describe an API each user runs at their
 * own address.
 */
export function isInstanceHost(origin: string): boolean {
  if (!origin) return false;
  const at = origin.indexOf("//");
  const authority = (at < 0 ? origin : origin.slice(at + 2)).trim().toLowerCase();
  const host = authority.startsWith("[") ? authority.slice(0, authority.indexOf("]") + 1) : authority.split(":")[0].split("/")[0];
  // Also a name of one label (`http://mysite/rest`, `http://graphite`), which resolves only on the writer's own network.
  if (host && isInternalHost(host)) return true;
  if (RESERVED_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`))) return true;
  // No real host name has `_`, `{`, `<` or `$`; "your…" names the reader's own server.
  if (host.includes("_") || host.includes("{") || host.includes("<") || host.includes("$") || host.startsWith("your")) return true;
  // An account's own subdomain written as a stand-in (`example.harvestapp.com`, `subdomain.zendesk.com`): each user has their own.
  // (Not a domain of its own under a country's second level: `example.com.au`.)
  const labels = host.split(".");
  return labels.length > 2 && STAND_IN_LABELS.has(labels[0]) && !SECOND_LEVEL.has(labels[1]);
}
