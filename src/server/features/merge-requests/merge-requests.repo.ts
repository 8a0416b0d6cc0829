import { and, asc, count, desc, eq, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Commit } from '../../git/commits';
import { iidKeysIn, type IidKey } from '../../db/iid-keys';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import {
  mergeRequestDiffCommits,
  mergeRequestDiffs,
  mergeRequests,
  namespaces,
  projects,
  users,
} from '../../db/schema';
import { effectiveLevelSql } from '../../db/namespace-sql';
import { assigneeCondition, assigneesOf, type AssigneeFilter } from './assignees.repo';
import { reviewerCondition, reviewersOf, type ReviewerRow } from './reviewers.repo';
import { anyOf } from '../../db/any-of';

export type MergeRequestRow = typeof mergeRequests.$inferSelect;
export type NewMergeRequest = typeof mergeRequests.$inferInsert;
export type DiffVersionRow = typeof mergeRequestDiffs.$inferSelect;
export type DiffCommitRow = typeof mergeRequestDiffCommits.$inferSelect;
export type PersonRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'state'>;

/** The target project's settings that decide how its merge requests merge. */
export type MergeSettings = Pick<
  typeof projects.$inferSelect,
  | 'defaultBranch'
  | 'mergeMethod'
  | 'squashOption'
  | 'onlyAllowMergeIfPipelineSucceeds'
  | 'allowMergeOnSkippedPipeline'
  | 'onlyAllowMergeIfAllDiscussionsAreResolved'
  | 'removeSourceBranchAfterMerge'
  | 'mergeCommitTemplate'
  | 'squashCommitTemplate'
  | 'mergeRequestTitleRegex'
>;

/** A merge request with the people, settings and latest diff version its presentation needs. */
export type MergeRequestRecord = {
  mergeRequest: MergeRequestRow;
  projectFullPath: string;
  settings: MergeSettings;
  author: PersonRow | null;
  /** For squash commits, which the merge request's author writes. */
  authorEmail: string | null;
  closedBy: PersonRow | null;
  mergedBy: PersonRow | null;
  latestDiff: DiffVersionRow | null;
  /** The author has no merged merge request in the target project yet. */
  firstContribution: boolean;
  /** By user id: the table keeps no order of assignment. */
  assignees: PersonRow[];
  /** By user id, with where each review stands. */
  reviewers: ReviewerRow[];
};

const author = alias(users, 'author');
const closedBy = alias(users, 'closed_by');
const mergedBy = alias(users, 'merged_by');
const latestDiff = alias(mergeRequestDiffs, 'latest_diff');

const person = (table: typeof author | typeof closedBy | typeof mergedBy) => ({
  id: table.id,
  username: table.username,
  name: table.name,
  state: table.state,
});

type NoExtra = Record<never, never>;
const NO_EXTRA: NoExtra = {};

/** The query of merge request records, with `extra` columns for a reader that needs more. */
function recordQuery<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({
      ...extra,
      mergeRequest: mergeRequests,
      projectFullPath: sql<string>`${namespaces.fullPath} || '/' || ${projects.path}`,
      settings: {
        defaultBranch: projects.defaultBranch,
        mergeMethod: projects.mergeMethod,
        squashOption: projects.squashOption,
        onlyAllowMergeIfPipelineSucceeds: projects.onlyAllowMergeIfPipelineSucceeds,
        allowMergeOnSkippedPipeline: projects.allowMergeOnSkippedPipeline,
        onlyAllowMergeIfAllDiscussionsAreResolved: projects.onlyAllowMergeIfAllDiscussionsAreResolved,
        removeSourceBranchAfterMerge: projects.removeSourceBranchAfterMerge,
        mergeCommitTemplate: projects.mergeCommitTemplate,
        squashCommitTemplate: projects.squashCommitTemplate,
        mergeRequestTitleRegex: projects.mergeRequestTitleRegex,
      },
      author: person(author),
      authorEmail: author.email,
      closedBy: person(closedBy),
      mergedBy: person(mergedBy),
      latestDiff,
      firstContribution: sql<boolean>`not exists (
        select 1 from ${mergeRequests} earlier
        where earlier.project_id = ${mergeRequests.projectId}
          and earlier.author_id = ${mergeRequests.authorId}
          and earlier.state = 'merged'
      )`,
    })
    .from(mergeRequests)
    .innerJoin(projects, eq(projects.id, mergeRequests.projectId))
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .leftJoin(author, eq(author.id, mergeRequests.authorId))
    .leftJoin(closedBy, eq(closedBy.id, mergeRequests.closedById))
    .leftJoin(mergedBy, eq(mergedBy.id, mergeRequests.mergedById))
    .leftJoin(
      latestDiff,
      and(
        eq(latestDiff.mergeRequestId, mergeRequests.id),
        sql`${latestDiff.versionIndex} = (
          select max(d.version_index) from ${mergeRequestDiffs} d where d.merge_request_id = ${mergeRequests.id}
        )`,
      ),
    );
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery<NoExtra>>['execute']>>[number];

