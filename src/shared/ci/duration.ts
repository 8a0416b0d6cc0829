const UNIT_SECONDS: Record<string, number> = {
  second: 1,
  minute: 60,
  hour: 3600,
  day: 86_400,
  week: 604_800,
  month: 2_592_000,
  year: 31_557_600,
};

const UNIT_NAMES: Record<string, keyof typeof UNIT_SECONDS> = {
  s: 'second',
  sec: 'second',
  secs: 'second',
  second: 'second',
  seconds: 'second',
  m: 'minute',
  min: 'minute',
  mins: 'minute',
  minute: 'minute',
  minutes: 'minute',
  h: 'hour',
  hr: 'hour',
  hrs: 'hour',
  hour: 'hour',
  hours: 'hour',
  d: 'day',
  day: 'day',
  days: 'day',
  w: 'week',
  wk: 'week',
  wks: 'week',
  week: 'week',
  weeks: 'week',
  mo: 'month',
  mos: 'month',
  mon: 'month',
  mons: 'month',
  month: 'month',
  months: 'month',
  y: 'year',
  yr: 'year',
  yrs: 'year',
  year: 'year',
  years: 'year',
};

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  a: 1,
  an: 1,
};

/** `1.month` in Rails, GitLab's longest job timeout. */
export const MAX_JOB_TIMEOUT_SECONDS = 2_629_746;
/** The longest `start_in` GitLab accepts. */
export const MAX_START_IN_SECONDS = 604_800;

/**
 * Seconds in a human duration as GitLab's ChronicDuration reads it (`3h 30m`, `1 day and 2
 * hours`, `90 minutes`, `1:30`, a bare number of seconds), or null when it is not one.
 */
export function parseDuration(text: string): number | null {
  const cleaned = text.trim().toLowerCase();
  if (cleaned === '') return null;
  if (/^\d+(:\d{1,2}){1,2}$/.test(cleaned)) {
    return cleaned.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  }
  const tokens = cleaned
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .split(/[\s,]+/)
    .filter((token) => token !== '' && token !== 'and');
  let total = 0;
  let pending: number | null = null;
  let sawNumber = false;
  for (const token of tokens) {
    const number = /^\d+(\.\d+)?$/.test(token) ? Number(token) : NUMBER_WORDS[token];
    if (number !== undefined) {
      if (pending !== null) total += pending;
      pending = number;
      sawNumber = true;
      continue;
    }
    const unit = UNIT_NAMES[token];
    if (unit === undefined || pending === null) return null;
    total += pending * UNIT_SECONDS[unit]!;
    pending = null;
  }
  if (!sawNumber) return null;
  if (pending !== null) total += pending;
  return Math.round(total);
}

/** `artifacts:expire_in`: a duration, or `never` (GitLab's DurationParser). */
export function parseExpireIn(text: string): number | 'never' | null {
  return text.trim().toLowerCase() === 'never' ? 'never' : parseDuration(text);
}
