import { z } from 'zod';
import { USER_CALLOUT_FEATURE_NAMES } from './userCallouts';
import { pipelineStageSchema } from './pipelinePages';
import { detailedStatusSchema } from './pipelines';
import { MERGE_REQUEST_EVENT_TYPES } from '../ci/views/pipelineTypes';
import { MERGE_CHECK_IDENTIFIERS, MERGE_CHECK_STATUSES } from '../merge-checks/mergeChecks';
import {
  AUTO_MERGE_STRATEGIES,
  DETAILED_MERGE_STATUSES,
  MERGE_REQUEST_STATES,
  MERGE_STATUSES,
} from './mergeRequests';

/** An upstream or downstream pipeline as the mini graph shows it beside the stages. */
export const linkedPipelineSchema = z.object({
  id: z.number(),
  path: z.string(),
  status: detailedStatusSchema,
  project: z.object({ name: z.string(), full_path: z.string() }),
});
export type LinkedPipeline = z.infer<typeof linkedPipelineSchema>;

const person = z.object({ id: z.number(), username: z.string(), name: z.string(), web_url: z.string() });

/** The head pipeline as the widget's pipeline section shows it (spec 000 section 3, Pipeline). */
export const widgetPipelineSchema = z.object({
  id: z.number(),
  path: z.string(),
  details: z.object({
    status: detailedStatusSchema,
    /** What kind of pipeline it is; a branch pipeline is GitLab's plain "Pipeline". */
    event_type_name: z.string(),
    stages: z.array(pipelineStageSchema),
    finished_at: z.string().nullable(),
  }),
  /** The kind of merge request pipeline (GitLab's `merge_request_event_type`); null for a branch pipeline. */
  merge_request_event_type: z.enum(MERGE_REQUEST_EVENT_TYPES).nullable(),
  flags: z.object({ merge_train_pipeline: z.boolean() }),
  commit: z.object({ short_id: z.string(), commit_path: z.string() }),
  ref: z.object({ branch: z.string() }),
  coverage: z.string().nullable(),
  /** The pipeline that triggered this one (the mini graph's upstream icon), when one did. */
  triggered_by: linkedPipelineSchema.nullable(),
  /** The pipelines this one triggered (the mini graph's downstream dropdowns). */
  triggered: z.array(linkedPipelineSchema),
});
export type WidgetPipeline = z.infer<typeof widgetPipelineSchema>;

/**
 * `{project}/-/merge_requests/{iid}/cached_widget.json`: what every viewer sees the same. Served
 * with an ETag; polls answer 304 while nothing changed.
 */
