import ipaddr from 'ipaddr.js';

/**
 * Which outbound addresses requests the server makes for users (status checks today) may reach:
 * globally routable unicast addresses only, unless an administrator allows local requests (GitLab's
 * `allow_local_requests_from_web_hooks_and_services`). The ranges come from ipaddr.js, which keeps
 * IANA's special-purpose registries, rather than from a list of our own.
 */
export type AddressKind =
  | 'public'
  | 'localhost'
  | 'local_network'
  | 'link_local'
  | 'shared_address'
  | 'limited_broadcast'
  | 'special_purpose';

/** GitLab's words for each refusal (special-purpose addresses, which GitLab lets through, in ours). */
export const BLOCKED_ADDRESS_MESSAGES: Record<Exclude<AddressKind, 'public'>, string> = {
  localhost: 'Requests to localhost are not allowed',
  local_network: 'Requests to the local network are not allowed',
  link_local: 'Requests to the link local network are not allowed',
  shared_address: 'Requests to the shared address space are not allowed',
  limited_broadcast: 'Requests to the limited broadcast address are not allowed',
  special_purpose: 'Requests to special-purpose addresses are not allowed',
};

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The address a text spells (any IPv4 spelling inet_aton takes, IPv6 with a zone id), or null. */
function parse(text: string): Address | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
}

/** IPv6's global unicast block: anything outside it (and outside the ranges named) is not routed. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix: the last 32 bits are the IPv4 address the gateway connects to. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 address an IPv6 one reaches: IPv4-mapped and -translated (`::ffff:a.b.c.d`,
 * `::ffff:0:a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) and 6to4 (`2002:AABB:CCDD::`); null for others.
 */
function carriedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const [, second = 0, third = 0, , , , seventh = 0, eighth = 0] = address.parts;
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64)) return ipv4Of(seventh, eighth);
  if (range === '6to4') return ipv4Of(second, third);
  return null;
}

function classifyIpv4(address: ipaddr.IPv4): AddressKind {
  switch (address.range()) {
    case 'unicast':
      return 'public';
    case 'loopback':
    case 'unspecified':
      return 'localhost';
    case 'private':
      return 'local_network';
    case 'linkLocal':
      return 'link_local';
    case 'carrierGradeNat':
      return 'shared_address';
    case 'broadcast':
      return 'limited_broadcast';
    default:
      // Multicast, documentation, benchmarking, reserved (240/4), AS112, AMT.
      return 'special_purpose';
  }
}

function classifyIpv6(address: ipaddr.IPv6): AddressKind {
  const carried = carriedIpv4(address);
  if (carried) return classifyIpv4(carried);
  // ipaddr.js's types lag its ranges (no `deprecatedSiteLocal`): compared as the names they are.
  switch (address.range() as string) {
    case 'unicast':
      return address.match(GLOBAL_UNICAST) ? 'public' : 'special_purpose';
    case 'loopback':
    case 'unspecified':
      return 'localhost';
    case 'uniqueLocal':
    case 'deprecatedSiteLocal':
      return 'local_network';
    case 'linkLocal':
      return 'link_local';
    default:
      // Multicast, Teredo (its client address is hidden), local-use NAT64, documentation, ORCHID ...
      return 'special_purpose';
  }
}

/**
 * Where an IP address points: only `public` (globally routable unicast) may be called. Loopback
 * and unspecified addresses are localhost; RFC 1918, unique local and site-local ones the local
 * network; IPv6 addresses that carry an IPv4 one (mapped, NAT64, 6to4) count as that address.
 * Anything that is not an address is `null`.
 */
export function classifyAddress(text: string): AddressKind | null {
  const address = parse(text);
  if (!address) return null;
  return address.kind() === 'ipv4'
    ? classifyIpv4(address as ipaddr.IPv4)
    : classifyIpv6(address as ipaddr.IPv6);
}

/**
 * One spelling per address, so that two can be compared: `a.b.c.d` for IPv4 and IPv4-mapped IPv6
 * addresses, eight lowercase hex groups for other IPv6 ones (zone ids dropped); null for a non-address.
 */
export function canonicalAddress(text: string): string | null {
  const address = parse(text);
  if (!address) return null;
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return v6.parts.map((group) => group.toString(16)).join(':');
}

/** Host names that always mean this machine, whatever a resolver says. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
