import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { SessionResponse } from '../../../shared/api/session';
import { SESSION_COOKIE } from '../../auth/current-user';
import { digestToken } from '../../auth/tokens';
import { queryRows } from '../../db/client';

type Message = { message: string };
type InjectResponse = Awaited<ReturnType<TestApp['app']['inject']>>;

const sessionCookieOf = (response: InjectResponse) =>
  response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);

describe('browser sessions', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await buildUser(t.container, { username: 'alice' });
  });
  afterAll(() => t.close());

  const signIn = (login: string, password: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/users/sign_in', payload: { login, password, ...extra } });

  const sessionRows = (userId: number) =>
    queryRows<{ id: string; csrf_token: string }>(
      t.container.db,
      sql`select id, csrf_token from sessions where user_id = ${userId}`,
    );

  const sessionOf = async (cookie: string) =>
    (
      await t.app.inject({ url: '/-/session', cookies: { [SESSION_COOKIE]: cookie } })
    ).json<SessionResponse>();

  it('signs in by username, setting an HttpOnly SameSite=Lax cookie whose SHA-256 is the stored session id', async () => {
    const response = await signIn('alice', alice.password);
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookieOf(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.expires).toBeUndefined();
    const body = response.json<SessionResponse>();
    expect(body.user).toMatchObject({ id: alice.id, username: 'alice', email: 'alice@example.com' });
    const rows = await sessionRows(alice.id);
    const row = rows.find((r) => r.id === digestToken(cookie?.value ?? ''));
    expect(row?.csrf_token).toBe(body.csrf_token);
    expect(rows.some((r) => r.id === cookie?.value)).toBe(false);
  });

  it('signs in by e-mail address in any letter case', async () => {
    const response = await signIn('ALICE@example.com', alice.password);
    expect(response.statusCode).toBe(200);
    expect(response.json<SessionResponse>().user?.username).toBe('alice');
  });

  it('keeps a remembered session as a cookie that outlives the browser for two weeks', async () => {
    const response = await signIn('alice', alice.password, { remember_me: true });
    const expires = sessionCookieOf(response)?.expires;
    const days = ((expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
  });

  it('answers a wrong password and an unknown login with the same 401, revealing neither', async () => {
    const wrongPassword = await signIn('alice', 'not-her-password');
    const unknownLogin = await signIn('nobody-here', 'not-her-password');
    for (const response of [wrongPassword, unknownLogin]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid login or password.' });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it('refuses a blocked user even with the right password, and starts no session', async () => {
    const blocked = await buildUser(t.container);
    await t.container.db.execute(sql`update users set state = 'blocked' where id = ${blocked.id}`);
    const response = await signIn(blocked.username, blocked.password);
    expect(response.statusCode).toBe(403);
    expect(response.json<Message>().message).toMatch(/^Your account has been blocked\./);
    expect(await sessionRows(blocked.id)).toEqual([]);
  });

  it('tells who is signed in at /-/session, with the session CSRF token', async () => {
    expect((await t.app.inject('/-/session')).json()).toEqual({ user: null, csrf_token: null });
    const signedIn = await signIn('alice', alice.password);
    const session = await sessionOf(sessionCookieOf(signedIn)?.value ?? '');
    expect(session).toEqual({
      user: {
        id: alice.id,
        username: 'alice',
        name: alice.name,
        email: 'alice@example.com',
        admin: false,
        avatar_url: null,
        web_url: `${t.config.externalUrl}/alice`,
      },
      csrf_token: signedIn.json<SessionResponse>().csrf_token ?? '',
    });
  });

  it('signs out: deletes the session row, clears the cookie, and the old cookie no longer works', async () => {
    const signedIn = await signIn('alice', alice.password);
    const cookie = sessionCookieOf(signedIn)?.value ?? '';
    const response = await t.app.inject({
      method: 'POST',
      url: '/users/sign_out',
      cookies: { [SESSION_COOKIE]: cookie },
      headers: { 'x-csrf-token': signedIn.json<SessionResponse>().csrf_token ?? '' },
    });
    expect(response.statusCode).toBe(204);
    expect(sessionCookieOf(response)?.value).toBe('');
    expect((await sessionRows(alice.id)).some((r) => r.id === digestToken(cookie))).toBe(false);
    expect((await sessionOf(cookie)).user).toBeNull();
  });

  it('ends the previous session of the browser when signing in again', async () => {
    const first = await signIn('alice', alice.password);
    const firstCookie = sessionCookieOf(first)?.value ?? '';
    const second = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      cookies: { [SESSION_COOKIE]: firstCookie },
      headers: { 'x-csrf-token': first.json<SessionResponse>().csrf_token ?? '' },
      payload: { login: 'alice', password: alice.password },
    });
    expect(second.statusCode).toBe(200);
    expect((await sessionOf(firstCookie)).user).toBeNull();
    expect((await sessionOf(sessionCookieOf(second)?.value ?? '')).user?.username).toBe('alice');
  });

  it('refuses a sign-in posted from another site', async () => {
    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { login: 'alice', password: alice.password },
    });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.json()).toEqual({ message: 'Sign-in from another site is not allowed.' });
    expect(sessionCookieOf(fromElsewhere)).toBeUndefined();
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: { login: 'alice', password: alice.password },
    });
    expect(sameSite.statusCode).toBe(200);
  });

  it('refuses a sign-in without a login or password with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { login: 'alice' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'password is missing' });
  });
});

