import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SessionResponse } from '../../../shared/api/session';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { SESSION_COOKIE } from '../../auth/current-user';
import { userCallouts } from '../../db/schema';

describe('dismissing cards: POST /-/users/callouts', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await buildUser(t.container);
  });
  afterAll(() => t.close());

  const dismissedBy = async (who: TestUser) =>
    (await t.container.db.select().from(userCallouts).where(eq(userCallouts.userId, who.id))).map(
      (row) => row.featureName,
    );
  const post = (headers: Record<string, string>, payload: unknown, cookies?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/-/users/callouts', headers, payload: payload as object, cookies });

  async function signIn(who: TestUser) {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { login: who.username, password: who.password },
    });
    return {
      cookies: { [SESSION_COOKIE]: signedIn.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '' },
      csrf: signedIn.json<SessionResponse>().csrf_token ?? '',
    };
  }

  it('stores the card as dismissed for the signed-in user, once however often it is closed', async () => {
    const session = await signIn(user);
    const first = await post(
      { 'x-csrf-token': session.csrf },
      { feature_name: 'suggest_pipeline' },
      session.cookies,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ feature_name: 'suggest_pipeline' });
    const again = await post(user.headers, { feature_name: 'suggest_pipeline' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await dismissedBy(user)).toEqual(['suggest_pipeline']);
  });

  it('refuses a cookie session without its CSRF token and stores nothing', async () => {
    const other = await buildUser(t.container);
    const session = await signIn(other);
    const response = await post({}, { feature_name: 'suggest_pipeline' }, session.cookies);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'CSRF token is missing or invalid. Reload the page and try again.',
    });
    expect(await dismissedBy(other)).toEqual([]);
  });

  it('answers a signed-out visitor 401', async () => {
    const response = await post({}, { feature_name: 'suggest_pipeline' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: '401 Unauthorized' });
  });

  it.each([{ feature_name: 'no_such_card' }, {}, { feature_name: 7 }])(
    'refuses %j with 400 and stores nothing',
    async (payload) => {
      const other = await buildUser(t.container);
      const response = await post(other.headers, payload);
      expect(response.statusCode).toBe(400);
      expect(await dismissedBy(other)).toEqual([]);
    },
  );
});