type PersonColumns = {
  id: number | null;
  username: string | null;
  name: string | null;
  state: PersonRow['state'] | null;
};

/** Left-joined people come back as all-null columns when absent (a deleted author). */
const personOf = (columns: PersonColumns | null): PersonRow | null =>
  columns?.id != null && columns.username !== null && columns.name !== null && columns.state !== null
    ? { id: columns.id, username: columns.username, name: columns.name, state: columns.state }
    : null;

/** Adds assignees and reviewers with one query each for the whole page. */
async function toRecords(db: Db, rows: RecordRow[]): Promise<MergeRequestRecord[]> {
  const ids = rows.map((row) => row.mergeRequest.id);
  const [assignees, reviewers] = await Promise.all([assigneesOf(db, ids), reviewersOf(db, ids)]);
  return rows.map((row) => ({
    ...row,
    author: personOf(row.author),
    closedBy: personOf(row.closedBy),
    mergedBy: personOf(row.mergedBy),
    firstContribution: Boolean(row.firstContribution),
    assignees: assignees.get(row.mergeRequest.id) ?? [],
    reviewers: reviewers.get(row.mergeRequest.id) ?? [],
  }));
}

/**
 * What the permission rules need of the author in the request's project, beside their state;
 * null when the account is gone. GitLab carries out what the request chose (deleting its source
 * branch) as its author.
 */
export type AuthorAccess = { admin: boolean; accessLevel: number } | null;

/** One merge request's record, with its author's access read in the same statement. */
export async function findMergeRequestRecord(
  db: Db,
  projectId: number,
  iid: number,
): Promise<(MergeRequestRecord & { authorAccess: AuthorAccess }) | undefined> {
  const [row] = await recordQuery(db, {
    authorAdmin: author.admin,
    authorAccessLevel: effectiveLevelSql(mergeRequests.authorId),
  }).where(and(eq(mergeRequests.projectId, projectId), eq(mergeRequests.iid, iid)));
  if (!row) return undefined;
  const { authorAdmin, authorAccessLevel, ...plain } = row;
  const [record] = await toRecords(db, [plain]);
  if (!record) return undefined;
  const authorAccess =
    record.author && authorAdmin !== null
      ? { admin: authorAdmin, accessLevel: Number(authorAccessLevel) }
      : null;
  return { ...record, authorAccess };
}

/** Where a merge request lives, for features that hold only its id (notes, awards). */
export async function findMergeRequestLocation(
  db: Db,
  id: number,
): Promise<{ projectId: number; iid: number } | undefined> {
  const [row] = await db
    .select({ projectId: mergeRequests.projectId, iid: mergeRequests.iid })
    .from(mergeRequests)
    .where(eq(mergeRequests.id, id));
  return row;
}

/**
 * Marks a request `locked` for a merge in one statement, only while it is still open at the head
 * and target the merge checked; null when it moved on (another merge took it, a push, a retarget).
 */
export async function lockForMerge(
  db: Db,
  checked: Pick<MergeRequestRow, 'id' | 'headSha' | 'targetBranch'>,
  values: Partial<NewMergeRequest> & { updatedAt: Date },
): Promise<MergeRequestRow | null> {
  const [row] = await db
    .update(mergeRequests)
    .set({ ...values, state: 'locked', lockVersion: sql`${mergeRequests.lockVersion} + 1` })
    .where(
      and(
        eq(mergeRequests.id, checked.id),
        eq(mergeRequests.state, 'opened'),
        checked.headSha === null ? isNull(mergeRequests.headSha) : eq(mergeRequests.headSha, checked.headSha),
        eq(mergeRequests.targetBranch, checked.targetBranch),
      ),
    )
    .returning();
  return row ?? null;
}

