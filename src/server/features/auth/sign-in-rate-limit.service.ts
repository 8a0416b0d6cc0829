import type { SignInAccount } from '../../auth/current-user';
import { TooManyRequestsError } from '../../errors';
import type { RateLimitRule, RateLimits } from '../rate-limits/rate-limits.service';

/**
 * Guesses at one account, from any number of addresses: GitLab locks an account for 10 minutes
 * after 10 failed sign-ins, and a correct password starts the count again.
 */
export const ACCOUNT_SIGN_IN_LIMIT: RateLimitRule = { limit: 10, windowMs: 10 * 60_000 };

/**
 * Failed sign-ins from one client address, at any accounts: one address trying a few passwords at
 * each of many accounts. Only failures count, so people signing in behind one NAT are not limited.
 */
export const ADDRESS_SIGN_IN_LIMIT: RateLimitRule = { limit: 30, windowMs: 60_000 };

/** A login's account, the same whether it is written as the username, the email or in other letter case. */
const accountKey = ({ login, userId }: SignInAccount) =>
  `sign_in_account:${userId === undefined ? login.trim().toLowerCase() : `#${userId}`}`;
const addressKey = (ip: string) => `sign_in_address:${ip}`;

/**
 * Limits password guesses (sign-in page, OAuth password grant, HTTP Basic with a password) per
 * account and per client address, counted in the `rate_limits` table so every app process shares
 * the count. Each attempt takes its slots before the password is checked (so parallel guesses
 * cannot slip past the limit); a correct password gives them back.
 */
export function createSignInRateLimit({
  rateLimits,
}: {
  rateLimits: Pick<RateLimits, 'hit' | 'release' | 'clear'>;
}) {
  /** Call before checking a password; throws 429 once the account's or the address's attempts are used up. */
  async function attempt(account: SignInAccount, ip: string): Promise<void> {
    const waits = [
      await rateLimits.hit(accountKey(account), ACCOUNT_SIGN_IN_LIMIT),
      await rateLimits.hit(addressKey(ip), ADDRESS_SIGN_IN_LIMIT),
    ].filter((seconds): seconds is number => seconds !== null);
    if (waits.length === 0) return;
    const seconds = Math.max(...waits);
    throw new TooManyRequestsError(`Too many sign-in attempts. Try again in ${seconds} seconds.`, seconds);
  }

  /** Call after a correct password: the account's failures are forgotten, this attempt no failure. */
  async function succeeded(account: SignInAccount, ip: string): Promise<void> {
    await rateLimits.clear(accountKey(account));
    await rateLimits.release(addressKey(ip));
  }

  return { attempt, succeeded };
}

export type SignInRateLimit = ReturnType<typeof createSignInRateLimit>;
