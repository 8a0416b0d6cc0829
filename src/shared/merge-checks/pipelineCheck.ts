import { ACTIVE_STATUSES, type CiStatus } from '../ci/status/composite';

/** Statuses a pipeline leaves by itself: created, queued, at work, delayed, being canceled. */
const STILL_RUNNING: ReadonlySet<CiStatus> = new Set([
  ...ACTIVE_STATUSES,
  'created',
  'scheduled',
  'canceling',
]);

/** How the head pipeline stands against "Pipelines must succeed" (GitLab's CheckCiStatusService). */
export type PipelineCheck = 'inactive' | 'passed' | 'ci_must_pass' | 'ci_still_running';

export type PipelineCheckFacts = {
  /** The project's "Pipelines must succeed" (`only_allow_merge_if_pipeline_succeeds`). */
  pipelineMustSucceed: boolean;
  /** The project's "Skipped pipelines are considered successful" (`allow_merge_on_skipped_pipeline`). */
  skippedIsSuccess: boolean;
  /** The status of the head pipeline: the latest for the source branch at the head commit; null when none ran. */
  headPipeline: CiStatus | null;
};

/**
 * The CI merge check. Only a project that requires a pipeline asks; then a successful head pipeline
 * passes (a skipped one too where the project says so), one still at work is `ci_still_running`
 * (time settles it), and anything else fails as `ci_must_pass`: no pipeline, a failed or canceled
 * one, and one that waits on a manual job (blocked: nobody's action is certain to come).
 */
export function pipelineCheck(facts: PipelineCheckFacts): PipelineCheck {
  if (!facts.pipelineMustSucceed) return 'inactive';
  const status = facts.headPipeline;
  if (status === 'success' || (status === 'skipped' && facts.skippedIsSuccess)) return 'passed';
  if (status !== null && STILL_RUNNING.has(status)) return 'ci_still_running';
  return 'ci_must_pass';
}
