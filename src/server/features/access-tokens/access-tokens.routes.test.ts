import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { NewPersonalAccessToken, PersonalAccessToken } from '../../../shared/api/accessTokens';
import { digestToken } from '../../auth/tokens';
import { queryRows } from '../../db/client';

const pinnedClock = (start: string) => {
  let now = new Date(start);
  return { now: () => now, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
};

describe('personal access tokens API', () => {
  let t: TestApp;
  let gina: TestUser;
  let hugo: TestUser;
  let admin: TestUser;
  const clock = pinnedClock('2031-07-10T09:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ clock });
    gina = await buildUser(t.container);
    hugo = await buildUser(t.container);
    admin = await buildUser(t.container, { admin: true });
  });
  afterAll(() => t.close());

  const create = (as: TestUser, payload: Record<string, unknown>, url = '/api/v4/personal_access_tokens') =>
    t.app.inject({ method: 'POST', url, headers: as.headers, payload });
  const tokenRows = (userId: number) =>
    queryRows<{ id: number; token_digest: string; revoked: boolean }>(
      t.container.db,
      sql`select id, token_digest, revoked from access_tokens where user_id = ${userId} and kind = 'personal'`,
    );

  it('creates a token, answering 201 with GitLab’s fields and the secret this once', async () => {
    const response = await create(gina, {
      name: 'ci',
      scopes: ['read_api', 'read_repository'],
      expires_at: '2031-12-31',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<NewPersonalAccessToken>();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'ci',
      revoked: false,
      created_at: '2031-07-10T09:00:00.000Z',
      scopes: ['read_api', 'read_repository'],
      user_id: gina.id,
      last_used_at: null,
      active: true,
      expires_at: '2031-12-31',
      token: expect.stringMatching(/^glpat-/),
    });
    const shown = await t.app.inject({
      url: `/api/v4/personal_access_tokens/${body.id}`,
      headers: gina.headers,
    });
    expect(shown.json()).not.toHaveProperty('token');
    const rows = await tokenRows(gina.id);
    expect(rows.find((row) => row.id === body.id)?.token_digest).toBe(digestToken(body.token));
    expect(rows.some((row) => row.token_digest === body.token)).toBe(false);
  });

  it('also creates at GitLab’s /user/personal_access_tokens', async () => {
    const response = await create(
      gina,
      { name: 'mine', scopes: ['api'] },
      '/api/v4/user/personal_access_tokens',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<NewPersonalAccessToken>().expires_at).toBeNull();
  });

  it('refuses an expiry date that is not in the future, and writes nothing', async () => {
    const before = (await tokenRows(gina.id)).length;
    for (const expires_at of ['2031-07-10', '2020-01-01']) {
      const response = await create(gina, { name: 'late', scopes: ['api'], expires_at });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'expires_at must be in the future' });
    }
    expect((await create(gina, { name: 'bad', scopes: ['api'], expires_at: '2031-02-30' })).statusCode).toBe(
      400,
    );
    expect((await tokenRows(gina.id)).length).toBe(before);
  });

  it('refuses unknown scopes, no scopes and a missing name with 400', async () => {
    const unknown = await create(gina, { name: 'x', scopes: ['sudo'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'scopes.0 does not have a valid value' });
    expect((await create(gina, { name: 'x', scopes: [] })).statusCode).toBe(400);
    const nameless = await create(gina, { scopes: ['api'] });
    expect(nameless.json()).toEqual({ message: 'name is missing' });
  });

  it('moves last_used_at at most every ten minutes, as GitLab does', async () => {
    const created = (await create(gina, { name: 'busy', scopes: ['api'] })).json<NewPersonalAccessToken>();
    const use = () => t.app.inject({ url: '/api/v4/user', headers: { 'private-token': created.token } });
    const lastUsed = async () =>
      (
        await t.app.inject({ url: `/api/v4/personal_access_tokens/${created.id}`, headers: gina.headers })
      ).json<PersonalAccessToken>().last_used_at;
    await use();
    const first = await lastUsed();
    clock.advance(9 * 60);
    await use();
    expect(await lastUsed()).toBe(first);
    clock.advance(2 * 60);
    await use();
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });

  it('lets a new token work on the API, records when it was last used, and a revoked one is 401 everywhere', async () => {
    const created = (
      await create(gina, { name: 'short-lived', scopes: ['api'] })
    ).json<NewPersonalAccessToken>();
    const headers = { 'private-token': created.token };
    expect((await t.app.inject({ url: '/api/v4/user', headers })).statusCode).toBe(200);
    const shown = await t.app.inject({
      url: `/api/v4/personal_access_tokens/${created.id}`,
      headers: gina.headers,
    });
    expect(shown.json<PersonalAccessToken>().last_used_at).toBe(clock.now().toISOString());

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v4/personal_access_tokens/${created.id}`,
      headers: gina.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    for (const url of ['/api/v4/user', '/api/v4/users', '/api/v4/personal_access_tokens', '/-/session']) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ message: '401 Unauthorized' });
    }
    const listed = await t.app.inject({
      url: `/api/v4/personal_access_tokens/${created.id}`,
      headers: gina.headers,
    });
    expect(listed.json()).toMatchObject({ revoked: true, active: false });
  });

  it('turns a token down on its expiry date', async () => {
    const created = (
      await create(gina, { name: 'until tomorrow', scopes: ['api'], expires_at: '2031-07-11' })
    ).json<NewPersonalAccessToken>();
    const headers = { 'private-token': created.token };
    expect((await t.app.inject({ url: '/api/v4/user', headers })).statusCode).toBe(200);
    clock.advance(24 * 3600);
    expect((await t.app.inject({ url: '/api/v4/user', headers })).statusCode).toBe(401);
    const shown = await t.app.inject({
      url: `/api/v4/personal_access_tokens/${created.id}`,
      headers: gina.headers,
    });
    expect(shown.json()).toMatchObject({ revoked: false, active: false, expires_at: '2031-07-11' });
  });

  it('reads and revokes the token the request is made with as `self`', async () => {
    const created = (
      await create(gina, { name: 'self', scopes: ['read_user'] })
    ).json<NewPersonalAccessToken>();
    const headers = { 'private-token': created.token };
    const self = await t.app.inject({ url: '/api/v4/personal_access_tokens/self', headers });
    expect(self.json()).toMatchObject({ id: created.id, name: 'self', scopes: ['read_user'] });
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v4/personal_access_tokens/self', headers }))
        .statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: '/api/v4/user', headers })).statusCode).toBe(401);
  });

  describe('whose tokens', () => {
    let hugosToken: NewPersonalAccessToken;
    beforeEach(async () => {
      hugosToken = (await create(hugo, { name: 'hugo', scopes: ['api'] })).json<NewPersonalAccessToken>();
    });

    it('lists only one’s own tokens, newest first, with pagination headers', async () => {
      const response = await t.app.inject({
        url: '/api/v4/personal_access_tokens?per_page=1',
        headers: hugo.headers,
      });
      expect(response.statusCode).toBe(200);
      const list = response.json<PersonalAccessToken[]>();
      expect(list.map((token) => token.id)).toEqual([hugosToken.id]);
      expect(response.headers['x-total']).toBe(String((await tokenRows(hugo.id)).length));
      expect(response.headers['x-next-page']).toBe('2');
      expect(list[0]).not.toHaveProperty('token');
    });

    it('filters by state', async () => {
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v4/personal_access_tokens/${hugosToken.id}`,
        headers: hugo.headers,
      });
      const active = await t.app.inject({
        url: '/api/v4/personal_access_tokens?state=active',
        headers: hugo.headers,
      });
      expect(active.json<PersonalAccessToken[]>().map((token) => token.id)).not.toContain(hugosToken.id);
      const inactive = await t.app.inject({
        url: '/api/v4/personal_access_tokens?state=inactive',
        headers: hugo.headers,
      });
      expect(inactive.json<PersonalAccessToken[]>().map((token) => token.id)).toContain(hugosToken.id);
    });

    it('answers 401 to someone asking for, reading or revoking another user’s tokens, and revokes nothing', async () => {
      const list = await t.app.inject({
        url: `/api/v4/personal_access_tokens?user_id=${hugo.id}`,
        headers: gina.headers,
      });
      expect(list.statusCode).toBe(401);
      const read = await t.app.inject({
        url: `/api/v4/personal_access_tokens/${hugosToken.id}`,
        headers: gina.headers,
      });
      expect(read.statusCode).toBe(401);
      const revoke = await t.app.inject({
        method: 'DELETE',
        url: `/api/v4/personal_access_tokens/${hugosToken.id}`,
        headers: gina.headers,
      });
      expect(revoke.statusCode).toBe(401);
      expect((await tokenRows(hugo.id)).find((row) => row.id === hugosToken.id)?.revoked).toBe(false);
    });

    it('lets an administrator list everyone’s tokens, filter by user and revoke any', async () => {
      const all = await t.app.inject({
        url: '/api/v4/personal_access_tokens?per_page=100',
        headers: admin.headers,
      });
      const owners = new Set(all.json<PersonalAccessToken[]>().map((token) => token.user_id));
      expect(owners).toEqual(new Set([gina.id, hugo.id, admin.id]));
      const hugos = await t.app.inject({
        url: `/api/v4/personal_access_tokens?user_id=${hugo.id}&per_page=100`,
        headers: admin.headers,
      });
      expect(new Set(hugos.json<PersonalAccessToken[]>().map((token) => token.user_id))).toEqual(
        new Set([hugo.id]),
      );
      const revoke = await t.app.inject({
        method: 'DELETE',
        url: `/api/v4/personal_access_tokens/${hugosToken.id}`,
        headers: admin.headers,
      });
      expect(revoke.statusCode).toBe(204);
      const missing = await t.app.inject({
        url: '/api/v4/personal_access_tokens/999999',
        headers: admin.headers,
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('POST /users/:user_id/personal_access_tokens', () => {
    it('lets an administrator create a token for another user', async () => {
      const response = await create(
        admin,
        { name: 'for hugo', scopes: ['read_user'] },
        `/api/v4/users/${hugo.id}/personal_access_tokens`,
      );
      expect(response.statusCode).toBe(201);
      const body = response.json<NewPersonalAccessToken>();
      expect(body.user_id).toBe(hugo.id);
      const me = await t.app.inject({ url: '/api/v4/user', headers: { 'private-token': body.token } });
      expect(me.json()).toMatchObject({ id: hugo.id });
    });

    it('refuses anyone else with 403, even for themselves, and writes nothing', async () => {
      const before = (await tokenRows(gina.id)).length;
      const response = await create(
        gina,
        { name: 'nope', scopes: ['api'] },
        `/api/v4/users/${gina.id}/personal_access_tokens`,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: '403 Forbidden' });
      expect((await tokenRows(gina.id)).length).toBe(before);
    });

    it('answers 404 for a user that does not exist', async () => {
      const response = await create(
        admin,
        { name: 'ghost', scopes: ['api'] },
        '/api/v4/users/999999/personal_access_tokens',
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: '404 User Not Found' });
    });
  });

  it('refuses to create tokens with a read-only token or anonymously', async () => {
    const readOnly = (
      await create(gina, { name: 'reader', scopes: ['read_api'] })
    ).json<NewPersonalAccessToken>();
    const escalate = await t.app.inject({
      method: 'POST',
      url: '/api/v4/personal_access_tokens',
      headers: { 'private-token': readOnly.token },
      payload: { name: 'escalate', scopes: ['api'] },
    });
    expect(escalate.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v4/personal_access_tokens',
      payload: { name: 'anon', scopes: ['api'] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
