import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { issues, labelLinks, labels, mergeRequests, resourceLabelEvents, users } from '../../db/schema';
import { anyOf } from '../../db/any-of';

export type LabelRow = typeof labels.$inferSelect;
export type LabelTarget = (typeof labelLinks.$inferSelect)['targetType'];
export type NewLabel = Pick<
  LabelRow,
  'title' | 'color' | 'description' | 'projectId' | 'groupId' | 'priority'
>;

/** Where a project or group looks for labels: its own, and its groups' (ids of namespaces). */
export type LabelScope = { projectId: number | null; groupIds: readonly number[] };

function scopeCondition(scope: LabelScope): SQL | undefined {
  const own = scope.projectId === null ? undefined : eq(labels.projectId, scope.projectId);
  const groups = scope.groupIds.length ? inArray(labels.groupId, [...scope.groupIds]) : undefined;
  return or(own, groups) ?? sql`false`;
}

const search = (text: string | undefined) =>
  text ? sql`strpos(lower(${labels.title}), lower(${text})) > 0` : undefined;

/** The labels a scope sees, by title (then id: a group's and a project's label may share a title). */
export async function listLabels(
  db: Db,
  scope: LabelScope,
  options: { search?: string; page: { offset: number; limit: number } },
): Promise<{ rows: LabelRow[]; total: number }> {
  const where = and(scopeCondition(scope), search(options.search));
  const rows = await db
    .select()
    .from(labels)
    .where(where)
    .orderBy(asc(labels.title), asc(labels.id))
    .offset(options.page.offset)
    .limit(options.page.limit);
  const [total] = await db.select({ n: count() }).from(labels).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Labels of a scope by id or exact title (every one of them, nearest owner decides later). */
export async function findLabels(
  db: Db,
  scope: LabelScope,
  refs: { ids?: readonly number[]; titles?: readonly string[] },
): Promise<LabelRow[]> {
  const ids = refs.ids?.length ? anyOf(labels.id, [...refs.ids]) : undefined;
  const titles = refs.titles?.length ? anyOf(labels.title, [...refs.titles]) : undefined;
  if (!ids && !titles) return [];
  return db
    .select()
    .from(labels)
    .where(and(scopeCondition(scope), or(ids, titles)))
    .orderBy(asc(labels.id));
}

/** Null when the title is taken in that project or group (the unique index decides, also under races). */
export async function insertLabel(db: Db, values: NewLabel & { createdAt: Date; updatedAt: Date }) {
  const [row] = await db.insert(labels).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateLabel(db: Db, id: number, values: Partial<NewLabel> & { updatedAt: Date }) {
  const [row] = await db.update(labels).set(values).where(eq(labels.id, id)).returning();
  return row ?? null;
}

export async function deleteLabel(db: Db, id: number): Promise<void> {
  await db.delete(labels).where(eq(labels.id, id));
}

/** The labels on several issues or merge requests, by title. */
export async function labelsOnTargets(
  db: Db,
  type: LabelTarget,
  targetIds: readonly number[],
): Promise<Array<{ targetId: number; label: LabelRow }>> {
  if (targetIds.length === 0) return [];
  return db
    .select({ targetId: labelLinks.targetId, label: labels })
    .from(labelLinks)
    .innerJoin(labels, eq(labels.id, labelLinks.labelId))
    .where(and(eq(labelLinks.targetType, type), anyOf(labelLinks.targetId, [...targetIds])))
    .orderBy(asc(labels.title), asc(labels.id));
}

export async function linkLabels(db: Db, type: LabelTarget, targetId: number, labelIds: number[], now: Date) {
  if (labelIds.length === 0) return;
  await db
    .insert(labelLinks)
    .values(labelIds.map((labelId) => ({ labelId, targetType: type, targetId, createdAt: now })))
    .onConflictDoNothing();
}

export async function unlinkLabels(db: Db, type: LabelTarget, targetId: number, labelIds: number[]) {
  if (labelIds.length === 0) return;
  await db
    .delete(labelLinks)
    .where(
      and(
        eq(labelLinks.targetType, type),
        eq(labelLinks.targetId, targetId),
        anyOf(labelLinks.labelId, labelIds),
      ),
    );
}

/**
 * How many open and closed issues and open merge requests of `projectIds` carry each label
 * (`with_counts`); confidential issues only when asked for.
 */
export async function countTargets(
  db: Db,
  labelIds: readonly number[],
  projectIds: readonly number[],
  withConfidential: boolean,
) {
  if (labelIds.length === 0 || projectIds.length === 0) return [];
  const issue = sql`${labelLinks.targetType} = 'Issue' and ${issues.id} = ${labelLinks.targetId}
    and ${anyOf(issues.projectId, projectIds)} and (${withConfidential} or not ${issues.confidential})`;
  const mergeRequest = sql`${labelLinks.targetType} = 'MergeRequest' and ${mergeRequests.id} = ${labelLinks.targetId}
    and ${anyOf(mergeRequests.projectId, projectIds)}`;
  return db
    .select({
      labelId: labelLinks.labelId,
      openIssues: sql<number>`count(${issues.id}) filter (where ${issues.state} = 'opened')`.mapWith(Number),
      closedIssues: sql<number>`count(${issues.id}) filter (where ${issues.state} = 'closed')`.mapWith(
        Number,
      ),
      openMergeRequests:
        sql<number>`count(${mergeRequests.id}) filter (where ${mergeRequests.state} = 'opened')`.mapWith(
          Number,
        ),
    })
    .from(labelLinks)
    .leftJoin(issues, issue)
    .leftJoin(mergeRequests, mergeRequest)
    .where(anyOf(labelLinks.labelId, [...labelIds]))
    .groupBy(labelLinks.labelId);
}

/** Filters of a list of issues or merge requests, by label titles (GitLab's `labels` and `not[labels]`). */
export type LabelFilter = {
  /** Every one of these titles, or `none` (no label at all) or `any` (at least one). */
  labels?: readonly string[] | 'none' | 'any';
  /** None of these titles. */
  notLabels?: readonly string[];
};

/** The link rows of the item whose id is `targetId` in the outer query. */
const linksOf = (type: LabelTarget, targetId: AnyPgColumn) =>
  sql`(select 1 from ${labelLinks} where ${labelLinks.targetType} = ${type} and ${labelLinks.targetId} = ${targetId})`;

const linkedWithTitle = (type: LabelTarget, targetId: AnyPgColumn, title: string) =>
  sql`exists (select 1 from ${labelLinks} inner join ${labels} on ${labels.id} = ${labelLinks.labelId}
    where ${labelLinks.targetType} = ${type} and ${labelLinks.targetId} = ${targetId}
    and ${labels.title} = ${title})`;

/** A condition on the outer query's issues or merge requests, or undefined when the filter asks nothing. */
export function labelFilterCondition(type: LabelTarget, filter: LabelFilter): SQL | undefined {
  const targetId = type === 'Issue' ? issues.id : mergeRequests.id;
  const conditions: SQL[] = [];
  if (filter.labels === 'none') conditions.push(sql`not exists ${linksOf(type, targetId)}`);
  else if (filter.labels === 'any') conditions.push(sql`exists ${linksOf(type, targetId)}`);
  else for (const title of filter.labels ?? []) conditions.push(linkedWithTitle(type, targetId, title));
  for (const title of filter.notLabels ?? [])
    conditions.push(sql`not ${linkedWithTitle(type, targetId, title)}`);
  return conditions.length ? and(...conditions) : undefined;
}

export type LabelEventRow = typeof resourceLabelEvents.$inferSelect;
export type LabelEventUser = Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'state'>;

/** The events of one change, in the change's transaction. */
export async function insertLabelEvents(
  db: Db,
  rows: Array<Pick<LabelEventRow, 'labelId' | 'targetType' | 'targetId' | 'userId' | 'action' | 'createdAt'>>,
): Promise<void> {
  if (rows.length > 0) await db.insert(resourceLabelEvents).values(rows);
}

/** An issue's or a merge request's label events, oldest first, with the label and who did it. */
export async function listLabelEvents(
  db: Db,
  type: LabelTarget,
  targetId: number,
  page: { offset: number; limit: number },
): Promise<{
  rows: Array<{ event: LabelEventRow; label: LabelRow | null; user: LabelEventUser | null }>;
  total: number;
}> {
  const where = and(eq(resourceLabelEvents.targetType, type), eq(resourceLabelEvents.targetId, targetId));
  const rows = await db
    .select({
      event: resourceLabelEvents,
      label: labels,
      user: { id: users.id, username: users.username, name: users.name, state: users.state },
    })
    .from(resourceLabelEvents)
    .leftJoin(labels, eq(labels.id, resourceLabelEvents.labelId))
    .leftJoin(users, eq(users.id, resourceLabelEvents.userId))
    .where(where)
    .orderBy(asc(resourceLabelEvents.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(resourceLabelEvents).where(where);
  return { rows, total: total?.n ?? 0 };
}
