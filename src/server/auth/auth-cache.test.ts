import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { buildMergeRequest } from '../../../test/support/merge-request-factories';
import { countQueries } from '../../../test/support/queries';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { NewPersonalAccessToken } from '../../shared/api/accessTokens';
import type { SessionResponse } from '../../shared/api/session';
import { buildApp } from '../app';
import { queryRows } from '../db/client';
import type { ProjectContext } from '../features/projects/projects.service';
import { AUTH_CACHE_STALE_MS, AUTH_CACHE_TTL_MS } from './auth-cache';
import { digestToken } from './tokens';
import { SESSION_COOKIE } from './current-user';

const pinnedClock = (start: string) => {
  let now = new Date(start);
  return { now: () => now, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Two app instances on one database and one bus stand for two processes: each has its own
 * container, so its own remembered sessions and tokens, as separate processes would.
 */
describe('remembered sessions and tokens', () => {
  const clock = pinnedClock('2031-03-04T10:00:00Z');
  let t: TestApp;
  let other: FastifyInstance;
  let admin: TestUser;
  let owner: TestUser;
  let p: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    other = await buildApp(t.deps);
    admin = await buildUser(t.container, { admin: true });
    owner = await buildUser(t.container);
    p = await buildProject(t.container, owner);
    await buildMergeRequest(t.container, owner, p, { source_branch: 'polled' });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const signIn = async (user: TestUser) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { login: user.username, password: user.password },
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    return { cookie, csrfToken: response.json<SessionResponse>().csrf_token ?? '' };
  };
  const sessionUser = async (app: FastifyInstance, cookie: string) =>
    (await app.inject({ url: '/-/session', cookies: { [SESSION_COOKIE]: cookie } })).json<SessionResponse>()
      .user?.username ?? null;
  /** `/-/session` reads nothing but who is asking. */
  const tokenUser = async (app: FastifyInstance, token: string) =>
    (await app.inject({ url: '/-/session', headers: { 'private-token': token } })).json<SessionResponse>()
      .user?.username ?? null;
  const asToken = (app: FastifyInstance, token: string) =>
    app.inject({ url: '/api/v4/user', headers: { 'private-token': token } });
  /** Resolves once the bus has delivered the user's change to every instance (at once on PGlite). */
  const announced = (userId: number) =>
    new Promise<void>((resolve) => {
      const stop = t.deps.bus.subscribe((event) => {
        if (event.type !== 'user.auth_changed' || event.userId !== userId) return;
        stop();
        resolve();
      });
    });

  /** Blocks or unblocks; once answered, the bus has told every instance (if anything changed). */
  const setState = async (as: TestUser, userId: number, action: 'block' | 'unblock') => {
    const heard = announced(userId);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v4/users/${userId}/${action}`,
      headers: as.headers,
    });
    if (response.statusCode === 201) await heard;
    return response;
  };

  it('answers an unchanged signed-in widget poll 304 without a single query', async () => {
    const { cookie } = await signIn(owner);
    const url = `/${p.fullPath}/-/merge_requests/1/widget.json`;
    const cookies = { [SESSION_COOKIE]: cookie };
    const first = await t.app.inject({ url, cookies });
    expect(first.statusCode).toBe(200);
    const poll = () => t.app.inject({ url, cookies, headers: { 'if-none-match': first.headers.etag } });
    expect((await poll()).statusCode).toBe(304);
    let status = 0;
    expect(await countQueries(t, async () => (status = (await poll()).statusCode))).toBe(0);
    expect(status).toBe(304);
  });

  it('reads a session and a token once, then answers from memory', async () => {
    const { cookie } = await signIn(owner);
    expect(await countQueries(t, () => sessionUser(t.app, cookie))).toBe(1);
    let who: string | null = null;
    expect(await countQueries(t, async () => (who = await sessionUser(t.app, cookie)))).toBe(0);
    expect(who).toBe(owner.username);
    expect(await tokenUser(t.app, owner.token)).toBe(owner.username);
    expect(await countQueries(t, async () => (who = await tokenUser(t.app, owner.token)))).toBe(0);
    expect(who).toBe(owner.username);
  });

  it('reads a burst of first requests for one session once', async () => {
    const { cookie } = await signIn(owner);
    let users: (string | null)[] = [];
    const queries = await countQueries(t, async () => {
      users = await Promise.all(Array.from({ length: 20 }, () => sessionUser(t.app, cookie)));
    });
    expect(queries).toBe(1);
    expect(new Set(users)).toEqual(new Set([owner.username]));
  });

  it('does not remember a session the user signed out of: another instance refuses it at once', async () => {
    const { cookie, csrfToken } = await signIn(owner);
    const kept = await signIn(owner);
    expect(await sessionUser(other, cookie)).toBe(owner.username);
    expect(await countQueries(t, () => sessionUser(other, cookie))).toBe(0);

    const heard = announced(owner.id);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/users/sign_out',
      cookies: { [SESSION_COOKIE]: cookie },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(signOut.statusCode).toBe(204);
    await heard;
    expect(await sessionUser(other, cookie)).toBeNull();
    expect(await sessionUser(t.app, cookie)).toBeNull();
    // The user's other sessions are read again, not ended.
    expect(await sessionUser(other, kept.cookie)).toBe(owner.username);
  });

  it('refuses a revoked token on the next request, on every instance', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v4/personal_access_tokens',
        headers: owner.headers,
        payload: { name: 'poller', scopes: ['api'] },
      })
    ).json<NewPersonalAccessToken>();
    expect((await asToken(other, created.token)).statusCode).toBe(200);
    expect((await asToken(t.app, created.token)).statusCode).toBe(200);

    const heard = announced(owner.id);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v4/personal_access_tokens/${created.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(204);
    await heard;
    for (const app of [t.app, other]) {
      const response = await asToken(app, created.token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: '401 Unauthorized' });
    }
  });

  it('refuses a user an administrator blocked on their next request, session and token alike', async () => {
    const blocked = await buildUser(t.container);
    const { cookie } = await signIn(blocked);
    expect(await sessionUser(other, cookie)).toBe(blocked.username);
    expect((await asToken(other, blocked.token)).statusCode).toBe(200);

    const block = await setState(admin, blocked.id, 'block');
    expect(block.statusCode).toBe(201);
    expect(block.json()).toBe(true);
    const bySession = await other.inject({ url: '/-/session', cookies: { [SESSION_COOKIE]: cookie } });
    expect(bySession.statusCode).toBe(403);
    expect(bySession.json()).toEqual({ message: 'Your account has been blocked.' });
    expect((await asToken(other, blocked.token)).statusCode).toBe(403);

    expect((await setState(admin, blocked.id, 'unblock')).statusCode).toBe(201);
    expect((await asToken(other, blocked.token)).statusCode).toBe(200);
  });

  it('lets only administrators block, and answers 404 for a missing user, changing nothing', async () => {
    const target = await buildUser(t.container);
    const asOwner = await setState(owner, target.id, 'block');
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json()).toEqual({ message: '403 Forbidden' });
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/v4/users/${target.id}/block` });
    expect(anonymous.statusCode).toBe(401);
    const missing = await setState(admin, 2_147_483_647, 'block');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: '404 User Not Found' });
    expect((await asToken(t.app, target.token)).statusCode).toBe(200);
  });

  it('refuses a token the moment its expiry date comes, without waiting for memory to age', async () => {
    const tomorrow = new Date(clock.now().getTime() + DAY_MS).toISOString().slice(0, 10);
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v4/personal_access_tokens',
        headers: owner.headers,
        payload: { name: 'until tomorrow', scopes: ['api'], expires_at: tomorrow },
      })
    ).json<NewPersonalAccessToken>();
    expect((await asToken(t.app, created.token)).statusCode).toBe(200);
    clock.advance(DAY_MS);
    let status = 0;
    expect(
      await countQueries(t, async () => (status = (await asToken(t.app, created.token)).statusCode)),
    ).toBe(0);
    expect(status).toBe(401);
  });

  it('treats a session past its expiry as no session, though it is remembered', async () => {
    const { cookie } = await signIn(owner);
    expect(await sessionUser(t.app, cookie)).toBe(owner.username);
    clock.advance(7 * DAY_MS);
    expect(await sessionUser(t.app, cookie)).toBeNull();
  });

  it('reads every session again once the bus says it may have lost announcements', async () => {
    const { cookie } = await signIn(owner);
    await sessionUser(t.app, cookie);
    // Signed out by hand in the database, which announces nothing: memory still answers.
    await queryRows(t.container.db, sql`delete from sessions where id = ${digestToken(cookie)}`);
    expect(await countQueries(t, () => sessionUser(t.app, cookie))).toBe(0);
    const resumed = new Promise<void>((resolve) => {
      const stop = t.deps.bus.subscribe((event) => {
        if (event.type !== 'bus.resumed') return;
        stop();
        resolve();
      });
    });
    await t.deps.bus.publish({ type: 'bus.resumed' });
    await resumed;
    expect(await sessionUser(t.app, cookie)).toBeNull();
  });

  it('answers from memory past its TTL while one read renews the session; a change made outside the app shows once renewed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { cookie } = await signIn(owner);
    await sessionUser(t.app, cookie);
    vi.setSystemTime(Date.now() + AUTH_CACHE_TTL_MS - 1);
    expect(await countQueries(t, () => sessionUser(t.app, cookie))).toBe(0);

    // Signed out by hand in the database, which announces nothing.
    await queryRows(t.container.db, sql`delete from sessions where id = ${digestToken(cookie)}`);
    vi.setSystemTime(Date.now() + 2);
    // The first request past the TTL is answered from memory while one read renews it.
    expect(await sessionUser(t.app, cookie)).toBe(owner.username);
    await expect.poll(() => sessionUser(t.app, cookie)).toBeNull();
  });

  it('waits for a read when the remembered session is older than its renewal allows', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { cookie } = await signIn(owner);
    await sessionUser(t.app, cookie);
    await queryRows(t.container.db, sql`delete from sessions where id = ${digestToken(cookie)}`);
    vi.setSystemTime(Date.now() + AUTH_CACHE_TTL_MS + AUTH_CACHE_STALE_MS + 1);
    expect(await sessionUser(t.app, cookie)).toBeNull();
  });
});
