/**
 * Pipeline schedules' cron rule: GitLab's five fields (minute, hour, day of month, month, day of
 * week) with `*`, lists, ranges, steps and English names, read in the schedule's time zone. Pure:
 * the time zone arithmetic uses `Intl`, which every runtime has; no clock is read here.
 */
import { ianaTimeZone } from './railsTimeZones';

export type CronField = readonly number[];

export type Cron = {
  minutes: CronField;
  hours: CronField;
  days: CronField;
  months: CronField;
  weekdays: CronField;
  /** Both day fields restricted: a day matches when either does (Vixie cron, as GitLab's fugit). */
  dayOr: boolean;
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

type FieldSpec = { min: number; max: number; names?: string[]; namesFrom?: number };

const FIELDS: readonly FieldSpec[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS, namesFrom: 1 },
  // 7 is Sunday too.
  { min: 0, max: 7, names: WEEKDAYS, namesFrom: 0 },
];

/** Shorthands GitLab's parser reads as their five fields. */
const SHORTHANDS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

function value(text: string, spec: FieldSpec): number | null {
  const named = spec.names?.indexOf(text.toLowerCase()) ?? -1;
  if (named >= 0) return named + (spec.namesFrom ?? 0);
  if (!/^\d{1,2}$/.test(text)) return null;
  const number = Number(text);
  return number >= spec.min && number <= spec.max ? number : null;
}

function parseField(text: string, spec: FieldSpec): CronField | null {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^([^/]+)(?:\/(\d{1,2}))?$/.exec(part);
    if (!match) return null;
    const step = match[2] === undefined ? 1 : Number(match[2]);
    if (step < 1) return null;
    let from: number | null;
    let to: number | null;
    if (match[1] === '*') [from, to] = [spec.min, spec.max];
    else {
      const bounds = match[1]!.split('-');
      if (bounds.length > 2) return null;
      from = value(bounds[0]!, spec);
      to = bounds.length === 2 ? value(bounds[1]!, spec) : match[2] === undefined ? from : spec.max;
    }
    if (from === null || to === null || from > to) return null;
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return [...values].sort((a, b) => a - b);
}

/** The cron expression read, or null when it does not hold (GitLab: "is invalid syntax"). */
export function parseCron(expression: string): Cron | null {
  const trimmed = expression.trim();
  const text = SHORTHANDS[trimmed.toLowerCase()] ?? trimmed;
  const parts = text.split(/\s+/);
  if (parts.length !== 5) return null;
  const fields = parts.map((part, index) => parseField(part, FIELDS[index]!));
  if (fields.some((field) => field === null)) return null;
  const [minutes, hours, days, months, weekdaysRaw] = fields as CronField[];
  const weekdays = [...new Set(weekdaysRaw!.map((day) => day % 7))].sort((a, b) => a - b);
  return {
    minutes: minutes!,
    hours: hours!,
    days: days!,
    months: months!,
    weekdays,
    dayOr: !parts[2]!.startsWith('*') && !parts[4]!.startsWith('*'),
  };
}

/** Whether `zone` names a time zone: a Rails name (railsTimeZones.ts), or one this runtime knows (IANA names and `UTC`). */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: ianaTimeZone(zone) });
    return true;
  } catch {
    return false;
  }
}

type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** The wall clock in `zone` at `instant`. */
function wallTime(instant: Date, zone: string): WallTime {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

const asUtc = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);

const offsetAt = (instant: number, zone: string) => asUtc(wallTime(new Date(instant), zone)) - instant;

const HALF_DAY = 12 * 3_600_000;

/**
 * The instant the wall clock in `zone` shows `wall`: of a time daylight saving repeats, the
 * first; a time it skips is read with the offset before the jump (so it runs an hour later).
 */
function instantOf(wall: WallTime, zone: string): number {
  const target = asUtc(wall);
  const before = target - offsetAt(target - HALF_DAY, zone);
  const after = target - offsetAt(target + HALF_DAY, zone);
  const shows = (instant: number) => asUtc(wallTime(new Date(instant), zone)) === target;
  const valid = [before, after].filter(shows);
  return valid.length > 0 ? Math.min(...valid) : before;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function dayMatches(cron: Cron, year: number, month: number, day: number): boolean {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const byDay = cron.days.includes(day);
  const byWeekday = cron.weekdays.includes(weekday);
  return cron.dayOr ? byDay || byWeekday : byDay && byWeekday;
}

/** How many years ahead to look before deciding a rule never fires (`0 0 30 2 *`). */
const SEARCH_YEARS = 8;

/**
 * The first instant strictly after `after` at which `cron` fires in `zone`, or null when it
 * never does. Searches the zone's wall clock day by day, then the matching hours and minutes.
 */
export function nextCronRun(cron: Cron, zone: string, after: Date): Date | null {
  const start = wallTime(new Date(after.getTime() + 60_000), zone);
  const afterMs = after.getTime();
  for (let year = start.year; year <= start.year + SEARCH_YEARS; year++) {
    for (const month of cron.months) {
      if (year === start.year && month < start.month) continue;
      for (let day = 1; day <= daysInMonth(year, month); day++) {
        const today = year === start.year && month === start.month && day === start.day;
        if (year === start.year && month === start.month && day < start.day) continue;
        if (!dayMatches(cron, year, month, day)) continue;
        for (const hour of cron.hours) {
          if (today && hour < start.hour) continue;
          for (const minute of cron.minutes) {
            const instant = instantOf({ year, month, day, hour, minute }, zone);
            // Wall times repeated or skipped by daylight saving may map before `after`: skip them.
            if (instant > afterMs) return new Date(instant);
          }
        }
      }
    }
  }
  return null;
}

/** `nextCronRun` from the expression and zone as a schedule keeps them; null when either does not hold. */
export function nextRunAt(expression: string, zone: string, after: Date): Date | null {
  const cron = parseCron(expression);
  if (!cron || !isValidTimeZone(zone)) return null;
  return nextCronRun(cron, ianaTimeZone(zone), after);
}
