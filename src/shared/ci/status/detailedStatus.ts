import type { CiStatus } from './composite';

/** GitLab's `detailed_status`, as its API and pages present a job, stage or pipeline status. */
export interface DetailedStatus {
  icon: string;
  text: string;
  label: string;
  group: string;
  tooltip: string;
  has_details: boolean;
  details_path: string | null;
  illustration: null;
  favicon: string;
  action?: DetailedStatusAction;
}

export interface DetailedStatusAction {
  icon: string;
  title: string;
  path: string;
  method: 'post';
  button_title: string;
  confirmation_message?: string;
}

interface Core {
  text: string;
  label: string;
  icon: string;
  group: string;
}

/** Gitlab::Ci::Status core classes: text shown in badges, label in sentences, icon, group. */
const CORE: Record<CiStatus, Core> = {
  created: { text: 'Created', label: 'created', icon: 'status_created', group: 'created' },
  waiting_for_resource: {
    text: 'Waiting',
    label: 'waiting for resource',
    icon: 'status_pending',
    group: 'waiting-for-resource',
  },
  preparing: { text: 'Preparing', label: 'preparing', icon: 'status_preparing', group: 'preparing' },
  waiting_for_callback: {
    text: 'Waiting',
    label: 'waiting for callback',
    icon: 'status_pending',
    group: 'waiting-for-callback',
  },
  pending: { text: 'Pending', label: 'pending', icon: 'status_pending', group: 'pending' },
  running: { text: 'Running', label: 'running', icon: 'status_running', group: 'running' },
  success: { text: 'Passed', label: 'passed', icon: 'status_success', group: 'success' },
  failed: { text: 'Failed', label: 'failed', icon: 'status_failed', group: 'failed' },
  canceling: { text: 'Canceling', label: 'canceling', icon: 'status_canceled', group: 'canceling' },
  canceled: { text: 'Canceled', label: 'canceled', icon: 'status_canceled', group: 'canceled' },
  skipped: { text: 'Skipped', label: 'skipped', icon: 'status_skipped', group: 'skipped' },
  manual: { text: 'Manual', label: 'manual action', icon: 'status_manual', group: 'manual' },
  scheduled: { text: 'Scheduled', label: 'scheduled', icon: 'status_scheduled', group: 'scheduled' },
};

/** The failure reasons' words in a failed job's tooltip (`Failed - (script failure)`). */
const FAILURE_REASONS: Record<string, string> = {
  unknown_failure: 'unknown failure',
  script_failure: 'script failure',
  api_failure: 'API failure',
  stuck_or_timeout_failure: 'stuck or timeout failure',
  runner_system_failure: 'runner system failure',
  missing_dependency_failure: 'missing dependency failure',
  runner_unsupported: 'unsupported runner',
  stale_schedule: 'stale schedule',
  job_execution_timeout: 'job execution timeout',
  archived_failure: 'archived failure',
  unmet_prerequisites: 'unmet prerequisites',
  scheduler_failure: 'scheduler failure',
  data_integrity_failure: 'data integrity failure',
  no_matching_runner: 'no matching runner available',
  trace_size_exceeded: 'log size limit exceeded',
};

function base(status: CiStatus, basePath: string, detailsPath: string | null): DetailedStatus {
  const core = CORE[status];
  const favicon = `favicon_${core.icon === 'status_warning' ? 'status_success' : core.icon}`;
  return {
    icon: core.icon,
    text: core.text,
    label: core.label,
    group: core.group,
    tooltip: core.label,
    has_details: detailsPath !== null,
    details_path: detailsPath,
    illustration: null,
    favicon: `${basePath}/assets/ci_favicons/${favicon}.png`,
  };
}

/** What GitLab's Build status classes look at. `canUpdate`: the viewer may run, retry or cancel it. */
export interface JobStatusSubject {
  status: CiStatus;
  allowFailure: boolean;
  when: string;
  retryable: boolean;
  retried?: boolean;
  stopsEnvironment?: boolean;
  failureReason?: string;
  manualConfirmation?: string;
  /** For a scheduled job: the time left, as the page shows it (`00:04:59`). */
  scheduledIn?: string;
  canUpdate: boolean;
  canRead: boolean;
}

/**
 * A job's detailed status: the core status, then GitLab's extended ones in their order
 * (cancel or retry action, failure reason, allowed to fail, play/stop/unschedule, not-allowed
 * label, retried). `jobPath` is the job page (`/group/project/-/jobs/42`).
 */
