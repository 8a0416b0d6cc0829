import type { CiStatus } from './composite';

/** How a bridge follows its downstream pipeline: GitLab's `trigger:strategy`. */
export type BridgeStrategy = 'depend' | 'mirror';

const MIRRORED: readonly CiStatus[] = ['success', 'failed', 'canceled', 'skipped', 'manual'];

/**
 * What a depending bridge becomes when its downstream pipeline reaches `status`, as GitLab's
 * Ci::Bridge#inherit_status_from_downstream. `depend`: it passes when the pipeline passes, is
 * canceled with it, and fails when it fails or was skipped; while the pipeline still runs (or
 * waits on a manual job) the bridge keeps running. `mirror` (GitLab 18.2) shows the downstream
 * status as it is: also skipped, and manual while the downstream pipeline is blocked on a manual
 * job, running again once it moves on. Null: the bridge stays as it is.
 */
export function bridgeStatusFromDownstream(
  status: CiStatus,
  strategy: BridgeStrategy = 'depend',
): CiStatus | null {
  if (strategy === 'mirror') return MIRRORED.includes(status) ? status : 'running';
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
