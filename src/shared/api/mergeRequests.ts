import { z } from 'zod';
import { booleanParam, idListParam } from './params';
import { labelBasicSchema, labelChangeParams, labelFilterParams } from './labels';
import { assigneeFilterParam, assigneeIdParam, assigneeIdsParam, assigneeUsernameParam } from './assignees';
import {
  mergeRequestReviewerSchema,
  reviewerFilterParam,
  reviewerIdsParam,
  reviewerUsernameParam,
} from './reviewers';
import { commitSchema, diffFileSchema, type CommitJson } from './repository';
import { pipelineBasicSchema, pipelineSchema } from './pipelines';

export const MAX_TITLE_LENGTH = 255;
/** GitLab's limit for descriptions (1,000,000 characters). */
export const MAX_DESCRIPTION_LENGTH = 1_000_000;

const branchName = z.string().min(1).max(255);

/** `POST /projects/:id/merge_requests`. */
export const createMergeRequestBodySchema = z.object({
  source_branch: branchName,
  target_branch: branchName.optional(),
  title: z.string().trim().min(1).max(MAX_TITLE_LENGTH),
  description: z.string().max(MAX_DESCRIPTION_LENGTH).optional(),
  draft: booleanParam.optional(),
  assignee_ids: assigneeIdsParam.optional(),
  assignee_id: assigneeIdParam.optional(),
  reviewer_ids: reviewerIdsParam.optional(),
  /** The author's choice to delete the source branch when the request is merged. */
  remove_source_branch: booleanParam.optional(),
  ...labelChangeParams,
});
export type CreateMergeRequestBody = z.input<typeof createMergeRequestBodySchema>;

export const STATE_EVENTS = ['close', 'reopen'] as const;

/** `PUT /projects/:id/merge_requests/:iid`: every field optional, unknown ones ignored. */
export const updateMergeRequestBodySchema = z.object({
  title: z.string().trim().min(1).max(MAX_TITLE_LENGTH).optional(),
  description: z.string().max(MAX_DESCRIPTION_LENGTH).optional(),
  target_branch: branchName.optional(),
  state_event: z.enum(STATE_EVENTS).optional(),
  draft: booleanParam.optional(),
  assignee_ids: assigneeIdsParam.optional(),
  assignee_id: assigneeIdParam.optional(),
  reviewer_ids: reviewerIdsParam.optional(),
  /** Only members may comment on a locked discussion. */
  discussion_locked: booleanParam.optional(),
  remove_source_branch: booleanParam.optional(),
  ...labelChangeParams,
});
export type UpdateMergeRequestBody = z.input<typeof updateMergeRequestBodySchema>;

export const MERGE_REQUEST_STATES = ['opened', 'closed', 'merged', 'locked'] as const;
export type MergeRequestState = (typeof MERGE_REQUEST_STATES)[number];

const mergeRequestFilters = {
  state: z.enum([...MERGE_REQUEST_STATES, 'all']).default('all'),
  author_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  assignee_id: assigneeFilterParam.optional(),
  assignee_username: assigneeUsernameParam.optional(),
  reviewer_id: reviewerFilterParam.optional(),
  reviewer_username: reviewerUsernameParam.optional(),
  source_branch: branchName.optional(),
  target_branch: branchName.optional(),
  search: z.string().max(255).optional(),
  order_by: z.enum(['created_at', 'updated_at']).default('created_at'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  ...labelFilterParams,
};

/** `iids[]=1&iids[]=2` (or `iids=1,2`): only these merge requests or issues. */
export const iidsParam = idListParam(100);

/** `GET /projects/:id/merge_requests` filters (pagination is added by the route); `iids` only here, as in GitLab. */
export const listMergeRequestsQuerySchema = z.object({ ...mergeRequestFilters, iids: iidsParam.optional() });
export type ListMergeRequestsQuery = z.output<typeof listMergeRequestsQuerySchema>;

/** `GET /merge_requests`: the same filters over every project, narrowed by GitLab's scopes. */
export const listUserMergeRequestsQuerySchema = z.object({
  ...mergeRequestFilters,
  scope: z
    .enum(['created_by_me', 'assigned_to_me', 'all', 'created-by-me', 'assigned-to-me'])
    .transform((s) => s.replaceAll('-', '_') as 'created_by_me' | 'assigned_to_me' | 'all')
    .optional(),
});
export type ListUserMergeRequestsQuery = z.output<typeof listUserMergeRequestsQuerySchema>;

/** `POST /markdown`. */
export const markdownRequestSchema = z.object({
  text: z.string().max(MAX_DESCRIPTION_LENGTH),
  gfm: booleanParam.optional(),
  project: z.string().max(1000).optional(),
});
export type MarkdownResponse = { html: string };

const userBasic = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  state: z.string(),
  locked: z.boolean(),
  avatar_url: z.string().nullable(),
  web_url: z.string(),
});

