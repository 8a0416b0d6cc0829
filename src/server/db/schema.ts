import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    admin: boolean('admin').notNull().default(false),
    state: text('state', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    bio: text('bio').notNull().default(''),
    /** Diff preferences the Changes tab remembers (GitLab's user preferences of the same names). */
    showWhitespaceInDiffs: boolean('show_whitespace_in_diffs').notNull().default(true),
    viewDiffsFileByFile: boolean('view_diffs_file_by_file').notNull().default(false),
    /** The Activity filter (0 all, 1 comments, 2 history) remembered per noteable type when asked to persist. */
    issueNotesFilter: integer('issue_notes_filter').notNull().default(0),
    mergeRequestNotesFilter: integer('merge_request_notes_filter').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
  ],
);

/** A browser session; the id is the SHA-256 of the cookie value, so a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Personal access tokens and OAuth access tokens share one table: both are bearer secrets stored as SHA-256. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['personal', 'oauth'] }).notNull(),
    name: text('name').notNull(),
    tokenDigest: text('token_digest').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: date('expires_at', { mode: 'string' }),
    revoked: boolean('revoked').notNull().default(false),
    lastUsedAt: tz('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('access_tokens_digest').on(t.tokenDigest), index('access_tokens_user').on(t.userId)],
);

/** Users and groups share one path space, as in GitLab: `/{namespace}/{project}`. */
export const namespaces = pgTable(
  'namespaces',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['user', 'group'] }).notNull(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    fullPath: text('full_path').notNull(),
    parentId: integer('parent_id'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    visibility: text('visibility', { enum: ['private', 'internal', 'public'] })
      .notNull()
      .default('private'),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('namespaces_full_path_lower').on(sql`lower(${t.fullPath})`)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessLevel: integer('access_level').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user').on(t.userId)],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    path: text('path').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility', { enum: ['private', 'internal', 'public'] })
      .notNull()
      .default('private'),
    defaultBranch: text('default_branch').notNull().default('main'),
    archived: boolean('archived').notNull().default(false),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastActivityAt: tz('last_activity_at').notNull().defaultNow(),
    /** How merge requests land: a merge commit, a merge commit only on a rebased branch, or fast-forward only. */
    mergeMethod: text('merge_method', { enum: ['merge', 'rebase_merge', 'ff'] })
      .notNull()
      .default('merge'),
    squashOption: text('squash_option', { enum: ['never', 'always', 'default_on', 'default_off'] })
      .notNull()
      .default('default_off'),
    onlyAllowMergeIfPipelineSucceeds: boolean('only_allow_merge_if_pipeline_succeeds')
      .notNull()
      .default(false),
    /** "Skipped pipelines are considered successful": with the setting above, a skipped head pipeline passes. */
    allowMergeOnSkippedPipeline: boolean('allow_merge_on_skipped_pipeline').notNull().default(false),
    onlyAllowMergeIfAllDiscussionsAreResolved: boolean('only_allow_merge_if_all_discussions_are_resolved')
      .notNull()
      .default(false),
    removeSourceBranchAfterMerge: boolean('remove_source_branch_after_merge').notNull().default(true),
    mergeCommitTemplate: text('merge_commit_template'),
    squashCommitTemplate: text('squash_commit_template'),
    /** A merge request's title must match this (TITLE_REGEX); null turns the check off. */
    mergeRequestTitleRegex: text('merge_request_title_regex'),
    mergeRequestTitleRegexDescription: text('merge_request_title_regex_description'),
    /** Merge requests join a queue per target branch instead of merging directly. */
    mergeTrainsEnabled: boolean('merge_trains_enabled').notNull().default(false),
    mergeTrainsSkipTrainAllowed: boolean('merge_trains_skip_train_allowed').notNull().default(false),
    /** "Enable merged results pipelines": merge request pipelines run on the merge ref (GitLab's `merge_pipelines_enabled`). */
    mergePipelinesEnabled: boolean('merge_pipelines_enabled').notNull().default(false),
    /** "Auto-cancel redundant pipelines" (GitLab's `auto_cancel_pending_pipelines`, enabled by default). */
    autoCancelPendingPipelines: text('auto_cancel_pending_pipelines', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    /** "Timeout" of General pipelines (GitLab's `build_timeout`, seconds): a job's timeout unless it sets its own. */
    buildTimeout: integer('build_timeout').notNull().default(3600),
    /** "CI/CD configuration file" (GitLab's `ci_config_path`); null is `.gitlab-ci.yml`. */
    ciConfigPath: text('ci_config_path'),
  },
  (t) => [
    uniqueIndex('projects_namespace_path_lower').on(t.namespaceId, sql`lower(${t.path})`),
    index('projects_visibility').on(t.visibility),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessLevel: integer('access_level').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user').on(t.userId)],
);

/** `name` is a branch name or a wildcard pattern (`release/*`), as GitLab allows. */
export const protectedBranches = pgTable(
  'protected_branches',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pushAccessLevel: integer('push_access_level').notNull().default(40),
    mergeAccessLevel: integer('merge_access_level').notNull().default(40),
    allowForcePush: boolean('allow_force_push').notNull().default(false),
    /** "Require approval from code owners": the CODEOWNERS rules of merge requests into it are required. */
    codeOwnerApprovalRequired: boolean('code_owner_approval_required').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('protected_branches_project_name').on(t.projectId, t.name)],
);

/** Per-project counters for iids (merge requests, issues), taken with UPDATE ... RETURNING so two writers never share one. */
export const internalIds = pgTable(
  'internal_ids',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    usage: text('usage', { enum: ['merge_requests', 'issues', 'ci_pipelines'] }).notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.usage] })],
);

