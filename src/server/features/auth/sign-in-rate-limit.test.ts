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

  it('refuses the 11th attempt within ten minutes with 429 and Retry-After, even with the right password', async () => {
    await failTimes(10, dana.username);
    clock.advance(15);
    const response = await signIn(dana.username, dana.password);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('585');
    expect(response.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 585 seconds.' });
    expect(response.cookies).toEqual([]);
  });

  it('lets the user in again once the ten minutes have passed', async () => {
    await failTimes(10, dana.username);
    clock.advance(599);
    expect((await signIn(dana.username, dana.password)).statusCode).toBe(429);
    clock.advance(1);
    expect((await signIn(dana.username, dana.password)).statusCode).toBe(200);
  });

  it('limits guesses at one account from every address, and no other account', async () => {
    for (let i = 0; i < 10; i++)
      expect((await signIn(dana.username, 'wrong password', `10.0.1.${i}`)).statusCode).toBe(401);
    expect((await signIn(dana.username, dana.password, '10.0.0.3')).statusCode).toBe(429);
    expect((await signIn(erin.username, erin.password, '10.0.1.9')).statusCode).toBe(200);
  });

  it('counts an account the same by username in any letter case and by email', async () => {
    await failTimes(5, dana.username.toUpperCase());
    await failTimes(5, dana.email.toUpperCase());
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

  it('limits one address guessing at many accounts to 30 failures a minute', async () => {
    // Three guesses at each of ten accounts: no account's own limit is reached.
    for (let i = 0; i < 10; i++) await failTimes(3, `sprayed-${i}`, '10.0.2.1');
    const limited = await signIn('nobody-sprayed', 'wrong password', '10.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 60 seconds.' });
    expect((await signIn(erin.username, erin.password, '10.0.2.1')).statusCode).toBe(429);
    clock.advance(60);
    expect((await signIn(erin.username, erin.password, '10.0.2.1')).statusCode).toBe(200);
  });

  it('does not count correct passwords against an address, so many people may sign in behind one', async () => {
    for (let i = 0; i < 40; i++)
      expect(
        (await signIn(i % 2 ? dana.username : erin.username, i % 2 ? dana.password : erin.password))
          .statusCode,
      ).toBe(200);
    await failTimes(10, 'nobody-else');
  });

  it('shares the count with the OAuth password grant', async () => {
    await failTimes(10, erin.username);
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: '10.0.0.9',
      payload: { grant_type: 'password', username: erin.username, password: erin.password },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 600 seconds.' });
  });

  it('counts HTTP Basic password failures too', async () => {
    const basic = (password: string, ip = '10.0.0.5') =>
      t.app.inject({
        url: '/api/v4/user',
        remoteAddress: ip,
        headers: { authorization: `Basic ${Buffer.from(`${erin.username}:${password}`).toString('base64')}` },
      });
    for (let i = 0; i < 10; i++) {
      const response = await basic('wrong password', `10.0.3.${i}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'HTTP Basic: Access denied' });
    }
    const limited = await basic(erin.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('600');
    clock.advance(600);
    expect((await basic(erin.password)).statusCode).toBe(200);
  });

  it('forgets the windows of past attempts, so the table does not grow with every address that ever failed', async () => {
    await failTimes(3, 'nobody-1', '10.9.0.1');
    await failTimes(3, 'nobody-2', '10.9.0.2');
    clock.advance(600);
    await failTimes(1, 'nobody-3', '10.9.0.3');
    const rows = await t.container.db.select().from(rateLimits);
    expect(rows.map((row) => row.key).sort()).toEqual([
      'sign_in_account:nobody-3',
      'sign_in_address:10.9.0.3',
    ]);
  });
});
