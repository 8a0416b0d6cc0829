import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { digestToken } from '../../auth/tokens';
import { queryRows } from '../../db/client';

type TokenResponse = {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  created_at: number;
};

const pinnedClock = (start: string) => {
  let now = new Date(start);
  return { now: () => now, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
};

describe('OAuth password grant', () => {
  let t: TestApp;
  let frank: TestUser;
  const clock = pinnedClock('2031-06-01T08:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ clock });
    frank = await buildUser(t.container);
  });
  afterAll(() => t.close());

  const grant = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('issues a two-hour Bearer token for a form-encoded password grant, usable on the API', async () => {
    const response = await grant({
      grant_type: 'password',
      username: frank.username,
      password: frank.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<TokenResponse>();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      token_type: 'Bearer',
      expires_in: 7200,
      scope: 'api',
      created_at: Date.parse('2031-06-01T08:00:00Z') / 1000,
    });
    const me = await t.app.inject({ url: '/api/v4/user', headers: bearer(body.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ username: string }>().username).toBe(frank.username);
  });

  it('stores only the SHA-256 of the token, as an OAuth token', async () => {
    const body = (
      await grant({ grant_type: 'password', username: frank.username, password: frank.password })
    ).json<TokenResponse>();
    const rows = await queryRows<{ kind: string; token_digest: string; scopes: string[] }>(
      t.container.db,
      sql`select kind, token_digest, scopes from access_tokens where token_digest = ${digestToken(body.access_token)}`,
    );
    expect(rows).toEqual([{ kind: 'oauth', token_digest: digestToken(body.access_token), scopes: ['api'] }]);
    const plain = await queryRows(
      t.container.db,
      sql`select id from access_tokens where token_digest = ${body.access_token}`,
    );
    expect(plain).toEqual([]);
  });

  it('accepts JSON and the scopes asked for, which then bound the token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', username: frank.email, password: frank.password, scope: 'read_api' },
    });
    const body = response.json<TokenResponse>();
    expect(body.scope).toBe('read_api');
    expect(
      (await t.app.inject({ url: '/api/v4/users', headers: bearer(body.access_token) })).statusCode,
    ).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v4/personal_access_tokens',
      headers: bearer(body.access_token),
      payload: { name: 'escalate', scopes: ['api'] },
    });
    expect(write.statusCode).toBe(403);
  });

  it('answers bad credentials with 400 invalid_grant and issues nothing', async () => {
    const before = await queryRows(t.container.db, sql`select id from access_tokens where kind = 'oauth'`);
    const response = await grant({ grant_type: 'password', username: frank.username, password: 'nope nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_grant',
      error_description:
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
    });
    const after = await queryRows(t.container.db, sql`select id from access_tokens where kind = 'oauth'`);
    expect(after).toHaveLength(before.length);
  });

  it('answers a grant type it does not support with 400 unsupported_grant_type', async () => {
    const response = await grant({ grant_type: 'client_credentials' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'The authorization grant type is not supported by the authorization server.',
    });
  });

  it('answers a missing parameter with 400 invalid_request and an unknown scope with invalid_scope', async () => {
    const missing = await grant({ grant_type: 'password', username: frank.username });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Missing required parameter: password.',
    });
    const scope = await grant({
      grant_type: 'password',
      username: frank.username,
      password: frank.password,
      scope: 'api sudo',
    });
    expect(scope.statusCode).toBe(400);
    expect(scope.json<{ error: string }>().error).toBe('invalid_scope');
  });

  it('refuses a blocked user as an invalid grant', async () => {
    const blocked = await buildUser(t.container);
    await t.container.db.execute(sql`update users set state = 'blocked' where id = ${blocked.id}`);
    const response = await grant({
      grant_type: 'password',
      username: blocked.username,
      password: blocked.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe('invalid_grant');
  });

  it('stops accepting the token once its two hours are over', async () => {
    const body = (
      await grant({ grant_type: 'password', username: frank.username, password: frank.password })
    ).json<TokenResponse>();
    clock.advance(7199);
    expect((await t.app.inject({ url: '/api/v4/user', headers: bearer(body.access_token) })).statusCode).toBe(
      200,
    );
    clock.advance(1);
    const expired = await t.app.inject({ url: '/api/v4/user', headers: bearer(body.access_token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: '401 Unauthorized' });
  });
});