/** Locks the row for the rest of the transaction, so concurrent updates take turns. */
export async function lockMergeRequest(db: Db, id: number): Promise<MergeRequestRow | undefined> {
  const [row] = await db.select().from(mergeRequests).where(eq(mergeRequests.id, id)).for('update');
  return row;
}

/**
 * Projects whose merge requests the actor may read (`read_merge_request`): public ones, internal
 * ones when signed in, private ones from Reporter up (directly, through a group, or as the owner
 * of the personal namespace). Admins read all.
 */
export function visibleProjectsSql(actor: { id: number; admin: boolean } | null): SQL | undefined {
  if (actor?.admin) return undefined;
  if (!actor) return eq(projects.visibility, 'public');
  return or(
    inArray(projects.visibility, ['public', 'internal']),
    gte(effectiveLevelSql(actor.id), ACCESS_LEVELS.reporter),
  );
}

export type MergeRequestFilter = {
  /** One project, or every project the `visibleTo` predicate admits. */
  projectId?: number;
  visibleTo?: SQL;
  /** Only these merge requests of the project (`iids[]`). */
  iids?: number[];
  state: 'opened' | 'closed' | 'merged' | 'locked' | 'all';
  authorId?: number;
  assignee?: AssigneeFilter;
  reviewer?: AssigneeFilter;
  sourceBranch?: string;
  targetBranch?: string;
  search?: string;
  /** A condition on the request's labels, written by the labels feature. */
  labels?: SQL;
  orderBy: 'created_at' | 'updated_at';
  sort: 'asc' | 'desc';
};

function filterConditions(filter: MergeRequestFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.projectId === undefined ? undefined : eq(mergeRequests.projectId, filter.projectId),
    filter.visibleTo,
    filter.state === 'all' ? undefined : eq(mergeRequests.state, filter.state),
    filter.iids === undefined ? undefined : anyOf(mergeRequests.iid, filter.iids),
    filter.authorId === undefined ? undefined : eq(mergeRequests.authorId, filter.authorId),
    assigneeCondition(filter.assignee),
    reviewerCondition(filter.reviewer),
    filter.sourceBranch === undefined ? undefined : eq(mergeRequests.sourceBranch, filter.sourceBranch),
    filter.targetBranch === undefined ? undefined : eq(mergeRequests.targetBranch, filter.targetBranch),
    filter.labels,
  ];
  if (filter.search) {
    conditions.push(
      sql`(strpos(lower(${mergeRequests.title}), lower(${filter.search})) > 0
        or strpos(lower(${mergeRequests.description}), lower(${filter.search})) > 0)`,
    );
  }
  return and(...conditions);
}

export async function listMergeRequestRecords(
  db: Db,
  filter: MergeRequestFilter,
  page: { offset: number; limit: number },
): Promise<{ records: MergeRequestRecord[]; total: number }> {
  const where = filterConditions(filter);
  const direction = filter.sort === 'asc' ? asc : desc;
  const column = filter.orderBy === 'updated_at' ? mergeRequests.updatedAt : mergeRequests.createdAt;
  const rows = await recordQuery(db, NO_EXTRA)
    .where(where)
    .orderBy(direction(column), direction(mergeRequests.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ n: count() })
    .from(mergeRequests)
    .innerJoin(projects, eq(projects.id, mergeRequests.projectId))
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(where);
  return { records: await toRecords(db, rows), total: total?.n ?? 0 };
}