export const DETAILED_MERGE_STATUSES = [
  'not_open',
  'unchecked',
  'checking',
  'draft_status',
  'discussions_not_resolved',
  'broken_status',
  'commits_status',
  'ci_must_pass',
  'ci_still_running',
  'conflict',
  'need_rebase',
  'requested_changes',
  'approvals_syncing',
  'not_approved',
  'merge_request_blocked',
  'status_checks_must_pass',
  'title_regex',
  'mergeable',
] as const;
export type DetailedMergeStatus = (typeof DETAILED_MERGE_STATUSES)[number];

export const MERGE_STATUSES = ['unchecked', 'can_be_merged', 'cannot_be_merged'] as const;
export type MergeStatus = (typeof MERGE_STATUSES)[number];

const diffRefs = z.object({ base_sha: z.string(), head_sha: z.string(), start_sha: z.string() });

/** A merge request as GitLab's REST API v4 shows it (`API::Entities::MergeRequest`). */
export const mergeRequestSchema = z.object({
  id: z.number(),
  iid: z.number(),
  project_id: z.number(),
  title: z.string(),
  description: z.string(),
  state: z.enum(MERGE_REQUEST_STATES),
  created_at: z.string(),
  updated_at: z.string(),
  merged_by: userBasic.nullable(),
  merge_user: userBasic.nullable(),
  merged_at: z.string().nullable(),
  closed_by: userBasic.nullable(),
  closed_at: z.string().nullable(),
  target_branch: z.string(),
  source_branch: z.string(),
  user_notes_count: z.number(),
  upvotes: z.number(),
  downvotes: z.number(),
  author: userBasic.nullable(),
  assignees: z.array(userBasic),
  assignee: userBasic.nullable(),
  reviewers: z.array(userBasic),
  source_project_id: z.number(),
  target_project_id: z.number(),
  /** Names, or GitLab's `LabelBasic` objects with `with_labels_details=true`. */
  labels: z.array(z.union([z.string(), labelBasicSchema])),
  draft: z.boolean(),
  work_in_progress: z.boolean(),
  milestone: z.null(),
  merge_when_pipeline_succeeds: z.boolean(),
  merge_status: z.enum(MERGE_STATUSES),
  detailed_merge_status: z.enum(DETAILED_MERGE_STATUSES),
  sha: z.string().nullable(),
  merge_commit_sha: z.string().nullable(),
  squash_commit_sha: z.string().nullable(),
  discussion_locked: z.boolean().nullable(),
  should_remove_source_branch: z.boolean().nullable(),
  force_remove_source_branch: z.boolean(),
  reference: z.string(),
  references: z.object({ short: z.string(), relative: z.string(), full: z.string() }),
  web_url: z.string(),
  time_stats: z.object({
    time_estimate: z.number(),
    total_time_spent: z.number(),
    human_time_estimate: z.string().nullable(),
    human_total_time_spent: z.string().nullable(),
  }),
  squash: z.boolean(),
  squash_on_merge: z.boolean(),
  task_completion_status: z.object({ count: z.number(), completed_count: z.number() }),
  has_conflicts: z.boolean(),
  blocking_discussions_resolved: z.boolean(),
  changes_count: z.string().nullable(),
  diff_refs: diffRefs.nullable(),
  first_contribution: z.boolean(),
});
export type MergeRequest = z.infer<typeof mergeRequestSchema>;

/** `GET /projects/:id/merge_requests/:iid` adds what the asking user may do, and HTML on `render_html=true`. */
export const mergeRequestDetailSchema = mergeRequestSchema.extend({
  user: z.object({ can_merge: z.boolean() }),
  pipeline: pipelineBasicSchema.nullable(),
  head_pipeline: pipelineSchema.nullable(),
  merge_error: z.string().nullable(),
  title_html: z.string().optional(),
  description_html: z.string().optional(),
  /** Only with `include_rebase_in_progress=true`. */
  rebase_in_progress: z.boolean().optional(),
  /** Only with `include_diverged_commits_count=true`: the target branch's commits the source branch lacks. */
  diverged_commits_count: z.number().int().optional(),
});
export type MergeRequestDetail = z.infer<typeof mergeRequestDetailSchema>;

export const showMergeRequestQuerySchema = z.object({
  render_html: booleanParam.optional(),
  include_rebase_in_progress: booleanParam.optional(),
  include_diverged_commits_count: booleanParam.optional(),
});

/** `PUT .../rebase` (REST v4, body or query) and `POST {project}/-/merge_requests/{iid}/rebase` (query). */
export const rebaseQuerySchema = z.object({ skip_ci: booleanParam.optional() });
export const rebaseResponseSchema = z.object({ rebase_in_progress: z.literal(true) });

/** A commit of a merge request, as `GET .../merge_requests/:iid/commits` lists it: the repository's commit shape. */
export const mergeRequestCommitSchema = commitSchema;
export type MergeRequestCommit = CommitJson;