describe('sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await buildUser(t.container, { username: 'taken' });
  });
  afterAll(() => t.close());

  const signUp = (fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/users',
      payload: {
        name: 'Bea Example',
        username: 'bea',
        email: 'bea@example.com',
        password: 'long enough',
        ...fields,
      },
    });
  const userCount = async (username: string) =>
    (await queryRows(t.container.db, sql`select id from users where lower(username) = lower(${username})`))
      .length;

  it('creates the account with its namespace and signs the new user in', async () => {
    const response = await signUp({});
    expect(response.statusCode).toBe(201);
    expect(response.json<SessionResponse>().user).toMatchObject({
      username: 'bea',
      name: 'Bea Example',
      admin: false,
    });
    const cookie = sessionCookieOf(response)?.value ?? '';
    const session = await t.app.inject({ url: '/-/session', cookies: { [SESSION_COOKIE]: cookie } });
    expect(session.json<SessionResponse>().user?.username).toBe('bea');
    const namespaces = await queryRows(
      t.container.db,
      sql`select id from namespaces where full_path = 'bea'`,
    );
    expect(namespaces).toHaveLength(1);
  });

  it('refuses a password shorter than 8 characters and writes nothing', async () => {
    const response = await signUp({ username: 'shorty', email: 'shorty@example.com', password: 'seven77' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'password is too short (minimum is 8)' });
    expect(await userCount('shorty')).toBe(0);
  });

  it('refuses a username that is taken with 409, whatever its letter case', async () => {
    const response = await signUp({ username: 'TAKEN', email: 'other@example.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Username has already been taken' });
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('refuses an e-mail address that is taken with 409', async () => {
    const response = await signUp({ username: 'another', email: 'TAKEN@example.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Email has already been taken' });
    expect(await userCount('another')).toBe(0);
  });

  it('refuses a username that cannot be a path', async () => {
    const response = await signUp({ username: 'no spaces', email: 'spaces@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json<Message>().message).toMatch(/^Username /);
  });
});

describe('CSRF protection of cookie sessions', () => {
  let t: TestApp;
  let carol: TestUser;
  let cookie: string;
  let csrfToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    carol = await buildUser(t.container);
    const response = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { login: carol.username, password: carol.password },
    });
    cookie = sessionCookieOf(response)?.value ?? '';
    csrfToken = response.json<SessionResponse>().csrf_token ?? '';
  });
  afterAll(() => t.close());

  const tokenCount = async () =>
    (await queryRows(t.container.db, sql`select id from access_tokens where user_id = ${carol.id}`)).length;
  const createToken = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v4/personal_access_tokens',
      cookies: { [SESSION_COOKIE]: cookie },
      headers,
      payload: { name: 'from the browser', scopes: ['read_api'] },
    });

  it('refuses a cookie-authenticated POST without X-CSRF-Token with 403 and writes nothing', async () => {
    const before = await tokenCount();
    const response = await createToken({});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'CSRF token is missing or invalid. Reload the page and try again.',
    });
    expect(await tokenCount()).toBe(before);
  });

  it('refuses a wrong X-CSRF-Token too', async () => {
    const before = await tokenCount();
    expect((await createToken({ 'x-csrf-token': 'guessed' })).statusCode).toBe(403);
    expect(await tokenCount()).toBe(before);
  });

  it('accepts the POST with the session CSRF token', async () => {
    const before = await tokenCount();
    const response = await createToken({ 'x-csrf-token': csrfToken });
    expect(response.statusCode).toBe(201);
    expect(await tokenCount()).toBe(before + 1);
  });

  it('refuses sign-out without the CSRF token, leaving the session alive', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/users/sign_out',
      cookies: { [SESSION_COOKIE]: cookie },
    });
    expect(response.statusCode).toBe(403);
    const session = await t.app.inject({ url: '/-/session', cookies: { [SESSION_COOKIE]: cookie } });
    expect(session.json<SessionResponse>().user?.id).toBe(carol.id);
  });
});
