/** How often a delayed job's countdown ticks (GitLab's scheduled job countdown: every 1000 ms). */
export const COUNTDOWN_TICK_MS = 1000;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * What is left before a delayed job starts, as GitLab's countdown shows it: `HH:MM:SS` (hours
 * past 99 as they are), whole seconds rounded down, `00:00:00` once the time has come.
 */
export function remainingTime(scheduledAt: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((scheduledAt.getTime() - now.getTime()) / 1000));
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}
