import { z } from 'zod';
import { labelBasicSchema, labelChangeParams, labelFilterParams } from './labels';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from './mergeRequests';
import { booleanParam, numericParam } from './params';
import { iidsParam } from './mergeRequests';
import { userBasicSchema } from './users';
import { assigneeFilterParam, assigneeIdParam, assigneeIdsParam, assigneeUsernameParam } from './assignees';

export const ISSUE_STATES = ['opened', 'closed'] as const;
export type IssueState = (typeof ISSUE_STATES)[number];

/** GitLab's `issue_type` values this server knows; `type` is the same in capitals. */
export const ISSUE_TYPES = ['issue', 'incident'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

export const ISSUE_STATE_EVENTS = ['close', 'reopen'] as const;

const dbId = z.preprocess(numericParam, z.number().int().positive().max(2_147_483_647));

const title = z.string().trim().min(1).max(MAX_TITLE_LENGTH);
const description = z.string().max(MAX_DESCRIPTION_LENGTH);

/** `POST /projects/:id/issues`. */
export const createIssueBodySchema = z.object({
  ...labelChangeParams,
  title,
  description: description.optional(),
  assignee_ids: assigneeIdsParam.optional(),
  assignee_id: dbId.optional(),
  confidential: booleanParam.optional(),
  discussion_locked: booleanParam.optional(),
  issue_type: z.enum(ISSUE_TYPES).optional(),
});
export type CreateIssueBody = z.input<typeof createIssueBodySchema>;

/** GitLab's parameters for an issue that takes over threads of a merge request (and resolves them). */
export const followUpParamsSchema = z.object({
  merge_request_to_resolve_discussions_of: dbId.optional(),
  discussion_to_resolve: z.string().min(1).max(255).optional(),
});
export type FollowUpParams = z.output<typeof followUpParamsSchema>;

/** `POST /projects/:id/issues` with the follow-up parameters. */
export const createIssueRequestSchema = createIssueBodySchema.extend(followUpParamsSchema.shape);
export type CreateIssueRequest = z.output<typeof createIssueRequestSchema>;

/**
 * `{project}/-/issues/new.json`: the new-issue form's start for a follow-up, as GitLab's
 * Issues::BuildService fills it; `confidential` when a quoted thread is internal.
 */
export const newIssueFormSchema = z.object({
  title: z.string(),
  description: z.string(),
  confidential: z.boolean(),
  /** What creating it resolves: "the thread in" or "all threads in" this merge request. */
  resolves: z.enum(['thread', 'all_threads']),
  merge_request_reference: z.string(),
  merge_request_path: z.string(),
});
export type NewIssueForm = z.infer<typeof newIssueFormSchema>;

/** `PUT /projects/:id/issues/:iid`: every field optional, unknown ones ignored. */
export const updateIssueBodySchema = z.object({
  ...labelChangeParams,
  title: title.optional(),
  description: description.optional(),
  assignee_ids: assigneeIdsParam.optional(),
  assignee_id: assigneeIdParam.optional(),
  confidential: booleanParam.optional(),
  discussion_locked: booleanParam.optional(),
  issue_type: z.enum(ISSUE_TYPES).optional(),
  state_event: z.enum(ISSUE_STATE_EVENTS).optional(),
});
export type UpdateIssueBody = z.input<typeof updateIssueBodySchema>;

const issueFilters = {
  ...labelFilterParams,
  iids: iidsParam.optional(),
  state: z.enum([...ISSUE_STATES, 'all']).default('all'),
  search: z.string().max(255).optional(),
  assignee_id: assigneeFilterParam.optional(),
  assignee_username: assigneeUsernameParam.optional(),
  author_id: dbId.optional(),
  confidential: booleanParam.optional(),
  issue_type: z.enum(ISSUE_TYPES).optional(),
  order_by: z.enum(['created_at', 'updated_at', 'title']).default('created_at'),
  sort: z.enum(['asc', 'desc']).default('desc'),
};

/** `GET /projects/:id/issues` filters (pagination is added by the route). */
export const listIssuesQuerySchema = z.object(issueFilters);
export type ListIssuesQuery = z.output<typeof listIssuesQuerySchema>;

/** `GET /issues`: the same filters over every readable project, narrowed by GitLab's scopes. */
export const listUserIssuesQuerySchema = z.object({
  ...issueFilters,
  scope: z
    .enum(['created_by_me', 'assigned_to_me', 'all', 'created-by-me', 'assigned-to-me'])
    .transform((s) => s.replaceAll('-', '_') as 'created_by_me' | 'assigned_to_me' | 'all')
    .optional(),
});
export type ListUserIssuesQuery = z.output<typeof listUserIssuesQuerySchema>;

const timeStats = z.object({
  time_estimate: z.number(),
  total_time_spent: z.number(),
  human_time_estimate: z.string().nullable(),
  human_total_time_spent: z.string().nullable(),
});

/** An issue as GitLab's REST API v4 shows it (`API::Entities::Issue`). */
export const issueSchema = z.object({
  id: z.number(),
  iid: z.number(),
  project_id: z.number(),
  title: z.string(),
  description: z.string(),
  state: z.enum(ISSUE_STATES),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by: userBasicSchema.nullable(),
  /** Names, or GitLab's `LabelBasic` objects with `with_labels_details=true`. */
  labels: z.array(z.union([z.string(), labelBasicSchema])),
  milestone: z.null(),
  assignees: z.array(userBasicSchema),
  author: userBasicSchema.nullable(),
  type: z.enum(['ISSUE', 'INCIDENT']),
  assignee: userBasicSchema.nullable(),
  user_notes_count: z.number(),
  merge_requests_count: z.number(),
  upvotes: z.number(),
  downvotes: z.number(),
  due_date: z.null(),
  confidential: z.boolean(),
  discussion_locked: z.boolean(),
  issue_type: z.enum(ISSUE_TYPES),
  web_url: z.string(),
  time_stats: timeStats,
  task_completion_status: z.object({ count: z.number(), completed_count: z.number() }),
  has_tasks: z.boolean(),
  task_status: z.string(),
  references: z.object({ short: z.string(), relative: z.string(), full: z.string() }),
  severity: z.string(),
  moved_to_id: z.null(),
  imported: z.boolean(),
  imported_from: z.string(),
  _links: z.object({
    self: z.string(),
    notes: z.string(),
    award_emoji: z.string(),
    project: z.string(),
    closed_as_duplicate_of: z.null(),
  }),
});
export type Issue = z.infer<typeof issueSchema>;

/** The single-issue form adds whether the asking user is subscribed (notifications: not kept yet). */
export const issueDetailSchema = issueSchema.extend({ subscribed: z.boolean() });
export type IssueDetail = z.infer<typeof issueDetailSchema>;

/** The issue page's JSON (`{project}/-/issues/{iid}.json`): rendered HTML and what the viewer may do. */
export const issuePageSchema = issueDetailSchema.extend({
  title_html: z.string(),
  description_html: z.string(),
  /** Sent back with a ticked task (`update_task`), as GitLab's issue page does. */
  lock_version: z.number(),
  project_full_path: z.string(),
  project_archived: z.boolean(),
  current_user: z.object({
    can_update: z.boolean(),
    can_set_issue_metadata: z.boolean(),
    can_create_note: z.boolean(),
    can_destroy: z.boolean(),
    can_add_timeline_events: z.boolean(),
  }),
});
export type IssuePage = z.infer<typeof issuePageSchema>;

/** An incident's timeline event, as GitLab's GraphQL `TimelineEventType` names its fields. */
export const timelineEventSchema = z.object({
  id: z.number(),
  issue_id: z.number(),
  note: z.string(),
  note_html: z.string(),
  occurred_at: z.string(),
  created_at: z.string(),
  author: userBasicSchema.nullable(),
  promoted_from_note_id: z.number().nullable(),
  /** Promoted from an internal note: only those who may read internal notes receive it. */
  internal: z.boolean(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
