import type { CiStatus } from '../../shared/ci/status/composite';
import { pipelineDetailedStatus } from '../../shared/ci/status/detailedStatus';

/** What a status badge or icon shows: GitLab's icon name, badge text, and the words for a sentence or tooltip. */
export type StatusLook = { icon: string; text: string; label: string; group: string };

const PATHS = { basePath: '', pipelinePath: '' };

/**
 * A pipeline's or stage's look (GitLab words a waiting manual pipeline "Blocked", one that passed
 * with allowed failures "Warning").
 */
export function pipelineLook(status: CiStatus, warnings = false): StatusLook {
  const { icon, text, label, group } = pipelineDetailedStatus({ status, warnings }, PATHS);
  return { icon, text, label, group };
}

/** A job's look: a manual job reads "Manual"; a failure it was allowed is a warning. */
export function jobLook(job: { status: CiStatus; allow_failure: boolean }): StatusLook {
  const look = pipelineLook(job.status);
  if (job.status === 'manual') return { ...look, text: 'Manual', label: 'manual action' };
  if (job.status === 'scheduled') return { ...look, text: 'Scheduled', label: 'scheduled' };
  if (job.status === 'failed' && job.allow_failure)
    return {
      ...look,
      icon: 'status_warning',
      label: 'failed (allowed to fail)',
      group: 'failed-with-warnings',
    };
  return look;
}
