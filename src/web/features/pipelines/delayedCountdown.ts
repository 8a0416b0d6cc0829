/** The delayed job countdown ticks every second (001 section 4). */
export const COUNTDOWN_TICK_MS = 1000;

const two = (value: number) => String(value).padStart(2, '0');

/**
 * The time left before a delayed job starts, as GitLab's job page counts it down: `HH:MM:SS`
 * (hours past 24 kept as hours), never below `00:00:00`.
 */
export function remainingTime(scheduledAt: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(scheduledAt) - now) / 1000));
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}
