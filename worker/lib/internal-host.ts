// Whether a host is internal (loopback, private, link-local, metadata …, or a public name that stands
// for such an address): the rule every outbound request of the portal and of generated servers is checked against.
import ipaddr from "ipaddr.js";

const INTERNAL_HOSTNAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Public names that resolve to internal addresses by design, refused with every name under them:
 * services that answer with the address written in the name (10.0.0.1.nip.io, 127-0-0-1.sslip.io,
 * 7f000001.c0a80001.rbndr.us, which alternates two addresses), and domains whose every name is
 * loopback (lvh.me, localtest.me). The guard judges names, not the addresses DNS gives for them.
 */
const INTERNAL_ADDRESS_NAMES = new Set([
  // the address is written in the name
  "nip.io",
  "sslip.io",
  "xip.io",
  "xip.name",
  "traefik.me",
  "rbndr.us",
  "1u.ms",
  // loopback for the name and everything under it
  "localtest.me",
  "lvh.me",
  "vcap.me",
  "localho.st",
  "lacolhost.com",
  "local.gd",
  "fuf.me",
  "smackaho.st",
  "ddev.site",
  "127-0-0-1.org.uk",
  "localhost.tv",
  "localhst.co.uk",
]);

/** Whether `host` or a name it is under is one of INTERNAL_ADDRESS_NAMES: one set look-up per label. */
function isInternalAddressName(host: string) {
  for (let name = host; ;) {
    if (INTERNAL_ADDRESS_NAMES.has(name)) return true;
    const dot = name.indexOf(".");
    if (dot < 0) return false;
    name = name.slice(dot + 1);
  }
}

/** IPv6 ranges whose last 32 bits are an IPv4 address (IPv4-mapped, IPv4-translated, NAT64). */
const EMBEDDING_RANGES = new Set(["ipv4Mapped", "rfc6145"]);
const NAT64_PREFIX = ipaddr.parseCIDR("64:ff9b::/96");

const embeddedIpv4 = (parts: number[]) => new ipaddr.IPv4([parts[0] >> 8, parts[0] & 255, parts[1] >> 8, parts[1] & 255]);

/** Only ordinary unicast addresses are public: loopback, private, link-local, CGNAT, reserved, multicast … are not. */
const isInternalIpv4 = (address: ipaddr.IPv4) => address.range() !== "unicast";

function isInternalIpv6(address: ipaddr.IPv6) {
  const parts = address.parts;
  const range = address.range();
  if (EMBEDDING_RANGES.has(range) || address.match(NAT64_PREFIX)) return isInternalIpv4(embeddedIpv4(parts.slice(6)));
  if (range === "6to4") return isInternalIpv4(embeddedIpv4(parts.slice(1, 3)));
  // Every other special range (local-use NAT64 64:ff9b:1::/48, Teredo, discard 100::/64, documentation …) is refused.
  if (range !== "unicast") return true;
  // IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks): the first 96 bits are zero.
  if (parts.slice(0, 6).every((p) => p === 0)) return isInternalIpv4(embeddedIpv4(parts.slice(6)));
  return false;
}

/** Whether a URL's host is loopback, private, link-local, metadata, a public name for one of those, or otherwise internal. */
export function isInternalHost(hostname: string): boolean {
  // WHATWG URL parsing has already turned decimal, hex and octal IPv4 forms into dotted quads.
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (!host.includes(".") && !host.includes(":")) return true;
  if (INTERNAL_HOSTNAMES.test(host) || isInternalAddressName(host)) return true;
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return isInternalIpv4(ipaddr.IPv4.parse(host));
  if (host.includes(":")) return !ipaddr.IPv6.isValid(host) || isInternalIpv6(ipaddr.IPv6.parse(host)); // unparseable: refuse
  return false;
}
