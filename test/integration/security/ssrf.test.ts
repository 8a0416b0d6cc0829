import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlockedUrlError,
  postJson,
  urlRefusal,
  type Network,
} from '../../../src/server/features/status-checks/outbound-request';
import { insertStatusCheck } from '../../../src/server/features/status-checks/status-checks.repo';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { buildMergeRequest } from '../../support/merge-request-factories';
import { createTestApp, type TestApp } from '../../support/test-app';

const LOCALHOST = 'Requests to localhost are not allowed';
const LOCAL_NETWORK = 'Requests to the local network are not allowed';
const LINK_LOCAL = 'Requests to the link local network are not allowed';
const SHARED = 'Requests to the shared address space are not allowed';
const BROADCAST = 'Requests to the limited broadcast address are not allowed';
const SPECIAL = 'Requests to special-purpose addresses are not allowed';

/**
 * Every spelling of an address a status check must not reach, by what it reaches. The first 31
 * were refused before; the rest (carrier-grade NAT and cloud metadata on it, addresses IPv6 carries
 * IPv4 in, multicast, documentation and reserved ranges, numeric IPv4 spellings) were saved.
 */
const CORPUS: Array<[form: string, url: string, reason: string]> = [
  ['localhost', 'http://localhost:8080/check', LOCALHOST],
  ['localhost, capitals and a final dot', 'http://LOCALHOST./check', LOCALHOST],
  ['a localhost subdomain', 'http://api.localhost/check', LOCALHOST],
  ['loopback', 'http://127.0.0.1/check', LOCALHOST],
  ['loopback, elsewhere in 127/8', 'http://127.10.20.30/check', LOCALHOST],
  ['loopback, short', 'http://127.1/check', LOCALHOST],
  ['loopback, hex parts', 'http://0x7f.1/check', LOCALHOST],
  ['IPv6 loopback', 'http://[::1]/check', LOCALHOST],
  ['IPv6 loopback, long', 'http://[0:0:0:0:0:0:0:1]/check', LOCALHOST],
  ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/check', LOCALHOST],
  ['IPv4-mapped loopback, hex', 'http://[::ffff:7f00:1]/check', LOCALHOST],
  ['unspecified', 'http://0.0.0.0/check', LOCALHOST],
  ['IPv6 unspecified', 'http://[::]/check', LOCALHOST],
  ['private 10/8', 'http://10.0.0.5/check', LOCAL_NETWORK],
  ['private 172.16/12', 'http://172.16.0.1/check', LOCAL_NETWORK],
  ['private 172.16/12, its end', 'http://172.31.255.255/check', LOCAL_NETWORK],
  ['private 192.168/16', 'https://192.168.1.20/check', LOCAL_NETWORK],
  ['IPv6 unique local', 'http://[fd00::1]/check', LOCAL_NETWORK],
  ['IPv6 unique local, fc00', 'http://[fc00::1]/check', LOCAL_NETWORK],
  ['IPv6 site-local', 'http://[fec0::1]/check', LOCAL_NETWORK],
  ['IPv4-mapped private', 'http://[::ffff:a00:5]/check', LOCAL_NETWORK],
  ['IPv4-mapped private, dotted', 'http://[::ffff:192.168.0.1]/check', LOCAL_NETWORK],
  ['cloud metadata (link-local)', 'http://169.254.169.254/latest/meta-data', LINK_LOCAL],
  ['link-local', 'http://169.254.0.1/check', LINK_LOCAL],
  ['IPv6 link-local', 'http://[fe80::1]/check', LINK_LOCAL],
  ['IPv4-mapped metadata', 'http://[::ffff:169.254.169.254]/check', LINK_LOCAL],
  ['limited broadcast', 'http://255.255.255.255/check', BROADCAST],
  ['loopback, decimal', 'http://2130706433/check', LOCALHOST],
  ['loopback, octal', 'http://0177.0.0.1/check', LOCALHOST],
  ['loopback, hex', 'http://0x7f000001/check', LOCALHOST],
  ['IPv4-mapped unspecified', 'http://[::ffff:0.0.0.0]/check', LOCALHOST],
  // Saved before:
  ['carrier-grade NAT', 'http://100.64.0.1/', SHARED],
  ['cloud metadata on carrier-grade NAT', 'http://100.100.100.200/latest/meta-data/', SHARED],
  ['carrier-grade NAT, its end', 'http://100.127.255.255/check', SHARED],
  ['IPv4-mapped carrier-grade NAT', 'http://[::ffff:100.64.0.1]/check', SHARED],
  ['metadata, decimal', 'http://2852039166/latest/meta-data', LINK_LOCAL],
  ['metadata, octal', 'http://0251.0376.0251.0376/latest/meta-data', LINK_LOCAL],
  ['metadata, hex', 'http://0xa9fea9fe/latest/meta-data', LINK_LOCAL],
  ['0.0.0.0/8', 'http://0.1.2.3/check', LOCALHOST],
  ['IPv4-translated loopback', 'http://[::ffff:0:7f00:1]/check', LOCALHOST],
  ['6to4 of loopback', 'http://[2002:7f00:1::]/check', LOCALHOST],
  ['6to4 of metadata', 'http://[2002:a9fe:a9fe::1]/check', LINK_LOCAL],
  ['NAT64 of loopback', 'http://[64:ff9b::7f00:1]/check', LOCALHOST],
  ['NAT64 of metadata', 'http://[64:ff9b::169.254.169.254]/check', LINK_LOCAL],
  ['local-use NAT64', 'http://[64:ff9b:1::a00:1]/check', SPECIAL],
  ['Teredo', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/check', SPECIAL],
  ['IPv4-compatible (deprecated) loopback', 'http://[::127.0.0.1]/check', SPECIAL],
  ['multicast', 'http://224.0.0.1/check', SPECIAL],
  ['multicast, SSDP', 'http://239.255.255.250:1900/check', SPECIAL],
  ['IPv6 multicast', 'http://[ff02::1]/check', SPECIAL],
  ['documentation, TEST-NET-1', 'http://192.0.2.1/check', SPECIAL],
  ['documentation, TEST-NET-2', 'http://198.51.100.1/check', SPECIAL],
  ['documentation, TEST-NET-3', 'http://203.0.113.1/check', SPECIAL],
  ['IPv6 documentation', 'http://[2001:db8::1]/check', SPECIAL],
  ['IPv6 documentation, 3fff::/20', 'http://[3fff::1]/check', SPECIAL],
  ['benchmarking', 'http://198.18.0.1/check', SPECIAL],
  ['reserved 240/4', 'http://240.0.0.1/check', SPECIAL],
  ['IETF protocol assignments', 'http://192.0.0.8/check', SPECIAL],
  ['IPv6 outside global unicast', 'http://[4000::1]/check', SPECIAL],
  ['IPv6 discard prefix', 'http://[100::1]/check', SPECIAL],
];

/** A machine with no address of its own beyond loopback, and a resolver that knows `names`. */
const networkWith = (names: Record<string, string>): Network => ({
  resolve: async (hostname) => {
    const address = names[hostname];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  },
  ownAddresses: () => ['127.0.0.1', '::1'],
});

describe('status checks reach only public addresses', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let receiver: Server;
  let port = 0;
  const received: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    receiver = createServer((request, response) => {
      received.push(`${request.headers.host ?? ''}${request.url ?? ''}`);
      request.resume();
      response.writeHead(200).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    receiver.close();
    await t.close();
  });

  const checksUrl = () => `/api/v4/projects/${project.project.id}/external_status_checks`;
  const savedUrls = async () =>
    (await t.app.inject({ url: checksUrl(), headers: owner.headers }))
      .json<Array<{ external_url: string }>>()
      .map((check) => check.external_url);
  const send = (url: string, network: Network, allowLocal = false) =>
    postJson(
      url,
      { object_kind: 'merge_request' },
      { allowLocal, network, timeoutMs: 1000, userAgent: 'test' },
    );

  it.each(CORPUS)('refuses %s (%s) when it is saved: %s', async (_form, url, reason) => {
    const response = await t.app.inject({
      method: 'POST',
      url: checksUrl(),
      headers: owner.headers,
      payload: { name: 'Probe', external_url: url },
    });
    expect(response.json()).toEqual({ message: `External url is blocked: ${reason}` });
    expect(response.statusCode).toBe(400);
    expect(await savedUrls()).toEqual([]);
  });

  it.each(CORPUS)('refuses %s (%s) when it is sent: %s', async (_form, url, reason) => {
    const sending = send(url, networkWith({}));
    await expect(sending).rejects.toBeInstanceOf(BlockedUrlError);
    await expect(sending).rejects.toThrow(reason);
  });

  /** The corpus's addresses behind a host name, as a DNS server under someone else's control answers. */
  const named = CORPUS.filter(([, url]) => !new URL(url).hostname.includes('localhost')).map(
    ([form, url, reason]) => [form, new URL(url).hostname.replace(/^\[(.*)\]$/, '$1'), reason] as const,
  );

  it.each(named)(
    'refuses a host name that resolves to %s (%s), saved or sent',
    async (_form, address, reason) => {
      const network = networkWith({ 'hook.example.test': address });
      expect(await urlRefusal('https://hook.example.test/check', network)).toBe(reason);
      await expect(send('https://hook.example.test/check', network)).rejects.toThrow(reason);
    },
  );

  it('checks the addresses a name has when the request is sent, and connects to those (DNS rebinding)', async () => {
    // Public when the check is saved, this machine when it is sent.
    let answers = 0;
    const rebinding: Network = {
      resolve: async () => {
        answers += 1;
        return [{ address: answers === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
      },
      ownAddresses: () => ['127.0.0.1', '::1'],
    };
    expect(await urlRefusal(`http://rebind.example.test:${port}/check`, rebinding)).toBeNull();
    await expect(send(`http://rebind.example.test:${port}/check`, rebinding)).rejects.toThrow(LOCALHOST);
    expect(received).toEqual([]);
  });

  it('still sends to a local receiver when the instance allows local requests', async () => {
    const network = networkWith({ 'receiver.example.test': '127.0.0.1' });
    expect(await send(`http://receiver.example.test:${port}/check`, network, true)).toBe(200);
    expect(await send(`http://127.0.0.1:${port}/direct`, network, true)).toBe(200);
    expect(received).toEqual([`receiver.example.test:${port}/check`, `127.0.0.1:${port}/direct`]);
    received.length = 0;
  });

  it('fails a check saved before this rule at once, sending nothing, when its merge request asks it', async () => {
    await insertStatusCheck(t.deps.database.db, {
      projectId: project.project.id,
      name: 'Metadata',
      externalUrl: 'http://100.100.100.200/latest/meta-data/',
    });
    const created = await buildMergeRequest(t.container, owner, project);
    await t.container.jobs.drain();
    const checks = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/merge_requests/${created.mergeRequest.iid}/status_checks`,
      headers: owner.headers,
    });
    expect(checks.json()).toEqual([expect.objectContaining({ name: 'Metadata', status: 'failed' })]);
  });

  it('lets public addresses be saved: IPv4, IPv6, and IPv6 that carries a public IPv4', async () => {
    const network = networkWith({ 'public.example.test': '2606:4700:4700::1111' });
    for (const url of [
      'https://8.8.8.8/check',
      'https://[2606:4700:4700::1111]/check',
      'https://[64:ff9b::808:808]/check',
      'https://[2002:808:808::1]/check',
      'https://public.example.test/check',
    ])
      expect(await urlRefusal(url, network), url).toBeNull();
  });
});
