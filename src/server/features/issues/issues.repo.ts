import { and, asc, count, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { Db } from '../../db/client';
import { iidKeysIn, type IidKey } from '../../db/iid-keys';
import {
  issueAssignees,
  issues,
  mergeRequests,
  namespaces,
  notes,
  projects,
  timelineEvents,
  users,
} from '../../db/schema';
import { CLOSING_PREFIX } from '../../../shared/issues/closingPattern';
import { effectiveLevelSql } from '../../db/namespace-sql';
import { anyOf } from '../../db/any-of';

export type IssueRow = typeof issues.$inferSelect;
export type NewIssue = typeof issues.$inferInsert;
export type TimelineEventRow = typeof timelineEvents.$inferSelect;
export type PersonRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'state'>;

/** An issue with the people and project path its presentation needs. */
export type IssueRecord = {
  issue: IssueRow;
  projectFullPath: string;
  author: PersonRow | null;
  closedBy: PersonRow | null;
  /** By user id: the table keeps no order of assignment. */
  assignees: PersonRow[];
};

const author = alias(users, 'author');
const closedBy = alias(users, 'closed_by');

const person = (table: typeof author | typeof closedBy) => ({
  id: table.id,
  username: table.username,
  name: table.name,
  state: table.state,
});

function recordQuery(db: Db) {
  return db
    .select({
      issue: issues,
      projectFullPath: sql<string>`${namespaces.fullPath} || '/' || ${projects.path}`,
      author: person(author),
      closedBy: person(closedBy),
    })
    .from(issues)
    .innerJoin(projects, eq(projects.id, issues.projectId))
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .leftJoin(author, eq(author.id, issues.authorId))
    .leftJoin(closedBy, eq(closedBy.id, issues.closedById));
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['execute']>>[number];
type PersonColumns = RecordRow['author'];

/** Left-joined people come back as all-null columns when absent (a deleted user). */
const personOf = (columns: PersonColumns): PersonRow | null =>
  columns?.id != null && columns.username !== null && columns.name !== null && columns.state !== null
    ? { id: columns.id, username: columns.username, name: columns.name, state: columns.state }
    : null;

/** Adds assignees with one query for the whole page. */
async function withAssignees(db: Db, rows: RecordRow[]): Promise<IssueRecord[]> {
  const ids = rows.map((row) => row.issue.id);
  const assigned =
    ids.length === 0
      ? []
      : await db
          .select({
            issueId: issueAssignees.issueId,
            id: users.id,
            username: users.username,
            name: users.name,
            state: users.state,
          })
          .from(issueAssignees)
          .innerJoin(users, eq(users.id, issueAssignees.userId))
          .where(anyOf(issueAssignees.issueId, ids))
          .orderBy(asc(users.id));
  return rows.map((row) => ({
    issue: row.issue,
    projectFullPath: row.projectFullPath,
    author: personOf(row.author),
    closedBy: personOf(row.closedBy),
    assignees: assigned
      .filter((a) => a.issueId === row.issue.id)
      .map(({ id, username, name, state }) => ({ id, username, name, state })),
  }));
}

export async function findIssueRecord(
  db: Db,
  projectId: number,
  iid: number,
): Promise<IssueRecord | undefined> {
  const rows = await recordQuery(db).where(and(eq(issues.projectId, projectId), eq(issues.iid, iid)));
  const [record] = await withAssignees(db, rows);
  return record;
}

export async function findIssueRecordById(db: Db, id: number): Promise<IssueRecord | undefined> {
  const [record] = await withAssignees(db, await recordQuery(db).where(eq(issues.id, id)));
  return record;
}

/** Locks the row for the rest of the transaction, so concurrent updates take turns. */
export async function lockIssue(db: Db, id: number): Promise<IssueRow | undefined> {
  const [row] = await db.select().from(issues).where(eq(issues.id, id)).for('update');
  return row;
}

const assignedTo = (userId: number) =>
  sql`exists (select 1 from ${issueAssignees} where ${issueAssignees.issueId} = ${issues.id}
    and ${issueAssignees.userId} = ${userId})`;

const assignedToUsername = (username: string) =>
  sql`exists (select 1 from ${issueAssignees} inner join ${users} on ${users.id} = ${issueAssignees.userId}
    where ${issueAssignees.issueId} = ${issues.id} and ${users.username} = ${username})`;

/**
 * Who may see confidential issues in a list: everyone for admins and project reporters
 * (`undefined`), else only their author and assignees (signed in) or nobody (anonymous).
 */
export type ConfidentialScope = { seesAll: true } | { seesAll: false; userId: number | null };

function confidentialCondition(scope: ConfidentialScope, reporterLevel?: SQL<number>): SQL | undefined {
  if (scope.seesAll) return undefined;
  const own =
    scope.userId === null ? undefined : or(eq(issues.authorId, scope.userId), assignedTo(scope.userId));
  const reporter = reporterLevel ? gte(reporterLevel, ACCESS_LEVELS.reporter) : undefined;
  return or(eq(issues.confidential, false), own, reporter);
}

/**
 * Projects whose issues the actor may read (`read_issue`): public ones, internal ones when
 * signed in, private ones from Guest up. Admins read all.
 */
function visibleProjects(actor: { id: number; admin: boolean } | null): SQL | undefined {
  if (actor?.admin) return undefined;
  if (!actor) return eq(projects.visibility, 'public');
  return or(inArray(projects.visibility, ['public', 'internal']), gte(effectiveLevelSql(actor.id), 1));
}

export type IssueFilter = {
  /** One project (with the actor's confidential scope there), or every project the actor may read. */
  scope:
    | { kind: 'project'; projectId: number; confidential: ConfidentialScope }
    | { kind: 'visible'; actor: { id: number; admin: boolean } | null };
  state: 'opened' | 'closed' | 'all';
  iids?: number[];
  authorId?: number;
  /** A user by id or username, GitLab's `None` or `Any`. */
  assignee?: number | { username: string } | 'none' | 'any';
  confidential?: boolean;
  issueType?: 'issue' | 'incident';
  search?: string;
  /** A condition on the issue's labels, written by the labels feature. */
  labels?: SQL;
  orderBy: 'created_at' | 'updated_at' | 'title';
  sort: 'asc' | 'desc';
};

/** The assignee rows of the issue in the outer query. */
const anyAssignee = () =>
  sql`(select 1 from ${issueAssignees} where ${issueAssignees.issueId} = ${issues.id})`;

function assigneeCondition(assignee: IssueFilter['assignee']): SQL | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === 'none') return sql`not exists ${anyAssignee()}`;
  if (assignee === 'any') return sql`exists ${anyAssignee()}`;
  return typeof assignee === 'number' ? assignedTo(assignee) : assignedToUsername(assignee.username);
}

