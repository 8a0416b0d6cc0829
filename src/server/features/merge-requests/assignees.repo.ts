import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { mergeRequestReviewers } from '../../db/schema';
import { mergeRequestAssignees, mergeRequests, users } from '../../db/schema';
import type { PersonRow } from './merge-requests.repo';
import { anyOf } from '../../db/any-of';

/** The assignees of these merge requests with one query, by request id (then by user id: no order is kept). */
export async function assigneesOf(db: Db, mergeRequestIds: number[]): Promise<Map<number, PersonRow[]>> {
  const byRequest = new Map<number, PersonRow[]>();
  if (mergeRequestIds.length === 0) return byRequest;
  const rows = await db
    .select({
      mergeRequestId: mergeRequestAssignees.mergeRequestId,
      id: users.id,
      username: users.username,
      name: users.name,
      state: users.state,
    })
    .from(mergeRequestAssignees)
    .innerJoin(users, eq(users.id, mergeRequestAssignees.userId))
    .where(anyOf(mergeRequestAssignees.mergeRequestId, mergeRequestIds))
    .orderBy(asc(users.id));
  for (const { mergeRequestId, ...person } of rows) {
    const list = byRequest.get(mergeRequestId) ?? [];
    list.push(person);
    byRequest.set(mergeRequestId, list);
  }
  return byRequest;
}

export async function replaceMergeRequestAssignees(
  db: Db,
  mergeRequestId: number,
  userIds: number[],
): Promise<void> {
  await db.delete(mergeRequestAssignees).where(eq(mergeRequestAssignees.mergeRequestId, mergeRequestId));
  if (userIds.length === 0) return;
  await db.insert(mergeRequestAssignees).values(userIds.map((userId) => ({ mergeRequestId, userId })));
}

/** A list's assignee or reviewer filter: a user (by id or username), GitLab's `None` or `Any`. */
export type AssigneeFilter = { id: number } | { username: string } | 'none' | 'any';

/** The tables that link people to a merge request (assignees, reviewers). */
type PeopleLink = typeof mergeRequestAssignees | typeof mergeRequestReviewers;

const linkedRows = (link: PeopleLink, extra?: SQL) =>
  sql`(select 1 from ${link}
    inner join ${users} on ${users.id} = ${link.userId}
    where ${link.mergeRequestId} = ${mergeRequests.id} ${extra ? sql`and ${extra}` : sql``})`;

/** The condition on the merge request of the outer query, over one of the people tables. */
export function peopleCondition(link: PeopleLink, filter: AssigneeFilter | undefined): SQL | undefined {
  if (filter === undefined) return undefined;
  if (filter === 'none') return sql`not exists ${linkedRows(link)}`;
  if (filter === 'any') return sql`exists ${linkedRows(link)}`;
  return 'id' in filter
    ? sql`exists ${linkedRows(link, eq(users.id, filter.id))}`
    : sql`exists ${linkedRows(link, eq(users.username, filter.username))}`;
}

export const assigneeCondition = (filter: AssigneeFilter | undefined) =>
  peopleCondition(mergeRequestAssignees, filter);
