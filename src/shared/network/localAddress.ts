/**
 * Which outbound addresses point into the instance's own network. Requests the server makes for
 * users (status checks today) must not reach them unless an administrator allows local requests,
 * as GitLab's `allow_local_requests_from_web_hooks_and_services` does.
 */
export type AddressKind = 'public' | 'localhost' | 'local_network' | 'link_local' | 'limited_broadcast';

/** GitLab's words for each refusal. */
export const BLOCKED_ADDRESS_MESSAGES: Record<Exclude<AddressKind, 'public'>, string> = {
  localhost: 'Requests to localhost are not allowed',
  local_network: 'Requests to the local network are not allowed',
  link_local: 'Requests to the link local network are not allowed',
  limited_broadcast: 'Requests to the limited broadcast address are not allowed',
};

/** Four bytes, or null when the text is not a dotted-quad IPv4 address. */
function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/** Eight 16-bit groups, or null when the text is not an IPv6 address (zone ids are ignored). */
function parseIpv6(text: string): number[] | null {
  let address = text.replace(/%.*$/, '');
  // A trailing dotted quad (`::ffff:127.0.0.1`) stands for the last two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (quad?.[1]) {
    const bytes = parseIpv4(quad[1]);
    if (!bytes) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    address = `${address.slice(0, -quad[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

function classifyIpv4([a = 0, b = 0, c = 0, d = 0]: number[]): AddressKind {
  if (a === 127 || a === 0) return 'localhost';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'local_network';
  if (a === 169 && b === 254) return 'link_local';
  if (a === 255 && b === 255 && c === 255 && d === 255) return 'limited_broadcast';
  return 'public';
}

/** `::ffff:a.b.c.d` reaches the IPv4 address a.b.c.d: its four bytes, or null for any other address. */
function mappedIpv4(groups: number[]): number[] | null {
  const [, , , , , sixth = 0, seventh = 0, eighth = 0] = groups;
  if (!groups.slice(0, 5).every((group) => group === 0) || sixth !== 0xffff) return null;
  return [seventh >> 8, seventh & 0xff, eighth >> 8, eighth & 0xff];
}

function classifyIpv6(groups: number[]): AddressKind {
  const [first = 0, , , , , , , eighth = 0] = groups;
  const mapped = mappedIpv4(groups);
  if (mapped) return classifyIpv4(mapped);
  if (groups.slice(0, 7).every((group) => group === 0) && (eighth === 0 || eighth === 1)) return 'localhost';
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfec0) return 'local_network';
  if ((first & 0xffc0) === 0xfe80) return 'link_local';
  return 'public';
}

/**
 * Where an IP address points: loopback and unspecified addresses are localhost; RFC 1918, unique
 * local and site-local ones the local network; IPv4-mapped IPv6 addresses count as their IPv4 address.
 * Anything that is not an address is `null`.
 */
export function classifyAddress(text: string): AddressKind | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  const v4 = parseIpv4(bare);
  if (v4) return classifyIpv4(v4);
  const v6 = parseIpv6(bare);
  return v6 ? classifyIpv6(v6) : null;
}

/**
 * One spelling per address, so that two can be compared: `a.b.c.d` for IPv4 and IPv4-mapped IPv6
 * addresses, eight lowercase hex groups for other IPv6 ones (zone ids dropped); null for a non-address.
 */
export function canonicalAddress(text: string): string | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  const v6 = parseIpv6(bare);
  const v4 = parseIpv4(bare) ?? (v6 && mappedIpv4(v6));
  if (v4) return v4.join('.');
  return v6 ? v6.map((group) => group.toString(16)).join(':') : null;
}

/** Host names that always mean this machine, whatever a resolver says. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
