/** When a job ran: both ends known once it finished. */
export type JobPeriod = { startedAt: Date | null; finishedAt: Date | null };

/**
 * GitLab's pipeline duration: the time some job of it was running, each instant counted once
 * however many jobs ran in it (overlapping periods merged), in whole seconds. Jobs that did not
 * both start and finish count nothing; null when none did.
 */
export function pipelineDuration(periods: readonly JobPeriod[]): number | null {
  const spans = periods
    .filter((period): period is { startedAt: Date; finishedAt: Date } =>
      Boolean(period.startedAt && period.finishedAt),
    )
    .map((period) => [period.startedAt.getTime(), period.finishedAt.getTime()] as const)
    .filter(([start, end]) => end >= start)
    .sort((a, b) => a[0] - b[0]);
  if (spans.length === 0) return null;
  let total = 0;
  let [currentStart, currentEnd] = spans[0]!;
  for (const [start, end] of spans.slice(1)) {
    if (start <= currentEnd) {
      currentEnd = Math.max(currentEnd, end);
      continue;
    }
    total += currentEnd - currentStart;
    [currentStart, currentEnd] = [start, end];
  }
  total += currentEnd - currentStart;
  return Math.round(total / 1000);
}