export const mergeRequestChangesSchema = mergeRequestSchema.extend({
  changes: z.array(diffFileSchema),
  overflow: z.boolean(),
});
export type MergeRequestChanges = z.infer<typeof mergeRequestChangesSchema>;

export const diffVersionSchema = z.object({
  id: z.number(),
  head_commit_sha: z.string(),
  base_commit_sha: z.string(),
  start_commit_sha: z.string(),
  created_at: z.string(),
  merge_request_id: z.number(),
  state: z.literal('collected'),
  real_size: z.string(),
  patch_id_sha: z.null(),
});
export type DiffVersion = z.infer<typeof diffVersionSchema>;

export const diffVersionDetailSchema = diffVersionSchema.extend({
  commits: z.array(mergeRequestCommitSchema),
  diffs: z.array(diffFileSchema),
});

/**
 * The merge request page's own JSON (`{project}/-/merge_requests/{iid}.json`): the REST fields,
 * the rendered HTML, whether the branches still exist, and what the viewer may do.
 */
export const AUTO_MERGE_STRATEGIES = [
  'merge_when_checks_pass',
  'merge_when_pipeline_succeeds',
  'add_to_merge_train_when_checks_pass',
  'merge_train',
] as const;

export const mergeRequestPageSchema = mergeRequestDetailSchema.extend({
  title_html: z.string(),
  description_html: z.string(),
  /** Sent back with a ticked task (`update_task`), as GitLab's merge request page does. */
  lock_version: z.number(),
  source_branch_exists: z.boolean(),
  target_branch_exists: z.boolean(),
  current_user: z.object({
    can_update: z.boolean(),
    can_reopen: z.boolean(),
    can_remove_source_branch: z.boolean(),
  }),
  /** The project decides squashing (`always` or `never`): the checkbox cannot change. */
  squash_readonly: z.boolean(),
  ff_only_enabled: z.boolean(),
  /** What a merge by the viewer would write; null unless the request is open. */
  default_merge_commit_message: z.string().nullable(),
  default_squash_commit_message: z.string().nullable(),
  /** The commit that landed on the target branch: the merge commit, else the squash commit, else the source head. */
  merged_commit_sha: z.string().nullable(),
  short_merged_commit_sha: z.string().nullable(),
  auto_merge_enabled: z.boolean(),
  auto_merge_strategy: z.enum(AUTO_MERGE_STRATEGIES).nullable(),
  /** The reviewers with where each review stands (the sidebar's icons and "Re-request review"). */
  reviewer_states: z.array(mergeRequestReviewerSchema),
});
export type MergeRequestPage = z.infer<typeof mergeRequestPageSchema>;

/** GitLab accepts merge and squash commit messages of any length; this bounds them. */
export const MAX_COMMIT_MESSAGE_LENGTH = 100_000;
const commitMessage = z.string().max(MAX_COMMIT_MESSAGE_LENGTH);
const sha = z.string().max(64);

/** `PUT /projects/:id/merge_requests/:iid/merge`. */
export const mergeBodySchema = z.object({
  merge_commit_message: commitMessage.optional(),
  squash_commit_message: commitMessage.optional(),
  squash: booleanParam.optional(),
  should_remove_source_branch: booleanParam.optional(),
  sha: sha.optional(),
  /** Merge as soon as every check passes (now, when they already do). */
  auto_merge: booleanParam.optional(),
  merge_when_pipeline_succeeds: booleanParam.optional(),
});
export type MergeBody = z.output<typeof mergeBodySchema>;

/** The merge call of the merge request page (`POST {project}/-/merge_requests/{iid}/merge`), as the spec lists it. */
export const pageMergeBodySchema = z.object({
  sha,
  auto_merge_strategy: z.enum(AUTO_MERGE_STRATEGIES).optional(),
  should_remove_source_branch: booleanParam.optional(),
  squash: booleanParam.optional(),
  skip_merge_train: booleanParam.optional(),
  squash_commit_message: commitMessage.optional(),
  commit_message: commitMessage.optional(),
});
export type PageMergeBody = z.output<typeof pageMergeBodySchema>;

/**
 * A set auto-merge answers with its strategy's name, as GitLab does; `merging` (ours) says another
 * merge of the request is under way, which the widget then follows.
 */
export const MERGE_CALL_STATUSES = [
  'success',
  'merging',
  'failed',
  'sha_mismatch',
  'hook_validation_error',
  ...AUTO_MERGE_STRATEGIES,
] as const;

/** The merge call's answer: `failed` carries the reason the widget shows as '{error}. Try again.'. */
export const pageMergeResponseSchema = z.object({
  status: z.enum(MERGE_CALL_STATUSES),
  merge_error: z.string().optional(),
});
export type PageMergeResponse = z.infer<typeof pageMergeResponseSchema>;
