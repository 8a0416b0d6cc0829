/** GitLab's test report duration: milliseconds below a second, else seconds, two decimals. */
export function formattedTime(seconds: number): string {
  return seconds < 1 ? `${(seconds * 1000).toFixed(2)}ms` : `${seconds.toFixed(2)}s`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * GitLab's summary line items: tests, failures, errors, and the success rate, which leaves skipped
 * tests out and shows two decimals only when they are not .00.
 */
export function summaryTexts(counts: {
  total: number;
  failed: number;
  error: number;
  success: number;
  skipped: number;
}): string[] {
  const completed = counts.total - counts.skipped;
  const rate = completed > 0 ? Number(((counts.success / completed) * 100).toFixed(2)) : 0;
  return [
    plural(counts.total, 'test', 'tests'),
    plural(counts.failed, 'failure', 'failures'),
    plural(counts.error, 'error', 'errors'),
    `${rate}% success rate`,
  ];
}