export async function insertMergeRequest(db: Db, values: NewMergeRequest): Promise<MergeRequestRow> {
  const [row] = await db.insert(mergeRequests).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Writes a change and bumps `lock_version`, which feeds ETags and optimistic locking. */
export async function updateMergeRequestRow(
  db: Db,
  id: number,
  values: Partial<NewMergeRequest> & { updatedAt: Date },
): Promise<MergeRequestRow> {
  const [row] = await db
    .update(mergeRequests)
    .set({ ...values, lockVersion: sql`${mergeRequests.lockVersion} + 1` })
    .where(eq(mergeRequests.id, id))
    .returning();
  if (!row) throw new Error(`merge request ${id} vanished`);
  return row;
}

/** Writes a change only if nobody wrote the request since `lockVersion` was read; undefined if someone did. */
export async function updateMergeRequestRowAt(
  db: Db,
  id: number,
  lockVersion: number,
  values: Partial<NewMergeRequest> & { updatedAt: Date },
): Promise<MergeRequestRow | undefined> {
  const [row] = await db
    .update(mergeRequests)
    .set({ ...values, lockVersion: sql`${mergeRequests.lockVersion} + 1` })
    .where(and(eq(mergeRequests.id, id), eq(mergeRequests.lockVersion, lockVersion)))
    .returning();
  return row;
}

/**
 * Stores a computed merge status, unless the request changed meanwhile (then the stored
 * `unchecked` stays and the next read computes again). A cache fill: no version bump.
 */
export async function storeMergeStatus(
  db: Db,
  id: number,
  lockVersion: number,
  status: 'can_be_merged' | 'cannot_be_merged',
): Promise<void> {
  await db
    .update(mergeRequests)
    .set({ mergeStatus: status })
    .where(and(eq(mergeRequests.id, id), eq(mergeRequests.lockVersion, lockVersion)));
}

/** Every request a merge holds `locked`, in any project, with who holds it since when. */
export async function listLockedMergeRequests(db: Db) {
  return db
    .select({
      projectId: mergeRequests.projectId,
      iid: mergeRequests.iid,
      mergeProcessId: mergeRequests.mergeProcessId,
      mergeStartedAt: mergeRequests.mergeStartedAt,
    })
    .from(mergeRequests)
    .where(eq(mergeRequests.state, 'locked'));
}

/** Marks open merge requests into a pushed target branch for a fresh mergeability check. */
export async function markTargetUnchecked(db: Db, projectId: number, targetBranch: string) {
  return db
    .update(mergeRequests)
    .set({ mergeStatus: 'unchecked' })
    .where(
      and(
        eq(mergeRequests.projectId, projectId),
        eq(mergeRequests.targetBranch, targetBranch),
        eq(mergeRequests.state, 'opened'),
        ne(mergeRequests.mergeStatus, 'unchecked'),
      ),
    )
    .returning({ id: mergeRequests.id, iid: mergeRequests.iid, projectId: mergeRequests.projectId });
}

/** The open merge request for this pair of branches, other than `exceptId`. */
export async function findOpenForBranches(
  db: Db,
  pair: { projectId: number; sourceProjectId: number; sourceBranch: string; targetBranch: string },
  exceptId?: number,
): Promise<MergeRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(mergeRequests)
    .where(
      and(
        eq(mergeRequests.projectId, pair.projectId),
        eq(mergeRequests.sourceProjectId, pair.sourceProjectId),
        eq(mergeRequests.sourceBranch, pair.sourceBranch),
        eq(mergeRequests.targetBranch, pair.targetBranch),
        eq(mergeRequests.state, 'opened'),
        exceptId === undefined ? undefined : ne(mergeRequests.id, exceptId),
      ),
    );
  return row;
}

/** Open merge requests whose source is one of these branches of the project. */
export async function findOpenBySourceBranches(
  db: Db,
  sourceProjectId: number,
  branches: string[],
): Promise<MergeRequestRow[]> {
  if (branches.length === 0) return [];
  return db
    .select()
    .from(mergeRequests)
    .where(
      and(
        eq(mergeRequests.sourceProjectId, sourceProjectId),
        anyOf(mergeRequests.sourceBranch, branches),
        eq(mergeRequests.state, 'opened'),
      ),
    );
}

export type NewDiffVersion = Omit<typeof mergeRequestDiffs.$inferInsert, 'id' | 'createdAt'> & {
  createdAt: Date;
};
export type NewDiffCommit = Omit<typeof mergeRequestDiffCommits.$inferInsert, 'mergeRequestDiffId'>;

/** The facts of a commit that its rows keep (a version's commits, the context commits). */
export const commitFacts = (commit: Commit) => ({
  sha: commit.sha,
  title: commit.title,
  message: commit.message,
  authorName: commit.author.name,
  authorEmail: commit.author.email,
  authoredDate: commit.author.date,
  committerName: commit.committer.name,
  committerEmail: commit.committer.email,
  committedDate: commit.committer.date,
});

/** Records a diff version and its commits (newest first). */
export async function insertDiffVersion(
  db: Db,
  version: NewDiffVersion,
  commits: NewDiffCommit[],
): Promise<DiffVersionRow> {
  const [row] = await db.insert(mergeRequestDiffs).values(version).returning();
  if (!row) throw new Error('insert returned nothing');
  // Batches keep each INSERT under PostgreSQL's 65,535 bind parameters.
  for (let i = 0; i < commits.length; i += 1000) {
    await db
      .insert(mergeRequestDiffCommits)
      .values(commits.slice(i, i + 1000).map((commit) => ({ ...commit, mergeRequestDiffId: row.id })));
  }
  return row;
}

