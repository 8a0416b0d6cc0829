import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { rateLimits } from '../../db/schema';

/** A clock the test moves by hand. */
const pinnedClock = (start: string) => {
  let now = new Date(start);
  return { now: () => now, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
};

describe('sign-in rate limit', () => {
  let t: TestApp;
  let dana: TestUser;
  let erin: TestUser;
  const clock = pinnedClock('2031-05-01T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ clock });
    dana = await buildUser(t.container);
    erin = await buildUser(t.container);
  });
  afterAll(() => t.close());
  // Each test starts in a fresh window.
  beforeEach(() => clock.advance(3600));

  const signIn = (login: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      remoteAddress: ip,
      payload: { login, password },
    });
  const failTimes = async (count: number, login: string, ip?: string) => {
    for (let i = 0; i < count; i++) expect((await signIn(login, 'wrong password', ip)).statusCode).toBe(401);
  };

  it('refuses the 11th attempt within a minute with 429 and Retry-After, even with the right password', async () => {
    await failTimes(10, dana.username);
    clock.advance(15);
    const response = await signIn(dana.username, dana.password);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('45');
    expect(response.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 45 seconds.' });
    expect(response.cookies).toEqual([]);
  });

  it('lets the user in again once the window has passed', async () => {
    await failTimes(10, dana.username);
    expect((await signIn(dana.username, dana.password)).statusCode).toBe(429);
    clock.advance(61);
    expect((await signIn(dana.username, dana.password)).statusCode).toBe(200);
  });

  it('counts per login and per client address', async () => {
    await failTimes(10, dana.username, '10.0.0.2');
    expect((await signIn(dana.username, dana.password, '10.0.0.2')).statusCode).toBe(429);
    expect((await signIn(dana.username, dana.password, '10.0.0.3')).statusCode).toBe(200);
    expect((await signIn(erin.username, erin.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it('counts a login the same in any letter case', async () => {
    await failTimes(10, dana.username.toUpperCase());
    expect((await signIn(dana.username, dana.password)).statusCode).toBe(429);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    await failTimes(9, dana.username);
    expect((await signIn(dana.username, dana.password)).statusCode).toBe(200);
    await failTimes(10, dana.username);
    expect((await signIn(dana.username, dana.password)).statusCode).toBe(429);
  });

  it('lets exactly ten of twenty parallel guesses reach the password check', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => signIn(erin.username, 'wrong password', '10.0.0.4')),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('shares the count with the OAuth password grant', async () => {
    await failTimes(10, erin.username);
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: '10.0.0.1',
      payload: { grant_type: 'password', username: erin.username, password: erin.password },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 60 seconds.' });
  });

  it('counts HTTP Basic password failures too', async () => {
    const basic = (password: string) =>
      t.app.inject({
        url: '/api/v4/user',
        remoteAddress: '10.0.0.5',
        headers: { authorization: `Basic ${Buffer.from(`${erin.username}:${password}`).toString('base64')}` },
      });
    for (let i = 0; i < 10; i++) {
      const response = await basic('wrong password');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'HTTP Basic: Access denied' });
    }
    const limited = await basic(erin.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    clock.advance(60);
    expect((await basic(erin.password)).statusCode).toBe(200);
  });

  it('forgets the windows of past attempts, so the table does not grow with every address that ever failed', async () => {
    await failTimes(3, 'nobody-1', '10.9.0.1');
    await failTimes(3, 'nobody-2', '10.9.0.2');
    clock.advance(61);
    await failTimes(1, 'nobody-3', '10.9.0.3');
    const rows = await t.container.db.select().from(rateLimits);
    expect(rows.map((row) => row.key)).toEqual(['sign_in:nobody-3:10.9.0.3']);
  });
});