function scopeConditions(scope: IssueFilter['scope']): (SQL | undefined)[] {
  if (scope.kind === 'project') {
    return [eq(issues.projectId, scope.projectId), confidentialCondition(scope.confidential)];
  }
  const { actor } = scope;
  const confidential: ConfidentialScope = actor?.admin
    ? { seesAll: true }
    : { seesAll: false, userId: actor?.id ?? null };
  return [
    visibleProjects(actor),
    confidentialCondition(confidential, actor ? effectiveLevelSql(actor.id) : undefined),
  ];
}

function filterConditions(filter: IssueFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    ...scopeConditions(filter.scope),
    filter.state !== 'all' ? eq(issues.state, filter.state) : undefined,
    filter.iids === undefined ? undefined : anyOf(issues.iid, filter.iids),
    filter.authorId === undefined ? undefined : eq(issues.authorId, filter.authorId),
    assigneeCondition(filter.assignee),
    filter.confidential === undefined ? undefined : eq(issues.confidential, filter.confidential),
    filter.issueType === undefined ? undefined : eq(issues.issueType, filter.issueType),
    filter.labels,
  ];
  if (filter.search) {
    conditions.push(
      sql`(strpos(lower(${issues.title}), lower(${filter.search})) > 0
        or strpos(lower(${issues.description}), lower(${filter.search})) > 0)`,
    );
  }
  return and(...conditions);
}

const orderColumn = (orderBy: IssueFilter['orderBy']) =>
  orderBy === 'title' ? issues.title : orderBy === 'updated_at' ? issues.updatedAt : issues.createdAt;

export async function listIssueRecords(
  db: Db,
  filter: IssueFilter,
  page: { offset: number; limit: number },
): Promise<{ records: IssueRecord[]; total: number }> {
  const where = filterConditions(filter);
  const direction = filter.sort === 'asc' ? asc : desc;
  const rows = await recordQuery(db)
    .where(where)
    .orderBy(direction(orderColumn(filter.orderBy)), direction(issues.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ n: count() })
    .from(issues)
    .innerJoin(projects, eq(projects.id, issues.projectId))
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(where);
  return { records: await withAssignees(db, rows), total: total?.n ?? 0 };
}

