/** GitLab's: a runner that asked within 2 hours is online. */
export const RUNNER_ONLINE_CONTACT_TIMEOUT_MS = 2 * 60 * 60 * 1000;
/** GitLab's: a runner neither created nor heard from for 7 days is stale. */
export const RUNNER_STALE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;

export type RunnerStatus = 'online' | 'offline' | 'stale' | 'never_contacted';

/** A runner's status as GitLab shows it, from when it was created and last asked for jobs. */
export function runnerStatus(
  runner: { createdAt: Date; contactedAt: Date | null },
  now: Date,
): { status: RunnerStatus; online: boolean } {
  const latest = Math.max(runner.createdAt.getTime(), runner.contactedAt?.getTime() ?? 0);
  const online =
    runner.contactedAt !== null &&
    now.getTime() - runner.contactedAt.getTime() < RUNNER_ONLINE_CONTACT_TIMEOUT_MS;
  if (now.getTime() - latest >= RUNNER_STALE_TIMEOUT_MS) return { status: 'stale', online: false };
  if (!runner.contactedAt) return { status: 'never_contacted', online: false };
  return { status: online ? 'online' : 'offline', online };
}
