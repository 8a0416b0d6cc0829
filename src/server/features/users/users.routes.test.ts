import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildToken, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { UserBasic, UserDetails } from '../../../shared/api/users';
import { queryRows } from '../../db/client';

describe('users API', () => {
  let t: TestApp;
  let ivy: TestUser;
  let jack: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ivy = await buildUser(t.container, { username: 'ivy', name: 'Ivy Green' });
    jack = await buildUser(t.container, { username: 'jack', name: 'Jack Black' });
    admin = await buildUser(t.container, { username: 'boss', admin: true });
  });
  afterAll(() => t.close());

  const tokenWith = async (user: TestUser, scopes: string[]) => {
    const token = await buildToken(t.container, user, scopes);
    return { 'private-token': token };
  };
  const userCount = async () => (await queryRows(t.container.db, sql`select id from users`)).length;

  describe('GET /user', () => {
    it('answers 401 to an anonymous visitor', async () => {
      const response = await t.app.inject('/api/v4/user');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: '401 Unauthorized' });
    });

    it('shows the current user with private fields', async () => {
      const response = await t.app.inject({ url: '/api/v4/user', headers: ivy.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: ivy.id,
        username: 'ivy',
        name: 'Ivy Green',
        state: 'active',
        avatar_url: null,
        web_url: `${t.config.externalUrl}/ivy`,
        email: 'ivy@example.com',
        is_admin: false,
        bio: '',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        namespace_id: expect.any(Number),
      });
    });

    it('works with a read_user token, which cannot write', async () => {
      const headers = await tokenWith(ivy, ['read_user']);
      expect((await t.app.inject({ url: '/api/v4/user', headers })).statusCode).toBe(200);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/v4/personal_access_tokens',
        headers,
        payload: { name: 'x', scopes: ['api'] },
      });
      expect(write.statusCode).toBe(403);
    });

    it('refuses a token whose scopes only cover git', async () => {
      const headers = await tokenWith(ivy, ['read_repository']);
      expect((await t.app.inject({ url: '/api/v4/user', headers })).statusCode).toBe(403);
    });
  });

  describe('GET /users', () => {
    it('lets anyone list public fields, newest first, with pagination headers', async () => {
      const response = await t.app.inject('/api/v4/users?per_page=2');
      expect(response.statusCode).toBe(200);
      const users = response.json<UserBasic[]>();
      expect(users.map((user) => user.username)).toEqual(['boss', 'jack']);
      expect(users[0]).toEqual({
        id: admin.id,
        username: 'boss',
        name: admin.name,
        state: 'active',
        locked: false,
        avatar_url: null,
        web_url: `${t.config.externalUrl}/boss`,
      });
      expect(response.headers['x-total']).toBe('3');
      expect(response.headers['x-total-pages']).toBe('2');
      expect(response.headers['x-next-page']).toBe('2');
    });

    it('finds a user by exact username, in any letter case', async () => {
      const response = await t.app.inject({ url: '/api/v4/users?username=IVY', headers: jack.headers });
      expect(response.json<UserBasic[]>().map((user) => user.id)).toEqual([ivy.id]);
    });

    it('searches names and usernames, and e-mail addresses only for administrators', async () => {
      const byName = await t.app.inject({ url: '/api/v4/users?search=black', headers: ivy.headers });
      expect(byName.json<UserBasic[]>().map((user) => user.username)).toEqual(['jack']);
      const byEmail = await t.app.inject({ url: '/api/v4/users?search=ivy@example', headers: jack.headers });
      expect(byEmail.json()).toEqual([]);
      const byEmailAsAdmin = await t.app.inject({
        url: '/api/v4/users?search=ivy@example',
        headers: admin.headers,
      });
      expect(byEmailAsAdmin.json<UserDetails[]>().map((user) => user.email)).toEqual(['ivy@example.com']);
    });

    it('treats % and _ in a search as plain characters', async () => {
      const response = await t.app.inject('/api/v4/users?search=%25');
      expect(response.json()).toEqual([]);
    });
  });

  describe('GET /users/:id', () => {
    it('shows the public profile without the e-mail address', async () => {
      const response = await t.app.inject({ url: `/api/v4/users/${jack.id}`, headers: ivy.headers });
      expect(response.statusCode).toBe(200);
      const body = response.json<UserDetails>();
      expect(body).toMatchObject({ id: jack.id, username: 'jack', bio: '', bot: false });
      expect(body).not.toHaveProperty('email');
      expect(body).not.toHaveProperty('is_admin');
    });

    it('shows administrators the private fields', async () => {
      const response = await t.app.inject({ url: `/api/v4/users/${jack.id}`, headers: admin.headers });
      expect(response.json()).toMatchObject({ email: 'jack@example.com', is_admin: false });
    });

    it('answers 404 for a user that does not exist and 400 for an id that is not a number', async () => {
      const missing = await t.app.inject('/api/v4/users/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: '404 User Not Found' });
      expect((await t.app.inject('/api/v4/users/ivy')).statusCode).toBe(400);
    });
  });

  describe('POST /users', () => {
    const create = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v4/users', headers, payload });
    const account = {
      username: 'kim',
      name: 'Kim Lee',
      email: 'kim@example.com',
      password: 'a good password',
    };

    it('lets an administrator create a user who can then sign in', async () => {
      const response = await create(admin.headers, { ...account, admin: false, skip_confirmation: true });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        username: 'kim',
        name: 'Kim Lee',
        email: 'kim@example.com',
        is_admin: false,
        state: 'active',
      });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/users/sign_in',
        payload: { login: 'kim', password: 'a good password' },
      });
      expect(signIn.statusCode).toBe(200);
    });

    it('creates administrators when asked, also with form-style booleans', async () => {
      const response = await create(admin.headers, {
        username: 'lee',
        name: 'Lee',
        email: 'lee@example.com',
        force_random_password: 'true',
        admin: 'true',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ username: 'lee', is_admin: true });
    });

    it('refuses non-administrators with 403 and anonymous visitors with 401, writing nothing', async () => {
      const before = await userCount();
      const forbidden = await create(ivy.headers, {
        ...account,
        username: 'sneaky',
        email: 'sneaky@example.com',
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ message: '403 Forbidden' });
      const anonymous = await create({}, { ...account, username: 'anon', email: 'anon@example.com' });
      expect(anonymous.statusCode).toBe(401);
      expect(await userCount()).toBe(before);
    });

    it('answers 409 when the username or the e-mail address is taken', async () => {
      const username = await create(admin.headers, { ...account, username: 'IVY', email: 'new@example.com' });
      expect(username.statusCode).toBe(409);
      expect(username.json()).toEqual({ message: 'Username has already been taken' });
      const email = await create(admin.headers, {
        ...account,
        username: 'newname',
        email: 'Jack@Example.com',
      });
      expect(email.statusCode).toBe(409);
      expect(email.json()).toEqual({ message: 'Email has already been taken' });
    });

    it('answers 400 for missing or malformed fields and writes nothing', async () => {
      const before = await userCount();
      const noEmail = await create(admin.headers, { username: 'x1', name: 'X', password: 'long enough' });
      expect(noEmail.json()).toEqual({ message: 'email is missing' });
      const shortPassword = await create(admin.headers, { ...account, username: 'x2', password: 'short' });
      expect(shortPassword.json()).toEqual({ message: 'password is too short (minimum is 8)' });
      const noPassword = await create(admin.headers, { username: 'x3', name: 'X', email: 'x3@example.com' });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json()).toEqual({
        message:
          'password, reset_password, force_random_password are missing, at least one parameter must be provided',
      });
      const badEmail = await create(admin.headers, { ...account, username: 'x4', email: 'not-an-email' });
      expect(badEmail.statusCode).toBe(400);
      expect(await userCount()).toBe(before);
    });
  });
});
