import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { TooManyRequestsError } from '../../errors';
import { clearRateLimit, hitRateLimit, purgeExpiredRateLimits } from './rate-limits.repo';

export const SIGN_IN_ATTEMPTS_PER_WINDOW = 10;
export const SIGN_IN_WINDOW_MS = 60_000;

const keyOf = (login: string, ip: string) => `sign_in:${login.trim().toLowerCase()}:${ip}`;

/**
 * Limits password guesses per login and client address, in the `rate_limits` table so every app
 * process shares the count. Each attempt takes a slot before the password is checked (so parallel
 * guesses cannot slip past the limit) and a correct password gives the slots back.
 */
export function createSignInRateLimit({ db, clock }: { db: Db; clock: Clock }) {
  /** Call before checking a password; throws 429 once the window's attempts are used up. */
  async function attempt(login: string, ip: string): Promise<void> {
    const now = clock.now();
    const window = await hitRateLimit(db, keyOf(login, ip), now, SIGN_IN_WINDOW_MS);
    // Failed guesses from many addresses would otherwise leave one row each, forever.
    await purgeExpiredRateLimits(db, now, SIGN_IN_WINDOW_MS);
    if (window.count <= SIGN_IN_ATTEMPTS_PER_WINDOW) return;
    const endsAt = window.windowStart.getTime() + SIGN_IN_WINDOW_MS;
    const seconds = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
    throw new TooManyRequestsError(`Too many sign-in attempts. Try again in ${seconds} seconds.`, seconds);
  }

  /** Call after a correct password: earlier failures no longer count against the login. */
  async function succeeded(login: string, ip: string): Promise<void> {
    await clearRateLimit(db, keyOf(login, ip));
  }

  return { attempt, succeeded };
}

export type SignInRateLimit = ReturnType<typeof createSignInRateLimit>;