export function jobDetailedStatus(
  job: JobStatusSubject,
  paths: { basePath: string; jobPath: string },
): DetailedStatus {
  const status = base(job.status, paths.basePath, job.canRead ? paths.jobPath : null);
  const action = (
    icon: string,
    title: string,
    suffix: string,
    buttonTitle: string,
    confirm = false,
  ): void => {
    if (!job.canUpdate) return;
    status.action = {
      icon,
      title,
      path: `${paths.jobPath}/${suffix}`,
      method: 'post',
      button_title: buttonTitle,
      ...(confirm && job.manualConfirmation ? { confirmation_message: job.manualConfirmation } : {}),
    };
  };
  if (job.status === 'scheduled' && job.scheduledIn)
    status.tooltip = `delayed manual action (${job.scheduledIn})`;
  const cancelable = ['created', 'waiting_for_resource', 'preparing', 'pending', 'running'].includes(
    job.status,
  );
  if (cancelable) action('cancel', 'Cancel', 'cancel', 'Cancel this job');
  else if (job.retryable) action('retry', 'Run again', 'retry', 'Run this job again', true);
  if (job.status === 'failed')
    status.tooltip = `${status.text} - (${FAILURE_REASONS[job.failureReason ?? 'unknown_failure'] ?? (job.failureReason ?? '').replace(/_/g, ' ')})`;
  const isAction = job.when === 'manual' || job.when === 'delayed';
  // A bridge mirroring a downstream pipeline blocked on a manual job is manual, yet no action.
  const playable = (job.status === 'manual' && isAction) || (job.when === 'manual' && job.retryable);
  if (job.status === 'failed' && job.allowFailure) {
    status.label = 'failed (allowed to fail)';
    status.icon = 'status_warning';
    status.group = 'failed-with-warnings';
    status.tooltip = `${status.tooltip} (allowed to fail)`;
  } else if (job.status === 'scheduled') {
    action('time-out', 'Unschedule', 'unschedule', 'Unschedule job');
  } else if (playable && !job.stopsEnvironment) {
    status.label = 'manual play action';
    action('play', 'Run', 'play', 'Run job', true);
  } else if (playable && job.stopsEnvironment) {
    status.label = 'manual stop action';
    action('stop', 'Stop', 'play', 'Stop this environment', true);
  }
  if (isAction && !job.canUpdate) status.label = `${status.label} (not allowed)`;
  if (job.retried) status.tooltip = `${status.tooltip} (retried)`;
  if (status.tooltip === CORE[job.status].label) status.tooltip = status.label;
  return status;
}

/** A pipeline's detailed status: passed with warnings, blocked (manual) and delayed (scheduled) as GitLab words them. */
export function pipelineDetailedStatus(
  pipeline: { status: CiStatus; warnings: boolean },
  paths: { basePath: string; pipelinePath: string },
): DetailedStatus {
  const status = base(pipeline.status, paths.basePath, paths.pipelinePath);
  if (pipeline.status === 'success' && pipeline.warnings) withWarnings(status);
  else if (pipeline.status === 'manual')
    Object.assign(status, {
      text: 'Blocked',
      label: 'waiting for manual action',
      tooltip: 'waiting for manual action',
    });
  else if (pipeline.status === 'scheduled')
    Object.assign(status, {
      text: 'Delayed',
      label: 'waiting for delayed job',
      tooltip: 'waiting for delayed job',
    });
  return status;
}

/** A stage's detailed status; a stage waiting on manual jobs offers to run them all. */
export function stageDetailedStatus(
  stage: {
    name: string;
    status: CiStatus;
    warnings: boolean;
    hasPlayableManualJobs: boolean;
    canUpdate: boolean;
  },
  paths: { basePath: string; pipelinePath: string },
): DetailedStatus {
  const status = base(stage.status, paths.basePath, `${paths.pipelinePath}#${stage.name}`);
  if (stage.status === 'success' && stage.warnings) withWarnings(status);
  if (
    ['manual', 'scheduled', 'skipped'].includes(stage.status) &&
    stage.hasPlayableManualJobs &&
    stage.canUpdate
  )
    status.action = {
      icon: 'play',
      title: 'Run all manual',
      path: `${paths.pipelinePath}/stages/${encodeURIComponent(stage.name)}/play_manual`,
      method: 'post',
      button_title: 'Run all manual',
    };
  return status;
}

function withWarnings(status: DetailedStatus): void {
  Object.assign(status, {
    text: 'Warning',
    label: 'passed with warnings',
    icon: 'status_warning',
    group: 'success-with-warnings',
    tooltip: 'passed with warnings',
  });
}