export async function insertIssue(db: Db, values: NewIssue): Promise<IssueRow> {
  const [row] = await db.insert(issues).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Writes a change and bumps `lock_version`, which feeds ETags and optimistic locking. */
export async function updateIssueRow(
  db: Db,
  id: number,
  values: Partial<NewIssue> & { updatedAt: Date },
): Promise<IssueRow> {
  const [row] = await db
    .update(issues)
    .set({ ...values, lockVersion: sql`${issues.lockVersion} + 1` })
    .where(eq(issues.id, id))
    .returning();
  if (!row) throw new Error(`issue ${id} vanished`);
  return row;
}

/** Writes a change only if nobody wrote the issue since `lockVersion` was read; undefined if someone did. */
export async function updateIssueRowAt(
  db: Db,
  id: number,
  lockVersion: number,
  values: Partial<NewIssue> & { updatedAt: Date },
): Promise<IssueRow | undefined> {
  const [row] = await db
    .update(issues)
    .set({ ...values, lockVersion: sql`${issues.lockVersion} + 1` })
    .where(and(eq(issues.id, id), eq(issues.lockVersion, lockVersion)))
    .returning();
  return row;
}

export async function deleteIssueRow(db: Db, id: number): Promise<void> {
  await db.delete(issues).where(eq(issues.id, id));
}

/** Replaces the assignees. */
export async function replaceAssignees(db: Db, issueId: number, userIds: number[]): Promise<void> {
  await db.delete(issueAssignees).where(eq(issueAssignees.issueId, issueId));
  if (userIds.length === 0) return;
  await db.insert(issueAssignees).values(userIds.map((userId) => ({ issueId, userId })));
}

/** The users among these ids that exist, by id. */
export async function findUsers(db: Db, ids: number[]): Promise<Array<{ id: number; username: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(anyOf(users.id, ids))
    .orderBy(asc(users.id));
}

export async function insertTimelineEvent(
  db: Db,
  values: typeof timelineEvents.$inferInsert,
): Promise<TimelineEventRow> {
  const [row] = await db.insert(timelineEvents).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export type TimelineEventRecord = { event: TimelineEventRow; author: PersonRow | null };

/** An incident's timeline, in the order things happened; internal events only when asked for. */
export async function listTimelineEvents(
  db: Db,
  issueId: number,
  { includeInternal }: { includeInternal: boolean },
): Promise<TimelineEventRecord[]> {
  const rows = await db
    .select({ event: timelineEvents, author: person(author) })
    .from(timelineEvents)
    .leftJoin(author, eq(author.id, timelineEvents.authorId))
    .where(
      and(
        eq(timelineEvents.issueId, issueId),
        includeInternal ? undefined : eq(timelineEvents.internal, false),
      ),
    )
    .orderBy(asc(timelineEvents.occurredAt), asc(timelineEvents.id));
  return rows.map((row) => ({ event: row.event, author: personOf(row.author) }));
}

export async function findTimelineEventForNote(
  db: Db,
  issueId: number,
  noteId: number,
): Promise<TimelineEventRow | undefined> {
  const [row] = await db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.issueId, issueId), eq(timelineEvents.noteId, noteId)));
  return row;
}

/** GitLab's `user_notes_count` and `merge_requests_count` of an issue. */
export type IssueCounts = { userNotes: number; mergeRequests: number };

/**
 * Counts for a page of issues, two grouped queries for all of them: comments (internal ones only
 * for who may read them) and the merge requests of the issue's project whose description closes it.
 */
export async function countsOf(
  db: Db,
  issueIds: number[],
  includeInternal: boolean,
): Promise<Map<number, IssueCounts>> {
  const counts = new Map<number, IssueCounts>(issueIds.map((id) => [id, { userNotes: 0, mergeRequests: 0 }]));
  if (issueIds.length === 0) return counts;
  const [noteCounts, closing] = await Promise.all([
    db
      .select({ id: notes.noteableId, n: count() })
      .from(notes)
      .where(
        and(
          eq(notes.noteableType, 'Issue'),
          anyOf(notes.noteableId, issueIds),
          eq(notes.system, false),
          includeInternal ? undefined : eq(notes.internal, false),
        ),
      )
      .groupBy(notes.noteableId),
    db
      .select({ id: issues.id, n: count() })
      .from(issues)
      .innerJoin(
        mergeRequests,
        and(
          eq(mergeRequests.projectId, issues.projectId),
          sql`${mergeRequests.description} ~* (${CLOSING_PREFIX} || ${issues.iid} || '([^0-9]|$)')`,
        ),
      )
      .where(anyOf(issues.id, issueIds))
      .groupBy(issues.id),
  ]);
  for (const row of noteCounts) {
    const entry = counts.get(row.id);
    if (entry) entry.userNotes = row.n;
  }
  for (const row of closing) {
    const entry = counts.get(row.id);
    if (entry) entry.mergeRequests = row.n;
  }
  return counts;
}

/** An issue as a reference to it needs it: what to show and who may read it. */
export type ReferencedIssueRow = Pick<
  IssueRow,
  'id' | 'projectId' | 'iid' | 'title' | 'state' | 'issueType' | 'confidential' | 'authorId'
> & { assigneeIds: number[] };

/** The issues named by (project, iid), in one query whatever their number. */
export async function findReferencedIssues(db: Db, keys: readonly IidKey[]): Promise<ReferencedIssueRow[]> {
  if (keys.length === 0) return [];
  return db
    .select({
      id: issues.id,
      projectId: issues.projectId,
      iid: issues.iid,
      title: issues.title,
      state: issues.state,
      issueType: issues.issueType,
      confidential: issues.confidential,
      authorId: issues.authorId,
      assigneeIds: sql<number[]>`array(select ${issueAssignees.userId} from ${issueAssignees}
        where ${issueAssignees.issueId} = ${issues.id})`,
    })
    .from(issues)
    .where(iidKeysIn(issues.projectId, issues.iid, keys));
}
