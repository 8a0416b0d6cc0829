import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ApplicationRateLimitError } from '../../errors';
import {
  clearRateLimit,
  hitRateLimit,
  purgeExpiredRateLimits,
  releaseRateLimitHit,
} from './rate-limits.repo';

/** At most `limit` hits per `windowMs`, counted in fixed windows. */
export type RateLimitRule = { limit: number; windowMs: number };

/**
 * What a signed-in user does at most so often (GitLab's application rate limits): creating notes,
 * issues, merge requests and pipelines. Counted per user (issues per project too, pipelines per
 * project and commit, as GitLab scopes them).
 */
export type UserAction = 'notes_create' | 'issues_create' | 'merge_requests_create' | 'pipelines_create';

/** What anyone may do, signed in or not: anonymous callers are counted by address, more tightly. */
export type OpenAction = 'markdown_preview';

/** Who is asking: a user by id, anyone else by client address. */
export type RateLimitCaller = { user: { id: number } | null; ip: string };

/** GitLab's application rate limits all count requests per minute. */
const MINUTE_MS = 60_000;

/**
 * Rate limits counted in the `rate_limits` table, so every app process shares the count (a limit
 * kept in one process's memory would let N processes allow N times as much).
 */
export function createRateLimits({ db, clock, config }: { db: Db; clock: Clock; config: Config }) {
  /**
   * Counts one hit of `key`; answers the seconds until its window ends when the window's allowance
   * is used up, else null. A limit of 0 counts nothing and allows everything (GitLab's "0 disables").
   */
  async function hit(key: string, { limit, windowMs }: RateLimitRule): Promise<number | null> {
    if (limit <= 0) return null;
    const now = clock.now();
    const window = await hitRateLimit(db, key, now, windowMs);
    // A window starts: forget those that have ended, or every key ever limited would stay a row.
    if (window.count === 1) await purgeExpiredRateLimits(db, now);
    if (window.count <= limit) return null;
    return Math.max(1, Math.ceil((window.expiresAt.getTime() - now.getTime()) / 1000));
  }

  /** Gives one hit back (it turned out not to count, like a correct password). */
  const release = (key: string) => releaseRateLimitHit(db, key);
  const clear = (key: string) => clearRateLimit(db, key);

  const { applicationRateLimits: limits } = config;
  const userLimits: Record<UserAction, number> = {
    notes_create: limits.notesCreate,
    issues_create: limits.issuesCreate,
    merge_requests_create: limits.mergeRequestsCreate,
    pipelines_create: limits.pipelinesCreate,
  };
  const openLimits: Record<OpenAction, { user: number; anonymous: number }> = {
    markdown_preview: { user: limits.markdownPreview, anonymous: limits.markdownPreviewUnauthenticated },
  };

  async function enforce(key: string, limit: number): Promise<void> {
    const retryAfter = await hit(key, { limit, windowMs: MINUTE_MS });
    if (retryAfter !== null) throw new ApplicationRateLimitError(retryAfter);
  }

  /**
   * Counts a user's request to do `action` (within `scope`: a project, a commit) and refuses it
   * with 429 once the minute's allowance is used up. Call before anything is written.
   */
  async function check(action: UserAction, user: { id: number }, scope: Array<string | number> = []) {
    await enforce([action, `user:${user.id}`, ...scope].join(':'), userLimits[action]);
  }

  /** As check, for what anonymous callers may do too: they are counted by address, with a lower limit. */
  async function checkCaller(action: OpenAction, caller: RateLimitCaller) {
    const { user, anonymous } = openLimits[action];
    if (caller.user) await enforce(`${action}:user:${caller.user.id}`, user);
    else await enforce(`${action}:ip:${caller.ip}`, anonymous);
  }

  return { hit, release, clear, check, checkCaller };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