export async function latestDiffVersion(db: Db, mergeRequestId: number): Promise<DiffVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(mergeRequestDiffs)
    .where(eq(mergeRequestDiffs.mergeRequestId, mergeRequestId))
    .orderBy(desc(mergeRequestDiffs.versionIndex))
    .limit(1);
  return row;
}

/** A diff version as `json_build_object` gives it: the row's fields, its time as text. */
type DiffVersionJson = Omit<DiffVersionRow, 'createdAt'> & { createdAt: string };

/**
 * The outer query's merge request's versions, newest first, as one JSON array. Its id is named
 * in full: in a one-table select the query builder leaves columns unqualified, which inside this
 * subquery would name the version's own id.
 */
const diffVersionsJsonSql = sql<DiffVersionJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', d.id,
    'mergeRequestId', d.merge_request_id,
    'versionIndex', d.version_index,
    'headCommitSha', d.head_commit_sha,
    'baseCommitSha', d.base_commit_sha,
    'startCommitSha', d.start_commit_sha,
    'commitsCount', d.commits_count,
    'filesCount', d.files_count,
    'createdAt', d.created_at
  ) order by d.version_index desc), '[]')
  from ${mergeRequestDiffs} d where d.merge_request_id = "merge_requests"."id"
)`;

const diffVersionFromJson = (json: DiffVersionJson): DiffVersionRow => ({
  id: json.id,
  mergeRequestId: json.mergeRequestId,
  versionIndex: json.versionIndex,
  headCommitSha: json.headCommitSha,
  baseCommitSha: json.baseCommitSha,
  startCommitSha: json.startCommitSha,
  commitsCount: json.commitsCount,
  filesCount: json.filesCount,
  createdAt: new Date(json.createdAt),
});

/**
 * A merge request's row and its diff versions, newest first, in one statement: what every diff
 * request reads before git is asked anything.
 */
export async function findMergeRequestWithVersions(
  db: Db,
  projectId: number,
  iid: number,
): Promise<{ mergeRequest: MergeRequestRow; versions: DiffVersionRow[] } | undefined> {
  const [row] = await db
    .select({ mergeRequest: mergeRequests, versions: diffVersionsJsonSql })
    .from(mergeRequests)
    .where(and(eq(mergeRequests.projectId, projectId), eq(mergeRequests.iid, iid)));
  return row && { mergeRequest: row.mergeRequest, versions: row.versions.map(diffVersionFromJson) };
}

export async function findDiffVersion(
  db: Db,
  mergeRequestId: number,
  versionId: number,
): Promise<DiffVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(mergeRequestDiffs)
    .where(and(eq(mergeRequestDiffs.mergeRequestId, mergeRequestId), eq(mergeRequestDiffs.id, versionId)));
  return row;
}

export async function listDiffCommits(
  db: Db,
  diffId: number,
  page?: { offset: number; limit: number },
): Promise<DiffCommitRow[]> {
  const query = db
    .select()
    .from(mergeRequestDiffCommits)
    .where(eq(mergeRequestDiffCommits.mergeRequestDiffId, diffId))
    .orderBy(asc(mergeRequestDiffCommits.relativeOrder));
  return page ? query.offset(page.offset).limit(page.limit) : query;
}

/** A merge request as a reference to it needs it. */
export type ReferencedMergeRequestRow = Pick<
  MergeRequestRow,
  'id' | 'projectId' | 'iid' | 'title' | 'state' | 'authorId'
>;

/** The merge requests named by (project, iid), in one query whatever their number. */
export async function findReferencedMergeRequests(
  db: Db,
  keys: readonly IidKey[],
): Promise<ReferencedMergeRequestRow[]> {
  if (keys.length === 0) return [];
  return db
    .select({
      id: mergeRequests.id,
      projectId: mergeRequests.projectId,
      iid: mergeRequests.iid,
      title: mergeRequests.title,
      state: mergeRequests.state,
      authorId: mergeRequests.authorId,
    })
    .from(mergeRequests)
    .where(iidKeysIn(mergeRequests.projectId, mergeRequests.iid, keys));
}
