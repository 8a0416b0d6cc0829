import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import {
  BLOCKED_ADDRESS_MESSAGES,
  canonicalAddress,
  classifyAddress,
  isLocalhostName,
  type AddressKind,
} from '../../../shared/network/localAddress';

/** Resolves a host name to every address it has (node's `dns.lookup` with `all`, or a test's). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

/** How the server sees the network: how names resolve, and which addresses are its own. */
export type Network = { resolve: Resolve; ownAddresses: () => string[] };

export const systemNetwork: Network = {
  resolve: (hostname) =>
    new Promise((resolve, reject) =>
      dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
    ),
  // Read at every check: interfaces come and go (DHCP leases, VPNs).
  ownAddresses: () =>
    Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((nic) => nic.address)),
};

/** A request refused because its address is on this machine or its local network. */
export class BlockedUrlError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'BlockedUrlError';
  }
}

/**
 * Why these addresses may not be called, or null: one of them is on the local network, or is one of
 * this machine's own (its public address too, which reaches the server as localhost does; GitLab
 * refuses the host's addresses in the same words).
 */
function refusal(addresses: string[], network: Network): string | null {
  const own = new Set(network.ownAddresses().map(canonicalAddress));
  if (addresses.some((address) => own.has(canonicalAddress(address) ?? '')))
    return BLOCKED_ADDRESS_MESSAGES.localhost;
  const blocked = addresses
    .map(classifyAddress)
    .find((kind): kind is Exclude<AddressKind, 'public'> => !!kind && kind !== 'public');
  return blocked ? BLOCKED_ADDRESS_MESSAGES[blocked] : null;
}

const addressesOf = (resolved: LookupAddress[]) => resolved.map((entry) => entry.address);

/** Why a host may not be called without resolving it: a localhost name or a local IP literal. */
function literalRefusal(hostname: string, network: Network): string | null {
  if (isLocalhostName(hostname)) return BLOCKED_ADDRESS_MESSAGES.localhost;
  return classifyAddress(hostname) ? refusal([hostname], network) : null;
}

/**
 * Why a URL may not be called, or null. A host name is resolved and refused when any of its
 * addresses is local; one that does not resolve is let through here (DNS may not know it yet) and
 * is checked again, by the addresses actually connected to, when the request is sent.
 */
export async function urlRefusal(url: string, network: Network): Promise<string | null> {
  const { hostname } = new URL(url);
  const literal = literalRefusal(hostname, network);
  if (literal || classifyAddress(hostname)) return literal;
  const addresses = await network.resolve(hostname).catch(() => []);
  return refusal(addressesOf(addresses), network);
}

/**
 * A `lookup` for node's HTTP clients that refuses local addresses unless they are allowed: the
 * check is made on the very addresses the socket connects to, so a name that resolves differently
 * later (DNS rebinding) cannot slip past a check made earlier.
 */
function guardedLookup(network: Network, allowLocal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    network.resolve(hostname).then(
      (addresses) => {
        const reason = allowLocal ? null : refusal(addressesOf(addresses), network);
        const [first] = addresses;
        if (reason) callback(new BlockedUrlError(reason), '', 0);
        else if (options.all) callback(null, addresses);
        else if (first) callback(null, first.address, first.family);
        else callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

type PostOptions = { allowLocal: boolean; network: Network; timeoutMs: number; userAgent: string };

/**
 * POSTs JSON to a URL outside, answering its status code. Redirects are not followed. Unless local
 * requests are allowed, a local address (literal, by name, or resolved) is refused with BlockedUrlError.
 */
export async function postJson(url: string, body: unknown, options: PostOptions): Promise<number> {
  const target = new URL(url);
  if (!options.allowLocal) {
    const reason = literalRefusal(target.hostname, options.network);
    if (reason) throw new BlockedUrlError(reason);
  }
  const payload = JSON.stringify(body);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'user-agent': options.userAgent,
        },
        timeout: options.timeoutMs,
        lookup: guardedLookup(options.network, options.allowLocal),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${target.host} in time`)));
    request.on('error', reject);
    request.end(payload);
  });
}
