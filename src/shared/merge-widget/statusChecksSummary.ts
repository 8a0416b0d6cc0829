import type { StatusCheckStatus } from '../api/statusChecks';

/**
 * The status checks report's summary line, in GitLab's words: "Status checks all passed", or
 * what still stands in the way ("Status checks 1 failed, 2 pending"); passed ones are not counted.
 */
export function statusChecksSummary(statuses: readonly StatusCheckStatus[]): string {
  const failed = statuses.filter((status) => status === 'failed').length;
  const pending = statuses.filter((status) => status === 'pending').length;
  if (failed === 0 && pending === 0) return 'Status checks all passed';
  const parts = [failed > 0 ? `${failed} failed` : null, pending > 0 ? `${pending} pending` : null];
  return `Status checks ${parts.filter((part) => part !== null).join(', ')}`;
}
