/**
 * How long ago something happened, as Primer's `relative-time` element words it by default: the
 * elapsed time rounded to one unit ("now" under 10 seconds, "5 minutes ago", "yesterday", "last
 * week") up to 30 days, then the date ("on Nov 3", with the year when it is not this year's).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const THRESHOLD = 30 * DAY;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const thisYearDate = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' });
const otherYearDate = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric' });
const fullDate = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** The one unit the elapsed time rounds to, with relative-time's thresholds (55 s, 55 min, 21 h, 7 days). */
function singleUnit(elapsed: number): [number, Intl.RelativeTimeFormatUnit] {
  const seconds = Math.round(elapsed / SECOND);
  if (seconds < 55) return [seconds, 'second'];
  const minutes = Math.max(1, Math.round(elapsed / MINUTE));
  if (minutes < 55) return [minutes, 'minute'];
  const hours = Math.max(1, Math.round(elapsed / HOUR));
  if (hours < 21) return [hours, 'hour'];
  const days = Math.max(1, Math.round(elapsed / DAY));
  if (days < 7) return [days, 'day'];
  return [Math.round(days / 7), 'week'];
}

export function timeAgo(date: Date, now: Date): string {
  // A date a little ahead of this clock (another machine's) is "now", not "in 2 seconds".
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed > THRESHOLD) {
    const sameYear = date.getFullYear() === now.getFullYear();
    return `on ${(sameYear ? thisYearDate : otherYearDate).format(date)}`;
  }
  const [count, unit] = singleUnit(elapsed);
  return unit === 'second' && count < 10 ? relativeWords(0, 'second') : relativeWords(count, unit);
}

// The same few phrases come up for every note of a page: each is worded once.
const phrases = new Map<string, string>();
function relativeWords(count: number, unit: Intl.RelativeTimeFormatUnit): string {
  const key = `${count} ${unit}`;
  let words = phrases.get(key);
  if (words === undefined) phrases.set(key, (words = relative.format(-count, unit)));
  return words;
}

/** The full date and time, for the title that shows on hover. */
export const fullDateTime = (date: Date): string => fullDate.format(date);
