import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
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
    onlyAllowMergeIfAllDiscussionsAreResolved: boolean('only_allow_merge_if_all_discussions_are_resolved')
      .notNull()
      .default(false),
    removeSourceBranchAfterMerge: boolean('remove_source_branch_after_merge').notNull().default(true),
    mergeCommitTemplate: text('merge_commit_template'),
    squashCommitTemplate: text('squash_commit_template'),
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
    usage: text('usage', { enum: ['merge_requests', 'issues'] }).notNull(),
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
    /** The merger's choice; null leaves it to the project's `remove_source_branch_after_merge`. */
    shouldRemoveSourceBranch: boolean('should_remove_source_branch'),
    /** Why the last merge attempt failed; cleared by the next attempt. */
    mergeError: text('merge_error'),
    /**
     * A merge in progress holds the request in state `locked` (as GitLab does): who started it,
     * when, and the commit the target branch is about to move to, so a merge interrupted by a
     * crash can be settled either way later.
     */
    mergeUserId: integer('merge_user_id').references(() => users.id, { onDelete: 'set null' }),
    mergeStartedAt: tz('merge_started_at'),
    inProgressMergeCommitSha: text('in_progress_merge_commit_sha'),
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
  ],
);

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
    title: text('title').notNull(),
    message: text('message').notNull(),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    authoredDate: tz('authored_date').notNull(),
    committerName: text('committer_name').notNull(),
    committerEmail: text('committer_email').notNull(),
    committedDate: tz('committed_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mergeRequestDiffId, t.relativeOrder] })],
);

/** Fixed-window counters for rate limits, shared by every app process (sign-in attempts, for now). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: tz('window_start').notNull(),
  count: integer('count').notNull(),
});

export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