export const cachedWidgetSchema = z.object({
  id: z.number(),
  iid: z.number(),
  title: z.string(),
  state: z.enum(MERGE_REQUEST_STATES),
  source_branch: z.string(),
  target_branch: z.string(),
  source_branch_exists: z.boolean(),
  target_branch_exists: z.boolean(),
  /** Merged with its source branch deleted afterwards. */
  source_branch_removed: z.boolean(),
  target_project_full_path: z.string(),
  project_archived: z.boolean(),
  /** This node is a read-only Geo secondary: merging happens on the primary. */
  is_geo_secondary_node: z.boolean(),
  merge_status: z.enum(MERGE_STATUSES),
  detailed_merge_status: z.enum(DETAILED_MERGE_STATUSES),
  mergeability_checks: z.array(
    z.object({ identifier: z.enum(MERGE_CHECK_IDENTIFIERS), status: z.enum(MERGE_CHECK_STATUSES) }),
  ),
  merge_error: z.string().nullable(),
  diff_head_sha: z.string().nullable(),
  commits_count: z.number(),
  /** Commits the target has that the source lacks. */
  diverged_commits_count: z.number(),
  ff_only_enabled: z.boolean(),
  ff_merge_possible: z.boolean(),
  squash: z.boolean(),
  squash_readonly: z.boolean(),
  /** The project's squash option says "encourage" or "require": the checkbox starts ticked. */
  squash_on_merge: z.boolean(),
  should_remove_source_branch: z.boolean().nullable(),
  force_remove_source_branch: z.boolean(),
  /**
   * A merge that states no choice of its own deletes the source branch (GitLab's field): the
   * request's choice, else the project's default, and only where its author may remove the branch
   * (shared/merge-requests/sourceBranchRemoval), so the widget promises only what will happen.
   */
  remove_source_branch: z.boolean(),
  /** The server moved the request to another target (its target was merged and deleted): its checks ran against the old one. */
  retargeted: z.boolean(),
  auto_merge_enabled: z.boolean(),
  auto_merge_strategy: z.enum(AUTO_MERGE_STRATEGIES).nullable(),
  available_auto_merge_strategies: z.array(z.enum(AUTO_MERGE_STRATEGIES)),
  /** Cars on the train of the request's target branch (GitLab's `mergeTrainsCount`). */
  merge_trains_count: z.number(),
  /** The request's place on that train from 0 at the front (`mergeTrainIndex`); null when not on it. */
  merge_train_index: z.number().nullable(),
  /** The pipeline of the request's car (its merged result with the cars ahead); null off a train or without CI. */
  merge_train_pipeline: z
    .object({ id: z.number(), path: z.string(), status: detailedStatusSchema })
    .nullable(),
  /** "Merge now and don't restart train" is allowed (`mergeTrainsSkipAllowed`). */
  merge_trains_skip_allowed: z.boolean(),
  rebase_in_progress: z.boolean(),
  only_allow_merge_if_pipeline_succeeds: z.boolean(),
  /** A pipeline ran for the request's head (GitLab's `has_ci`: the widget shows its pipeline section). */
  has_ci: z.boolean(),
  /** The head pipeline, null while none ran. */
  pipeline: widgetPipelineSchema.nullable(),
  merge_commit_sha: z.string().nullable(),
  squash_commit_sha: z.string().nullable(),
  merged_commit_sha: z.string().nullable(),
  short_merged_commit_sha: z.string().nullable(),
  metrics: z.object({
    merged_by: person.nullable(),
    merged_at: z.string().nullable(),
    closed_by: person.nullable(),
    closed_at: z.string().nullable(),
  }),
});
export type CachedWidget = z.infer<typeof cachedWidgetSchema>;

/** `{project}/-/merge_requests/{iid}/widget.json`: what this viewer may do, and the merge defaults they would get. */
/** A merge request that blocks this one, as the blocking merge requests report lists it. */
const blockingMergeRequestSchema = z.object({
  id: z.number(),
  iid: z.number(),
  title: z.string(),
  state: z.string(),
  reference: z.string(),
  web_url: z.string(),
});
export type BlockingMergeRequest = z.infer<typeof blockingMergeRequestSchema>;

/** GitLab's widget report: blockers this viewer may see by state, and how many they may not. */
const blockingMergeRequestsSchema = z.object({
  total_count: z.number(),
  hidden_count: z.number(),
  visible_merge_requests: z.object({
    opened: z.array(blockingMergeRequestSchema),
    closed: z.array(blockingMergeRequestSchema),
    merged: z.array(blockingMergeRequestSchema),
  }),
});
export type BlockingMergeRequests = z.infer<typeof blockingMergeRequestsSchema>;

export const widgetSchema = z.object({
  current_user: z.object({
    can_merge: z.boolean(),
    can_remove_source_branch: z.boolean(),
    can_push_to_source_branch: z.boolean(),
    can_cancel_automatic_merge: z.boolean(),
    can_reopen: z.boolean(),
    /** A merged request's Revert and Cherry-pick: for those who may push to the project. */
    can_revert_on_current_merge_request: z.boolean(),
    can_cherry_pick_on_current_merge_request: z.boolean(),
  }),
  default_merge_commit_message: z.string().nullable(),
  default_squash_commit_message: z.string().nullable(),
  merge_path: z.string(),
  rebase_path: z.string(),
  cancel_auto_merge_path: z.string(),
  blocking_merge_requests: blockingMergeRequestsSchema,
  /**
   * The pipeline suggestion card's button: a new `.gitlab-ci.yml` on the source branch. Null when
   * the source head has one, the request is not open or has no commits, or this viewer may not push there.
   */
  merge_request_add_ci_config_path: z.string().nullable(),
  /** Where the cards' close buttons post `feature_name`. */
  user_callouts_path: z.string(),
  suggest_pipeline_feature_id: z.enum(USER_CALLOUT_FEATURE_NAMES),
  is_dismissed_suggest_pipeline: z.boolean(),
  /** The migration card needs a Jenkins integration; there are no integrations, so never. */
  ci_integration_jenkins: z.literal(false),
});
export type Widget = z.infer<typeof widgetSchema>;
