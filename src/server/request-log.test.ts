import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../test/support/factories';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { filteredUrl } from './request-log';

describe('filteredUrl', () => {
  it.each([
    ['/api/v4/user', '/api/v4/user'],
    ['/api/v4/user?private_token=glpat-abc', '/api/v4/user?private_token=[FILTERED]'],
    ['/api/v4/projects?access_token=abc&page=2', '/api/v4/projects?access_token=[FILTERED]&page=2'],
    ['/oauth/token?username=alice&password=s3cret', '/oauth/token?username=alice&password=[FILTERED]'],
    ['/x?PRIVATE%5FTOKEN=abc', '/x?PRIVATE%5FTOKEN=[FILTERED]'],
    ['/x?client_secret', '/x?client_secret=[FILTERED]'],
    ['/x?search=token&sort=asc', '/x?search=token&sort=asc'],
    ['/x?%E0%A4%A=1&token=2', '/x?%E0%A4%A=1&token=[FILTERED]'],
  ])('%s is logged as %s', (url, logged) => {
    expect(filteredUrl(url)).toBe(logged);
  });
});

describe('the request log', () => {
  const lines: string[] = [];
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ logTo: { write: (line) => lines.push(line) } });
    user = await buildUser(t.container);
  });
  afterAll(() => t.close());

  type Entry = { method: string; url: string; statusCode: number; durationMs: number; msg: string };
  const entriesFor = (path: string) =>
    lines.map((line) => JSON.parse(line) as Entry).filter((entry) => entry.url?.startsWith(path));

  it('writes one line per request, with its status and duration', async () => {
    const answer = await t.app.inject({ url: '/api/v4/user', headers: user.headers });
    expect(answer.statusCode).toBe(200);
    const entries = entriesFor('/api/v4/user');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: 'GET',
      url: '/api/v4/user',
      statusCode: 200,
      msg: 'request completed',
    });
    expect(entries[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('never writes a token sent in the query string', async () => {
    const answer = await t.app.inject({ url: `/api/v4/user?private_token=${user.token}&x=1` });
    expect(answer.json()).toMatchObject({ username: user.username });
    expect(lines.join('')).not.toContain(user.token);
    expect(entriesFor('/api/v4/user?')).toEqual([
      expect.objectContaining({ url: '/api/v4/user?private_token=[FILTERED]&x=1', statusCode: 200 }),
    ]);
  });

  it('writes one filtered line for a path no route serves', async () => {
    const answer = await t.app.inject({ url: `/api/v4/no-such-thing?access_token=${user.token}` });
    expect(answer.statusCode).toBe(404);
    expect(lines.join('')).not.toContain(user.token);
    expect(lines.filter((line) => line.includes('no-such-thing'))).toHaveLength(1);
    expect(entriesFor('/api/v4/no-such-thing')).toEqual([
      expect.objectContaining({ url: '/api/v4/no-such-thing?access_token=[FILTERED]', statusCode: 404 }),
    ]);
  });
});
