import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedUrlError, postJson, urlRefusal, type Network, type Resolve } from './outbound-request';

/** A resolver that knows a few names, as a DNS server under someone else's control would. */
const fakeDns =
  (names: Record<string, string>): Resolve =>
  async (hostname) => {
    const address = names[hostname];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

describe('outbound requests to local addresses', () => {
  let server: Server;
  let port = 0;
  const received: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(request.headers.host ?? '');
      request.resume();
      response.writeHead(200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => server.close());

  const dns = fakeDns({
    'self.example.test': '93.184.215.7',
    'rebound.example.test': '127.0.0.1',
    'intranet.example.test': '10.1.2.3',
    'metadata.example.test': '169.254.169.254',
    'mapped.example.test': '::ffff:192.168.0.1',
    'public.example.test': '93.184.216.34',
  });
  // This machine as the server sees it: loopback, and a public address of its own on eth0.
  const network: Network = {
    resolve: dns,
    ownAddresses: () => ['127.0.0.1', '::1', '93.184.215.7', '2606:2800:220:1::7', 'fe80::fc:ff:fe00:1'],
  };
  const send = (url: string, allowLocal = false) =>
    postJson(url, { hello: 'world' }, { allowLocal, network, timeoutMs: 2000, userAgent: 'test' });

  it.each([
    ['http://localhost/hook', 'Requests to localhost are not allowed'],
    ['http://127.0.0.1/hook', 'Requests to localhost are not allowed'],
    ['http://[::1]/hook', 'Requests to localhost are not allowed'],
    ['http://[::ffff:127.0.0.1]/hook', 'Requests to localhost are not allowed'],
    ['http://0x7f.1/hook', 'Requests to localhost are not allowed'],
    ['https://192.168.10.2/hook', 'Requests to the local network are not allowed'],
    ['https://rebound.example.test/hook', 'Requests to localhost are not allowed'],
    ['https://intranet.example.test/hook', 'Requests to the local network are not allowed'],
    ['https://metadata.example.test/hook', 'Requests to the link local network are not allowed'],
    ['https://mapped.example.test/hook', 'Requests to the local network are not allowed'],
    // The server's own public addresses reach it as localhost does, however they are spelt.
    ['https://93.184.215.7/hook', 'Requests to localhost are not allowed'],
    ['https://[::ffff:93.184.215.7]/hook', 'Requests to localhost are not allowed'],
    ['https://[2606:2800:220:1:0::7]:8443/hook', 'Requests to localhost are not allowed'],
    ['https://self.example.test/hook', 'Requests to localhost are not allowed'],
  ])('refuses %s when it is saved: %s', async (url, reason) => {
    expect(await urlRefusal(url, network)).toBe(reason);
  });

  it.each([
    'https://public.example.test/hook',
    'https://unknown.example.test/hook',
    'https://8.8.8.8/',
    'https://93.184.215.8/hook',
    'https://[2606:2800:220:1::8]/hook',
  ])('lets %s be saved', async (url) => {
    expect(await urlRefusal(url, network)).toBeNull();
  });

  it('refuses to send to a name that resolves to this machine, and sends nothing', async () => {
    const sending = send(`http://rebound.example.test:${port}/hook`);
    await expect(sending).rejects.toBeInstanceOf(BlockedUrlError);
    await expect(sending).rejects.toThrow('Requests to localhost are not allowed');
    await expect(send(`http://127.0.0.1:${port}/hook`)).rejects.toThrow(
      'Requests to localhost are not allowed',
    );
    expect(received).toEqual([]);
  });

  it('refuses to send to a name that resolves to one of the server’s own public addresses', async () => {
    const sending = send(`http://self.example.test:${port}/hook`);
    await expect(sending).rejects.toBeInstanceOf(BlockedUrlError);
    await expect(sending).rejects.toThrow('Requests to localhost are not allowed');
    await expect(send(`http://93.184.215.7:${port}/hook`)).rejects.toThrow(
      'Requests to localhost are not allowed',
    );
  });

  it('sends to the same name when the instance allows local requests', async () => {
    expect(await send(`http://rebound.example.test:${port}/hook`, true)).toBe(200);
    expect(received).toEqual([`rebound.example.test:${port}`]);
  });
});
