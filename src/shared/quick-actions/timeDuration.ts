/**
 * Time tracking durations as GitLab writes them (`1mo 2w 3d 4h 5m`): a working day is 8 hours,
 * a week 5 days and a month 4 weeks, so `1d` is 28,800 seconds.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 8 * HOUR;
const WEEK = 5 * DAY;
const MONTH = 4 * WEEK;

const UNITS: ReadonlyArray<readonly [suffix: string, seconds: number]> = [
  ['mo', MONTH],
  ['w', WEEK],
  ['d', DAY],
  ['h', HOUR],
  ['m', MINUTE],
];

const PART = /^(\d+(?:\.\d+)?)(mo|w|d|h|m)$/;

/**
 * Seconds for a duration such as `1h 30m` or `-30m` (a leading minus subtracts, as `/spend`
 * allows); null when any part is not a number with a unit. A bare number is not accepted.
 */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const parts = (negative ? trimmed.slice(1) : trimmed).split(/\s+/).filter(Boolean);
  if (parts.length === 0) return null;
  let seconds = 0;
  for (const part of parts) {
    const match = PART.exec(part);
    if (!match) return null;
    const unit = UNITS.find(([suffix]) => suffix === match[2]);
    if (!unit) return null;
    seconds += Number(match[1]) * unit[1];
  }
  const rounded = Math.round(seconds);
  return negative ? -rounded : rounded;
}

/** `5400` as `1h 30m`; zero as `0m`; the sign is the caller's to show. */
export function formatDuration(totalSeconds: number): string {
  let rest = Math.abs(Math.round(totalSeconds / MINUTE)) * MINUTE;
  const parts: string[] = [];
  for (const [suffix, seconds] of UNITS) {
    const count = Math.floor(rest / seconds);
    if (count > 0) parts.push(`${count}${suffix}`);
    rest -= count * seconds;
  }
  return parts.length > 0 ? parts.join(' ') : '0m';
}
