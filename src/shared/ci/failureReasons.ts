/**
 * GitLab's failure reasons of jobs (CommitStatus `failure_reason`), as the job request tells a
 * runner which ones the server knows (`features.failure_reasons`); a runner maps any other to one
 * of these, and the server takes an unknown one as `unknown_failure`.
 */
export const FAILURE_REASONS = [
  'unknown_failure',
  'script_failure',
  'api_failure',
  'stuck_or_timeout_failure',
  'runner_system_failure',
  'missing_dependency_failure',
  'runner_unsupported',
  'stale_schedule',
  'job_execution_timeout',
  'archived_failure',
  'unmet_prerequisites',
  'scheduler_failure',
  'data_integrity_failure',
  'forward_deployment_failure',
  'user_blocked',
  'project_deleted',
  'ci_quota_exceeded',
  'pipeline_loop_detected',
  'no_matching_runner',
  'trace_size_exceeded',
  'builds_disabled',
  'environment_creation_failure',
  'deployment_rejected',
  'failed_outdated_deployment_job',
  'job_execution_server_timeout',
  'protected_environment_failure',
  'insufficient_bridge_permissions',
  'downstream_bridge_project_not_found',
  'invalid_bridge_trigger',
  'upstream_bridge_project_not_found',
  'insufficient_upstream_permissions',
  'bridge_pipeline_is_child_pipeline',
  'downstream_pipeline_creation_failed',
  'secrets_provider_not_found',
  'reached_max_descendant_pipelines_depth',
  'ip_restriction_failure',
  'reached_max_pipeline_hierarchy_size',
  'reached_downstream_pipeline_trigger_rate_limit',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** A runner's reason as the server keeps it: one it knows, else `unknown_failure` (GitLab's fetch default). */
export const knownFailureReason = (reason: string | undefined): FailureReason =>
  (FAILURE_REASONS as readonly string[]).includes(reason ?? '')
    ? (reason as FailureReason)
    : 'unknown_failure';

/** Prefixes of GitLab's tokens, which runners mask in logs wherever they appear (`token_mask_prefixes`). */
export const TOKEN_MASK_PREFIXES = [
  'glpat-',
  'gloas-',
  'gldt-',
  'glrt-',
  'glcbt-',
  'glptt-',
  'glft-',
  'glimt-',
  'glagent-',
  'glsoat-',
  'glffct-',
] as const;
