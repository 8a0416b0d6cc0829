import type { CiStatus } from './composite';

/**
 * What a bridge with `strategy: depend` becomes when its downstream pipeline reaches `status`, as
 * GitLab's Ci::Bridge#inherit_status_from_downstream: it passes when the pipeline passes, is
 * canceled with it, and fails when it fails or was skipped; while the pipeline still runs (or
 * waits on a manual job) the bridge keeps running. Null: the bridge stays as it is.
 */
export function bridgeStatusFromDownstream(status: CiStatus): CiStatus | null {
  switch (status) {
    case 'success':
      return 'success';
    case 'failed':
    case 'skipped':
      return 'failed';
    case 'canceled':
      return 'canceled';
    default:
      return null;
  }
}

/** The failure reason a depending bridge gets when its downstream pipeline did not pass. */
export const DOWNSTREAM_FAILED_REASON = 'unknown_failure';