export const mergeRequests = pgTable(
  'merge_requests',
  {
    id: serial('id').primaryKey(),
    iid: integer('iid').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sourceProjectId: integer('source_project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sourceBranch: text('source_branch').notNull(),
    targetBranch: text('target_branch').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    state: text('state', { enum: ['opened', 'closed', 'merged', 'locked'] })
      .notNull()
      .default('opened'),
    draft: boolean('draft').notNull().default(false),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The source branch head the request was last updated to. */
    headSha: text('head_sha'),
    mergeStatus: text('merge_status').notNull().default('unchecked'),
    mergeCommitSha: text('merge_commit_sha'),
    squashCommitSha: text('squash_commit_sha'),
    mergedById: integer('merged_by_id').references(() => users.id, { onDelete: 'set null' }),
    mergedAt: tz('merged_at'),
    closedById: integer('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: tz('closed_at'),
    /** Squash on merge, as chosen when the request was opened or last merged. */
    squash: boolean('squash').notNull().default(false),
    /**
     * The request's choice (stored by a merge whose merger may make it); null leaves it to the
     * project's `remove_source_branch_after_merge`.
     */
    shouldRemoveSourceBranch: boolean('should_remove_source_branch'),
    /** Moved to another target branch by the server, because its target was merged and removed. */
    retargeted: boolean('retargeted').notNull().default(false),
    /** Why the last merge attempt failed; cleared by the next attempt. */
    mergeError: text('merge_error'),
    /**
     * A push moved the source branch and the request's approval state is being derived again
     * (its new diff version, the changed paths code owner rules match, approvals a push removes):
     * set when the push is received, cleared in the transaction that records the new version.
     */
    approvalsSyncingSince: tz('approvals_syncing_since'),
    /**
     * A merge in progress holds the request in state `locked` (as GitLab does): who started it,
     * when, and the commit the target branch is about to move to, so a merge interrupted by a
     * crash can be settled either way later.
     */
    mergeUserId: integer('merge_user_id').references(() => users.id, { onDelete: 'set null' }),
    mergeStartedAt: tz('merge_started_at'),
    inProgressMergeCommitSha: text('in_progress_merge_commit_sha'),
    /**
     * The app process (`app_processes.id`) that runs the merge: once it is gone, the merge it left
     * `locked` is settled at once (jobs/app-processes.ts). Null for merges from before it was kept.
     */
    mergeProcessId: integer('merge_process_id'),
    /**
     * Auto-merge: merge as soon as every check passes (`merge_when_checks_pass`, or the older
     * `merge_when_pipeline_succeeds`), as the user who set it, with the choices in `merge_params`.
     */
    autoMergeEnabled: boolean('auto_merge_enabled').notNull().default(false),
    autoMergeStrategy: text('auto_merge_strategy'),
    mergeParams: jsonb('merge_params'),
    /** Only members may comment while locked. */
    discussionLocked: boolean('discussion_locked').notNull().default(false),
    timeEstimate: integer('time_estimate').notNull().default(0),
    /** Bumped on every change: feeds ETags and optimistic locking. */
    lockVersion: integer('lock_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merge_requests_project_iid').on(t.projectId, t.iid),
    index('merge_requests_project_state').on(t.projectId, t.state, t.id),
    index('merge_requests_source').on(t.sourceProjectId, t.sourceBranch),
    // GitLab refuses a second open request for the same pair of branches.
    uniqueIndex('merge_requests_one_open_per_branch_pair')
      .on(t.projectId, t.sourceProjectId, t.sourceBranch, t.targetBranch)
      .where(sql`${t.state} = 'opened'`),
    // A starting process looks for merges a dead one left: few rows, never a scan of all requests.
    index('merge_requests_locked')
      .on(t.mergeProcessId)
      .where(sql`${t.state} = 'locked'`),
  ],
);

/** A commit's facts as git gives them, kept with the commits of versions and the context commits. */
const commitFactColumns = () => ({
  title: text('title').notNull(),
  message: text('message').notNull(),
  authorName: text('author_name').notNull(),
  authorEmail: text('author_email').notNull(),
  authoredDate: tz('authored_date').notNull(),
  committerName: text('committer_name').notNull(),
  committerEmail: text('committer_email').notNull(),
  committedDate: tz('committed_date').notNull(),
});

/** One row per push to the source branch: the merge request's diff versions. */
export const mergeRequestDiffs = pgTable(
  'merge_request_diffs',
  {
    id: serial('id').primaryKey(),
    mergeRequestId: integer('merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    versionIndex: integer('version_index').notNull(),
    headCommitSha: text('head_commit_sha').notNull(),
    baseCommitSha: text('base_commit_sha').notNull(),
    startCommitSha: text('start_commit_sha').notNull(),
    commitsCount: integer('commits_count').notNull(),
    filesCount: integer('files_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('merge_request_diffs_version').on(t.mergeRequestId, t.versionIndex)],
);

/** The commits of a diff version, newest first, as `git log base..head` listed them when the version was recorded. */
export const mergeRequestDiffCommits = pgTable(
  'merge_request_diff_commits',
  {
    mergeRequestDiffId: integer('merge_request_diff_id')
      .notNull()
      .references(() => mergeRequestDiffs.id, { onDelete: 'cascade' }),
    relativeOrder: integer('relative_order').notNull(),
    sha: text('sha').notNull(),
    ...commitFactColumns(),
  },
  (t) => [primaryKey({ columns: [t.mergeRequestDiffId, t.relativeOrder] })],
);

/**
 * Fixed-window counters for rate limits (sign-in attempts, application rate limits), shared by
 * every app process. A window ends at `expires_at`: limits have windows of different lengths.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: tz('window_start').notNull(),
    count: integer('count').notNull(),
    // Rows written before windows had their own length end at once: they were a minute long at most.
    expiresAt: tz('expires_at').notNull().defaultNow(),
  },
  (t) => [index('rate_limits_expires_at').on(t.expiresAt)],
);

export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Project issues; `issue_type` incident adds a timeline. iids come from `internal_ids` (usage `issues`). */
export const issues = pgTable(
  'issues',
  {
    id: serial('id').primaryKey(),
    iid: integer('iid').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    state: text('state', { enum: ['opened', 'closed'] })
      .notNull()
      .default('opened'),
    issueType: text('issue_type', { enum: ['issue', 'incident'] })
      .notNull()
      .default('issue'),
    confidential: boolean('confidential').notNull().default(false),
    discussionLocked: boolean('discussion_locked').notNull().default(false),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    closedById: integer('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: tz('closed_at'),
    /** Seconds, as GitLab's time tracking keeps them (`/estimate`). */
    timeEstimate: integer('time_estimate').notNull().default(0),
    lockVersion: integer('lock_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('issues_project_iid').on(t.projectId, t.iid),
    index('issues_project_state').on(t.projectId, t.state, t.id),
  ],
);

export const issueAssignees = pgTable(
  'issue_assignees',
  {
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.userId] }), index('issue_assignees_user').on(t.userId)],
);

/** What a note, draft, award or time log hangs on. */
const noteableType = (name: string) => text(name, { enum: ['Issue', 'MergeRequest'] });

/**
 * Comments and system notes on issues and merge requests. Notes of one thread share a
 * `discussion_id` (40 hex, as GitLab's); an individual note has a discussion of its own.
 */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    noteableType: noteableType('noteable_type').notNull(),
    noteableId: integer('noteable_id').notNull(),
    discussionId: text('discussion_id').notNull(),
    /** null for an individual comment, as GitLab's `type`. */
    type: text('type', { enum: ['DiscussionNote', 'DiffNote'] }),
    system: boolean('system').notNull().default(false),
    /** For system notes: what happened (`commit`, `title`, `description`, `closed`, `merged`, ...) and its details. */
    systemNoteMetadata: jsonb('system_note_metadata'),
    note: text('note').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    internal: boolean('internal').notNull().default(false),
    resolvable: boolean('resolvable').notNull().default(false),
    resolvedAt: tz('resolved_at'),
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedByPush: boolean('resolved_by_push').notNull().default(false),
    /** Diff notes: where the comment sits (`position`) and where it was first made (`original_position`). */
    position: jsonb('position'),
    originalPosition: jsonb('original_position'),
    lineCode: text('line_code'),
    commitId: text('commit_id'),
    lastEditedAt: tz('last_edited_at'),
    lastEditedById: integer('last_edited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notes_noteable').on(t.noteableType, t.noteableId, t.id),
    index('notes_discussion').on(t.discussionId),
    // `X-Last-Fetched-At` polling reads what changed since a moment.
    index('notes_noteable_updated').on(t.noteableType, t.noteableId, t.updatedAt),
  ],
);

/** Pending review comments: visible to their author only until the review is submitted. */
export const draftNotes = pgTable(
  'draft_notes',
  {
    id: serial('id').primaryKey(),
    mergeRequestId: integer('merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    /** A reply to this thread when set; a new thread otherwise. */
    discussionId: text('discussion_id'),
    resolveDiscussion: boolean('resolve_discussion').notNull().default(false),
    internal: boolean('internal').notNull().default(false),
    position: jsonb('position'),
    lineCode: text('line_code'),
    commitId: text('commit_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('draft_notes_mr_author').on(t.mergeRequestId, t.authorId, t.id)],
);

/** Emoji reactions on notes, issues and merge requests; one per user, name and thing. */
export const awardEmoji = pgTable(
  'award_emoji',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    awardableType: text('awardable_type', { enum: ['Note', 'Issue', 'MergeRequest'] }).notNull(),
    awardableId: integer('awardable_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('award_emoji_one_per_user').on(t.awardableType, t.awardableId, t.name, t.userId),
    index('award_emoji_user_recent').on(t.userId, t.createdAt),
  ],
);

/** The ```suggestion blocks of a diff note, in order, with what they replace and whether they landed. */
export const suggestions = pgTable(
  'suggestions',
  {
    id: serial('id').primaryKey(),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    relativeOrder: integer('relative_order').notNull(),
    fromContent: text('from_content').notNull(),
    toContent: text('to_content').notNull(),
    linesAbove: integer('lines_above').notNull().default(0),
    linesBelow: integer('lines_below').notNull().default(0),
    outdated: boolean('outdated').notNull().default(false),
    applied: boolean('applied').notNull().default(false),
    commitId: text('commit_id'),
  },
  (t) => [uniqueIndex('suggestions_note_order').on(t.noteId, t.relativeOrder)],
);

/** Earlier descriptions of an issue or merge request, for "compare with previous version"; soft-deleted. */
export const descriptionVersions = pgTable(
  'description_versions',
  {
    id: serial('id').primaryKey(),
    noteableType: noteableType('noteable_type').notNull(),
    noteableId: integer('noteable_id').notNull(),
    description: text('description').notNull(),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('description_versions_noteable').on(t.noteableType, t.noteableId, t.id)],
);

/** Files attached to notes and descriptions, served at `/uploads/{secret}/{filename}` under the project. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** 32 hex characters, unguessable: the link is the capability, as in GitLab. */
    secret: text('secret').notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_project_secret').on(t.projectId, t.secret)],
);

export const abuseReports = pgTable(
  'abuse_reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', {
      enum: ['spam', 'offensive', 'phishing', 'crypto', 'credentials', 'copyright', 'malware', 'other'],
    }).notNull(),
    reportedFromUrl: text('reported_from_url').notNull().default(''),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (t) => [index('abuse_reports_status').on(t.status, t.id)],
);

/**
 * An incident's timeline; a note promoted to the timeline keeps a link to it. An event promoted
 * from an internal note is `internal`: only those who may read internal notes see it.
 */
export const timelineEvents = pgTable(
  'timeline_events',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    noteId: integer('note_id').references(() => notes.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    internal: boolean('internal').notNull().default(false),
    occurredAt: tz('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('timeline_events_issue').on(t.issueId, t.occurredAt)],
);

/** Time spent (`/spend`), in seconds; negative entries subtract, as in GitLab. */
export const timelogs = pgTable(
  'timelogs',
  {
    id: serial('id').primaryKey(),
    noteableType: noteableType('noteable_type').notNull(),
    noteableId: integer('noteable_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    noteId: integer('note_id').references(() => notes.id, { onDelete: 'set null' }),
    timeSpent: integer('time_spent').notNull(),
    spentAt: tz('spent_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('timelogs_noteable').on(t.noteableType, t.noteableId)],
);

/** One-off dismissals a user made (`suggest_popover_dismissed`, ...). */
export const userCallouts = pgTable(
  'user_callouts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    featureName: text('feature_name').notNull(),
    dismissedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.featureName] })],
);

/**
 * Background work (rebase, auto-merge, mergeability rechecks) that must survive a restart and run
 * once across any number of app processes. Jobs of one `queue` (one merge request) run one at a time.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    queue: text('queue').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: tz('run_at').notNull().defaultNow(),
    lockedAt: tz('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_ready').on(t.state, t.runAt, t.id),
    index('jobs_queue').on(t.queue, t.state),
    // The database, not the workers' good manners, keeps one job per queue running.
    uniqueIndex('jobs_one_running_per_queue')
      .on(t.queue)
      .where(sql`${t.state} = 'running'`),
  ],
);

/**
 * The app processes that ran or run against this database, one row each, so that a process can
 * name itself in what it holds (a merge in progress). Whether one is alive is not read from here:
 * on PostgreSQL a live process holds an advisory lock on its id; PGlite serves one process only.
 */
export const appProcesses = pgTable('app_processes', {
  id: serial('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: tz('started_at').notNull(),
});

export const mergeRequestAssignees = pgTable(
  'merge_request_assignees',
  {
    mergeRequestId: integer('merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.mergeRequestId, t.userId] }),
    index('merge_request_assignees_user').on(t.userId),
  ],
);

/**
 * Who is asked to review a merge request, and where their review stands (GitLab's
 * `MergeRequestReviewer` states: unreviewed, review_started, reviewed, requested_changes,
 * approved, unapproved). Written by the merge requests feature's reviewers repo only.
 */
export const mergeRequestReviewers = pgTable(
  'merge_request_reviewers',
  {
    mergeRequestId: integer('merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('unreviewed'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mergeRequestId, t.userId] }),
    index('merge_request_reviewers_user').on(t.userId),
    check(
      'merge_request_reviewers_state',
      sql`${t.state} in ('unreviewed', 'review_started', 'reviewed', 'requested_changes', 'approved', 'unapproved')`,
    ),
  ],
);

/**
 * Change requests that block a merge (REQUESTED_CHANGES), GitLab's `merge_request_requested_changes`:
 * kept apart from the reviewer's state so that removing the reviewer does not lift the block;
 * only the requesting user's approval does. Written by the merge requests feature's reviewers repo.
 */
export const mergeRequestRequestedChanges = pgTable(
  'merge_request_requested_changes',
  {
    mergeRequestId: integer('merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mergeRequestId, t.userId] })],
);

/** Merge request dependencies: the blocked request may not merge before the blocking one (BLOCKED_STATUS). */
export const mergeRequestBlocks = pgTable(
  'merge_request_blocks',
  {
    id: serial('id').primaryKey(),
    blockingMergeRequestId: integer('blocking_merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    blockedMergeRequestId: integer('blocked_merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('merge_request_blocks_pair').on(t.blockingMergeRequestId, t.blockedMergeRequestId),
    index('merge_request_blocks_blocked').on(t.blockedMergeRequestId),
  ],
);

/** Services outside us that must approve a merge request (EXTERNAL_STATUS_CHECKS). */
export const externalStatusChecks = pgTable(
  'external_status_checks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    externalUrl: text('external_url').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('external_status_checks_project_name').on(t.projectId, t.name)],
);

/** Which protected branches a status check applies to; none means every branch. */
export const externalStatusCheckProtectedBranches = pgTable(
  'status_check_protected_branches',
  {
    externalStatusCheckId: integer('external_status_check_id')
      .notNull()
      .references(() => externalStatusChecks.id, { onDelete: 'cascade' }),
    protectedBranchId: integer('protected_branch_id')
      .notNull()
      .references(() => protectedBranches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.externalStatusCheckId, t.protectedBranchId] })],
);

/** What a status check answered for one head commit of a merge request. */
export const statusCheckResponses = pgTable(
  'status_check_responses',
  {
    id: serial('id').primaryKey(),
    mergeRequestId: integer('merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    externalStatusCheckId: integer('external_status_check_id')
      .notNull()
      .references(() => externalStatusChecks.id, { onDelete: 'cascade' }),
    sha: text('sha').notNull(),
    status: text('status', { enum: ['pending', 'passed', 'failed'] }).notNull(),
    retriedAt: tz('retried_at'),
    createdAt: createdAt(),
  },
  (t) => [index('status_check_responses_request').on(t.mergeRequestId, t.externalStatusCheckId, t.id)],
);

/**
 * A merge train: one car per merge request queued to merge into a target branch, merged in `id`
 * order. A car's pipeline (merged results) is attached once pipelines exist.
 */
export const mergeTrainCars = pgTable(
  'merge_train_cars',
  {
    id: serial('id').primaryKey(),
    mergeRequestId: integer('merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    targetProjectId: integer('target_project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    targetBranch: text('target_branch').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['idle', 'stale', 'fresh', 'merging', 'merged', 'skip_merged'] })
      .notNull()
      .default('idle'),
    /** The commit this car would make on the target branch, given the cars ahead of it. */
    mergedResultSha: text('merged_result_sha'),
    /** The merge train pipeline running on that merged result (GitLab's `merge_trains.pipeline_id`). */
    pipelineId: integer('pipeline_id').references(() => ciPipelines.id, { onDelete: 'set null' }),
    mergedAt: tz('merged_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One active car per merge request; merged cars stay as history.
    uniqueIndex('merge_train_cars_one_active_per_request')
      .on(t.mergeRequestId)
      .where(sql`${t.status} in ('idle', 'stale', 'fresh', 'merging')`),
    index('merge_train_cars_train').on(t.targetProjectId, t.targetBranch, t.status, t.id),
  ],
);

/** Charts and screenshots attached to an incident. */
export const issueMetricImages = pgTable(
  'issue_metric_images',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    url: text('url'),
    urlText: text('url_text'),
    createdAt: createdAt(),
  },
  (t) => [index('issue_metric_images_issue').on(t.issueId, t.id)],
);

/**
 * GitLab's "previously merged commits": commits of the target branch's history that someone attached
 * to a merge request for context. Their facts are kept as git gave them when they were added, as
 * GitLab keeps them; `relative_order` is the commit's count of ancestors, so a larger one is newer.
 */
export const mergeRequestContextCommits = pgTable(
  'merge_request_context_commits',
  {
    id: serial('id').primaryKey(),
    mergeRequestId: integer('merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    sha: text('sha').notNull(),
    relativeOrder: integer('relative_order').notNull(),
    ...commitFactColumns(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('merge_request_context_commits_sha').on(t.mergeRequestId, t.sha)],
);

/** Raw bytes (job logs are bytes, not text: a chunk may end inside a UTF-8 character). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * CI pipelines (GitLab's ci_pipelines): one run of a project's `.gitlab-ci.yml` for a commit. iids
 * come from `internal_ids` (usage `ci_pipelines`). `status` is composed from its jobs'; a
 * configuration that did not hold leaves a failed pipeline with `yaml_errors` and no jobs.
 */
export const ciPipelines = pgTable(
  'ci_pipelines',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    iid: integer('iid').notNull(),
    sha: text('sha').notNull(),
    beforeSha: text('before_sha'),
    ref: text('ref').notNull(),
    tag: boolean('tag').notNull().default(false),
    /** The ref was protected when the pipeline was created (jobs of it run on protected runners). */
    protected: boolean('protected').notNull().default(false),
    source: text('source').notNull(),
    status: text('status').notNull().default('created'),
    /** `workflow:name`. */
    name: text('name'),
    yamlErrors: text('yaml_errors'),
    failureReason: text('failure_reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Variables given to this pipeline (API, run form): key, value, variable_type. */
    variables: jsonb('variables').notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
    committedAt: tz('committed_at'),
    /** Seconds some job of it ran (overlaps counted once), as GitLab's duration. */
    duration: integer('duration'),
    coverage: text('coverage'),
    /** The merge request of a `merge_request_event` pipeline (GitLab's `merge_request_id`). */
    mergeRequestId: integer('merge_request_id').references(() => mergeRequests.id, { onDelete: 'cascade' }),
    /** A merged results pipeline's source head and target head (its `sha` is the merge commit of the two). */
    sourceSha: text('source_sha'),
    targetSha: text('target_sha'),
    /** The pipeline that auto-cancelled this one as redundant (GitLab's `auto_canceled_by_id`). */
    autoCanceledById: integer('auto_canceled_by_id'),
    /**
     * `workflow:auto_cancel:on_new_commit` of its configuration: how a newer pipeline of its ref
     * cancels it (`conservative`, `interruptible` or `none`).
     */
    autoCancelOnNewCommit: text('auto_cancel_on_new_commit').notNull().default('conservative'),
    /**
     * The bridge (trigger job) that created this downstream pipeline: a child pipeline's
     * (`parent_pipeline`) or a multi-project one's (`pipeline`); null for any other source.
     */
    sourceJobId: integer('source_job_id').references((): AnyPgColumn => ciBuilds.id, {
      onDelete: 'set null',
    }),
    /** The schedule that started it (source `schedule`). */
    pipelineScheduleId: integer('pipeline_schedule_id').references(() => ciPipelineSchedules.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('ci_pipelines_schedule').on(t.pipelineScheduleId, t.id),
    uniqueIndex('ci_pipelines_project_iid').on(t.projectId, t.iid),
    index('ci_pipelines_merge_request').on(t.mergeRequestId, t.id),
    index('ci_pipelines_source_job')
      .on(t.sourceJobId)
      .where(sql`${t.sourceJobId} is not null`),
    index('ci_pipelines_project_ref').on(t.projectId, t.ref, t.id),
    index('ci_pipelines_project_sha').on(t.projectId, t.sha),
    index('ci_pipelines_project_status').on(t.projectId, t.status),
  ],
);

/**
 * A project's resource groups (GitLab's ci_resource_groups): jobs naming the same
 * `resource_group` key run one at a time, across the project's pipelines, in the group's
 * process mode. Made when a pipeline first has a job with the key.
 */
export const ciResourceGroups = pgTable(
  'ci_resource_groups',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    processMode: text('process_mode', {
      enum: ['unordered', 'oldest_first', 'newest_first', 'newest_ready_first'],
    })
      .notNull()
      .default('unordered'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ci_resource_groups_project_key').on(t.projectId, t.key)],
);

/**
 * CI jobs (GitLab's ci_builds). What a runner needs is kept as written at creation: `options`
 * (script, before/after_script, image, services, artifacts, cache, timeout, retry ...) and the
 * variables resolved then. The job token exists only while the job runs, stored as SHA-256.
 */
export const ciBuilds = pgTable(
  'ci_builds',
  {
    id: serial('id').primaryKey(),
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => ciPipelines.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    stage: text('stage').notNull(),
    stageIdx: integer('stage_idx').notNull(),
    status: text('status').notNull().default('created'),
    when: text('when').notNull().default('on_success'),
    allowFailure: boolean('allow_failure').notNull().default(false),
    /** Names of the jobs this one needs; null: it waits for the stages before it. */
    needs: jsonb('needs').$type<string[] | null>(),
    schedulingType: text('scheduling_type', { enum: ['stage', 'dag'] })
      .notNull()
      .default('stage'),
    options: jsonb('options').notNull().default({}),
    /** Every variable the job gets, as GitLab's runner variables: key, value, public, masked, file, raw. */
    variables: jsonb('variables').notNull().default([]),
    tagList: text('tag_list')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ref: text('ref').notNull(),
    tag: boolean('tag').notNull().default(false),
    protected: boolean('protected').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    runnerId: integer('runner_id').references(() => ciRunners.id, { onDelete: 'set null' }),
    tokenDigest: text('token_digest'),
    failureReason: text('failure_reason'),
    exitCode: integer('exit_code'),
    /** A newer attempt of the same job replaced this one. */
    retried: boolean('retried').notNull().default(false),
    coverage: text('coverage'),
    /** Bytes of log stored so far (the end of the last chunk). */
    traceBytes: bigint('trace_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    queuedAt: tz('queued_at'),
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
    /** Erased (`POST /jobs/:id/erase`): its log and artifacts are gone. */
    erasedAt: tz('erased_at'),
    erasedById: integer('erased_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When a delayed job (`when: delayed`, status `scheduled`) starts on its own. */
    scheduledAt: tz('scheduled_at'),
    /** The resource group (`resource_group:`) whose resource the job holds while it runs. */
    resourceGroupId: integer('resource_group_id').references(() => ciResourceGroups.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('ci_builds_pipeline').on(t.pipelineId, t.id),
    // A group's jobs still to run, read each time its resource is handed on.
    index('ci_builds_resource_group')
      .on(t.resourceGroupId, t.id)
      .where(sql`${t.resourceGroupId} is not null`),
    index('ci_builds_project').on(t.projectId, t.id),
    // The queue runners take from: only pending jobs, oldest first.
    index('ci_builds_pending')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    index('ci_builds_running')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('running', 'canceling')`),
    uniqueIndex('ci_builds_token_digest').on(t.tokenDigest),
  ],
);

/**
 * A resource group's resources (GitLab's ci_resources; one per group): the job holding it, if
 * any. Its row is what is locked while the resource is handed from one job to the next.
 */
export const ciResources = pgTable(
  'ci_resources',
  {
    id: serial('id').primaryKey(),
    resourceGroupId: integer('resource_group_id')
      .notNull()
      .references(() => ciResourceGroups.id, { onDelete: 'cascade' }),
    buildId: integer('build_id').references(() => ciBuilds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ci_resources_group').on(t.resourceGroupId), index('ci_resources_build').on(t.buildId)],
);

/** A job's log as the runner sent it, one row per appended chunk; `offset` is its first byte's position. */
export const ciBuildTraceChunks = pgTable(
  'ci_build_trace_chunks',
  {
    buildId: integer('build_id')
      .notNull()
      .references(() => ciBuilds.id, { onDelete: 'cascade' }),
    offset: bigint('offset', { mode: 'number' }).notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.offset] })],
);

/**
 * Runners (GitLab's ci_runners): the machines that take jobs over GitLab Runner's protocol. The
 * authentication token (`glrt-`) is shown once and kept as SHA-256. Instance runners serve every
 * project, group runners the group's projects, project runners the projects in ci_runner_projects.
 */
export const ciRunners = pgTable(
  'ci_runners',
  {
    id: serial('id').primaryKey(),
    tokenDigest: text('token_digest').notNull(),
    runnerType: text('runner_type', { enum: ['instance_type', 'group_type', 'project_type'] }).notNull(),
    /** The group of a group runner. */
    groupId: integer('group_id').references(() => namespaces.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    maintenanceNote: text('maintenance_note').notNull().default(''),
    tagList: text('tag_list')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    runUntagged: boolean('run_untagged').notNull().default(true),
    paused: boolean('paused').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    accessLevel: text('access_level', { enum: ['not_protected', 'ref_protected'] })
      .notNull()
      .default('not_protected'),
    /** Seconds; a job's timeout is cut to it. */
    maximumTimeout: integer('maximum_timeout'),
    registrationType: text('registration_type', { enum: ['authenticated_user', 'registration_token'] })
      .notNull()
      .default('authenticated_user'),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    contactedAt: tz('contacted_at'),
    /** What the runner last said of itself (`info`): name, version, revision, platform, architecture, executor. */
    name: text('name'),
    version: text('version'),
    revision: text('revision'),
    platform: text('platform'),
    architecture: text('architecture'),
    executor: text('executor'),
    ipAddress: text('ip_address'),
    features: jsonb('features').notNull().default({}),
    tokenExpiresAt: tz('token_expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ci_runners_token_digest').on(t.tokenDigest), index('ci_runners_group').on(t.groupId)],
);

/** Which projects a project runner serves (GitLab lets one runner be enabled in several). */
export const ciRunnerProjects = pgTable(
  'ci_runner_projects',
  {
    runnerId: integer('runner_id')
      .notNull()
      .references(() => ciRunners.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.runnerId, t.projectId] }),
    index('ci_runner_projects_project').on(t.projectId),
  ],
);

/**
 * Legacy runner registration tokens (`POST /api/v4/runners` with `token`): one for the instance
 * (`project_id` null) and one per project, each shown once when reset and kept as SHA-256.
 */
export const ciRegistrationTokens = pgTable(
  'ci_registration_tokens',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    tokenDigest: text('token_digest').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ci_registration_tokens_digest').on(t.tokenDigest),
    uniqueIndex('ci_registration_tokens_scope').on(sql`coalesce(${t.projectId}, 0)`),
  ],
);

/**
 * A job's artifacts (GitLab's ci_job_artifacts): the zip a runner uploaded, kept as a file under
 * `DATA_DIR/artifacts` (`path`, relative to it), one `archive` per job.
 */
export const ciJobArtifacts = pgTable(
  'ci_job_artifacts',
  {
    id: serial('id').primaryKey(),
    buildId: integer('build_id')
      .notNull()
      .references(() => ciBuilds.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fileType: text('file_type').notNull().default('archive'),
    fileFormat: text('file_format').notNull().default('zip'),
    fileName: text('file_name').notNull(),
    path: text('path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    expireAt: tz('expire_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ci_job_artifacts_build_type').on(t.buildId, t.fileType),
    index('ci_job_artifacts_expire_at')
      .on(t.expireAt)
      .where(sql`${t.expireAt} is not null`),
  ],
);

/**
 * A job's JUnit report as parsed at upload: one suite per job (GitLab's test suite of a job),
 * named as GitLab groups parallel jobs, with its counts kept for the summary.
 */
export const ciTestSuites = pgTable(
  'ci_test_suites',
  {
    id: serial('id').primaryKey(),
    buildId: integer('build_id')
      .notNull()
      .references(() => ciBuilds.id, { onDelete: 'cascade' }),
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => ciPipelines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    totalTime: doublePrecision('total_time').notNull().default(0),
    totalCount: integer('total_count').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ci_test_suites_build').on(t.buildId),
    index('ci_test_suites_pipeline').on(t.pipelineId),
  ],
);

/** A test case of a job's JUnit report, in the report's order (`position`). */
export const ciTestCases = pgTable(
  'ci_test_cases',
  {
    id: serial('id').primaryKey(),
    suiteId: integer('suite_id')
      .notNull()
      .references(() => ciTestSuites.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    status: text('status', { enum: ['success', 'failed', 'error', 'skipped'] }).notNull(),
    name: text('name').notNull(),
    classname: text('classname').notNull(),
    file: text('file'),
    executionTime: doublePrecision('execution_time').notNull().default(0),
    systemOutput: text('system_output'),
    stackTrace: text('stack_trace'),
    attachment: text('attachment'),
  },
  (t) => [uniqueIndex('ci_test_cases_suite_position').on(t.suiteId, t.position)],
);

/** The columns project and group CI/CD variables share (GitLab's ci_variables and ci_group_variables). */
const ciVariableColumns = () => ({
  id: serial('id').primaryKey(),
  key: text('key').notNull(),
  value: text('value').notNull(),
  variableType: text('variable_type', { enum: ['env_var', 'file'] })
    .notNull()
    .default('env_var'),
  protected: boolean('protected').notNull().default(false),
  masked: boolean('masked').notNull().default(false),
  raw: boolean('raw').notNull().default(false),
  environmentScope: text('environment_scope').notNull().default('*'),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A project's CI/CD variables: one key per environment scope. */
export const ciVariables = pgTable(
  'ci_variables',
  {
    ...ciVariableColumns(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('ci_variables_project_key_scope').on(t.projectId, t.key, t.environmentScope)],
);

/** A group's CI/CD variables, given to the jobs of every project below the group. */
export const ciGroupVariables = pgTable(
  'ci_group_variables',
  {
    ...ciVariableColumns(),
    groupId: integer('group_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('ci_group_variables_group_key_scope').on(t.groupId, t.key, t.environmentScope)],
);

/**
 * Labels, as GitLab has them: a project's own (`project_id`) or a group's (`group_id`), seen by the
 * group's projects and subgroups. Titles are unique per project and per group, case-sensitive.
 */
export const labels = pgTable(
  'labels',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** `#RRGGBB` (a CSS colour name given by a client is stored as its hex value). */
    color: text('color').notNull(),
    description: text('description'),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => namespaces.id, { onDelete: 'cascade' }),
    /** A project label's priority (lower first), null when not prioritized. */
    priority: integer('priority'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('labels_project_title')
      .on(t.projectId, t.title)
      .where(sql`${t.projectId} is not null`),
    uniqueIndex('labels_group_title')
      .on(t.groupId, t.title)
      .where(sql`${t.groupId} is not null`),
    check('labels_one_owner', sql`(${t.projectId} is null) <> (${t.groupId} is null)`),
  ],
);

/** Which labels an issue or a merge request carries (GitLab's `label_links`). */
export const labelLinks = pgTable(
  'label_links',
  {
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    targetType: noteableType('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.labelId, t.targetType, t.targetId] }),
    index('label_links_target').on(t.targetType, t.targetId),
  ],
);

/**
 * Who added or removed which label, when (GitLab's `resource_label_events`). A deleted label
 * leaves its events, without the label; a deleted user, without the user.
 */
export const resourceLabelEvents = pgTable(
  'resource_label_events',
  {
    id: serial('id').primaryKey(),
    labelId: integer('label_id').references(() => labels.id, { onDelete: 'set null' }),
    targetType: noteableType('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['add', 'remove'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('resource_label_events_target').on(t.targetType, t.targetId, t.id)],
);

/**
 * A project's CI job token settings (GitLab's `ci_inbound_job_token_scope_enabled`): whether only
 * the projects on its allowlist may reach it with their job tokens. No row: limited, as GitLab
 * makes new projects.
 */
export const ciJobTokenScopeSettings = pgTable('ci_job_token_scope_settings', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  inboundEnabled: boolean('inbound_enabled').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * The inbound allowlist (GitLab's `ci_job_token_project_scope_links`, direction inbound): the job
 * tokens of `sourceProjectId`'s jobs may reach `targetProjectId`.
 */
export const ciJobTokenProjectScopeLinks = pgTable(
  'ci_job_token_project_scope_links',
  {
    id: serial('id').primaryKey(),
    sourceProjectId: integer('source_project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    targetProjectId: integer('target_project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    addedById: integer('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ci_job_token_project_scope_links_pair').on(t.targetProjectId, t.sourceProjectId)],
);

/**
 * Pipeline schedules (GitLab's ci_pipeline_schedules): a cron rule, read in `cron_timezone`, that
 * runs a pipeline on `ref` as its owner. `next_run_at` is when it is due next; the scheduler takes
 * due rows with `FOR UPDATE SKIP LOCKED`, so each run starts once whatever the number of processes.
 */
export const ciPipelineSchedules = pgTable(
  'ci_pipeline_schedules',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    ref: text('ref').notNull(),
    cron: text('cron').notNull(),
    cronTimezone: text('cron_timezone').notNull(),
    nextRunAt: tz('next_run_at'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ci_pipeline_schedules_project').on(t.projectId, t.id),
    index('ci_pipeline_schedules_due')
      .on(t.nextRunAt)
      .where(sql`${t.active}`),
  ],
);

/** Variables a schedule gives the pipelines it runs. */
export const ciPipelineScheduleVariables = pgTable(
  'ci_pipeline_schedule_variables',
  {
    id: serial('id').primaryKey(),
    pipelineScheduleId: integer('pipeline_schedule_id')
      .notNull()
      .references(() => ciPipelineSchedules.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    variableType: text('variable_type', { enum: ['env_var', 'file'] })
      .notNull()
      .default('env_var'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ci_pipeline_schedule_variables_key').on(t.pipelineScheduleId, t.key)],
);

/**
 * Pipeline trigger tokens (GitLab's ci_triggers): `glptt-` tokens that run pipelines as their
 * owner. Kept as SHA-256 (shown in full once, to its owner, when made) with the first characters
 * GitLab shows to everyone else.
 */
export const ciTriggers = pgTable(
  'ci_triggers',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description'),
    tokenDigest: text('token_digest').notNull(),
    shortToken: text('short_token').notNull(),
    lastUsed: tz('last_used'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ci_triggers_token_digest').on(t.tokenDigest),
    index('ci_triggers_project').on(t.projectId, t.id),
  ],
);

/**
 * A project's merge request approval settings (GitLab's project columns of the same meaning).
 * No row: GitLab's defaults (the author may not approve; a push removes approvals).
 */
export const projectApprovalSettings = pgTable('project_approval_settings', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  preventApprovalByAuthor: boolean('prevent_approval_by_author').notNull().default(true),
  preventApprovalByCommitAuthor: boolean('prevent_approval_by_commit_author').notNull().default(false),
  disableOverridingApproversPerMergeRequest: boolean('disable_overriding_approvers_per_merge_request')
    .notNull()
    .default(false),
  requirePasswordToApprove: boolean('require_password_to_approve').notNull().default(false),
  /** GitLab's `reset_approvals_on_push`. */
  removeApprovalsWithNewCommit: boolean('remove_approvals_with_new_commit').notNull().default(true),
  selectiveCodeOwnerRemovals: boolean('selective_code_owner_removals').notNull().default(false),
  /** The fallback rule's count, used while the project has no rules (GitLab's deprecated setting). */
  approvalsBeforeMerge: integer('approvals_before_merge').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * A group's merge request approval settings (GitLab's group_merge_request_approval_settings), in
 * restrictions: `true` restricts every project below the group, subgroups' included, and locks it
 * there. No row: the group restricts nothing.
 */
export const groupApprovalSettings = pgTable('group_approval_settings', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => namespaces.id, { onDelete: 'cascade' }),
  preventApprovalByAuthor: boolean('prevent_approval_by_author').notNull().default(false),
  preventApprovalByCommitAuthor: boolean('prevent_approval_by_commit_author').notNull().default(false),
  disableOverridingApproversPerMergeRequest: boolean('disable_overriding_approvers_per_merge_request')
    .notNull()
    .default(false),
  requirePasswordToApprove: boolean('require_password_to_approve').notNull().default(false),
  removeApprovalsWithNewCommit: boolean('remove_approvals_with_new_commit').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * The instance's merge request approval settings (GitLab's application settings of the same
 * meaning), one row at most (`id` 1): an administrator's restrictions lock every group and project.
 */
export const instanceApprovalSettings = pgTable(
  'instance_approval_settings',
  {
    id: integer('id').primaryKey().default(1),
    preventApprovalByAuthor: boolean('prevent_approval_by_author').notNull().default(false),
    preventApprovalByCommitAuthor: boolean('prevent_approval_by_commit_author').notNull().default(false),
    disableOverridingApproversPerMergeRequest: boolean('disable_overriding_approvers_per_merge_request')
      .notNull()
      .default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('instance_approval_settings_one_row', sql`${t.id} = 1`)],
);

const approvalRuleColumns = () => ({
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  approvalsRequired: integer('approvals_required').notNull().default(0),
  ruleType: text('rule_type', { enum: ['regular', 'any_approver', 'report_approver'] })
    .notNull()
    .default('regular'),
  reportType: text('report_type'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A project's approval rule: who must approve merge requests into the branches it applies to. */
export const approvalProjectRules = pgTable(
  'approval_project_rules',
  {
    ...approvalRuleColumns(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    appliesToAllProtectedBranches: boolean('applies_to_all_protected_branches').notNull().default(false),
  },
  (t) => [uniqueIndex('approval_project_rules_name').on(t.projectId, t.name)],
);

/** A rule's join table of the users it names. */
const ruleUsersTable = (name: string, rule: () => AnyPgColumn) =>
  pgTable(
    name,
    {
      ruleId: integer('rule_id').notNull().references(rule, { onDelete: 'cascade' }),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
    },
    (t) => [primaryKey({ columns: [t.ruleId, t.userId] })],
  );

/** A rule's join table of the groups it names: their members may approve under it. */
const ruleGroupsTable = (name: string, rule: () => AnyPgColumn) =>
  pgTable(
    name,
    {
      ruleId: integer('rule_id').notNull().references(rule, { onDelete: 'cascade' }),
      groupId: integer('group_id')
        .notNull()
        .references(() => namespaces.id, { onDelete: 'cascade' }),
    },
    (t) => [primaryKey({ columns: [t.ruleId, t.groupId] })],
  );

export const approvalProjectRuleUsers = ruleUsersTable(
  'approval_project_rule_users',
  () => approvalProjectRules.id,
);
export const approvalProjectRuleGroups = ruleGroupsTable(
  'approval_project_rule_groups',
  () => approvalProjectRules.id,
);

/** The protected branches a project rule is scoped to; none: every branch. */
export const approvalProjectRuleProtectedBranches = pgTable(
  'approval_project_rule_protected_branches',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => approvalProjectRules.id, { onDelete: 'cascade' }),
    protectedBranchId: integer('protected_branch_id')
      .notNull()
      .references(() => protectedBranches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.protectedBranchId] })],
);

/**
 * A merge request's own approval rule, where the project lets merge requests override its rules:
 * once a request has one, its rules replace the project's (GitLab's `approval_rules_overwritten`).
 */
export const approvalMergeRequestRules = pgTable(
  'approval_merge_request_rules',
  {
    ...approvalRuleColumns(),
    mergeRequestId: integer('merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    /** The project rule it was copied from, if any. */
    approvalProjectRuleId: integer('approval_project_rule_id').references(() => approvalProjectRules.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [uniqueIndex('approval_merge_request_rules_name').on(t.mergeRequestId, t.name)],
);

export const approvalMergeRequestRuleUsers = ruleUsersTable(
  'approval_merge_request_rule_users',
  () => approvalMergeRequestRules.id,
);
export const approvalMergeRequestRuleGroups = ruleGroupsTable(
  'approval_merge_request_rule_groups',
  () => approvalMergeRequestRules.id,
);

/** One user's approval of a merge request, bound to the head commit (and its patch-id) they saw. */
export const mergeRequestApprovals = pgTable(
  'merge_request_approvals',
  {
    id: serial('id').primaryKey(),
    mergeRequestId: integer('merge_request_id')
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha: text('sha').notNull(),
    /** `git patch-id --stable` of the request's diff when approved: a rebase that keeps it keeps the approval. */
    patchIdSha: text('patch_id_sha'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('merge_request_approvals_user').on(t.mergeRequestId, t.userId)],
);
