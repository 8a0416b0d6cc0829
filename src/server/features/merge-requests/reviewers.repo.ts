import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReviewerState } from '../../../shared/api/reviewers';
import type { Db } from '../../db/client';
import { anyOf } from '../../db/any-of';
import { mergeRequestRequestedChanges, mergeRequestReviewers, users } from '../../db/schema';
import { peopleCondition, type AssigneeFilter } from './assignees.repo';
import type { CurrentUser } from '../../auth/current-user';
import type { PersonRow } from './merge-requests.repo';

/** A reviewer of a merge request: the person, where their review stands and since when they were asked. */
export type ReviewerRow = PersonRow & { reviewState: ReviewerState; requestedAt: Date };

/** The reviewers of these merge requests with one query, by request id (then by user id, as assignees). */
export async function reviewersOf(db: Db, mergeRequestIds: number[]): Promise<Map<number, ReviewerRow[]>> {
  const byRequest = new Map<number, ReviewerRow[]>();
  if (mergeRequestIds.length === 0) return byRequest;
  const rows = await db
    .select({
      mergeRequestId: mergeRequestReviewers.mergeRequestId,
      id: users.id,
      username: users.username,
      name: users.name,
      state: users.state,
      reviewState: mergeRequestReviewers.state,
      requestedAt: mergeRequestReviewers.createdAt,
    })
    .from(mergeRequestReviewers)
    .innerJoin(users, eq(users.id, mergeRequestReviewers.userId))
    .where(anyOf(mergeRequestReviewers.mergeRequestId, mergeRequestIds))
    .orderBy(asc(users.id));
  for (const { mergeRequestId, reviewState, ...person } of rows) {
    const list = byRequest.get(mergeRequestId) ?? [];
    list.push({ ...person, reviewState: reviewState as ReviewerState });
    byRequest.set(mergeRequestId, list);
  }
  return byRequest;
}

/** The users behind these ids as actors (to ask whether each may read the project); unknown ids are absent. */
export async function reviewerCandidates(db: Db, ids: number[]): Promise<CurrentUser[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      admin: users.admin,
      state: users.state,
    })
    .from(users)
    .where(anyOf(users.id, ids));
}

/**
 * Makes `userIds` the reviewers: those who stay keep their state and request time, new ones start
 * unreviewed at `now`.
 */
export async function replaceMergeRequestReviewers(
  db: Db,
  mergeRequestId: number,
  userIds: number[],
  now: Date,
): Promise<void> {
  const keep = userIds.length === 0 ? sql`true` : sql`not ${anyOf(mergeRequestReviewers.userId, userIds)}`;
  await db
    .delete(mergeRequestReviewers)
    .where(and(eq(mergeRequestReviewers.mergeRequestId, mergeRequestId), keep));
  if (userIds.length === 0) return;
  await db
    .insert(mergeRequestReviewers)
    .values(userIds.map((userId) => ({ mergeRequestId, userId, createdAt: now })))
    .onConflictDoNothing();
}

/** Sets one reviewer's state; false when the user is no reviewer of the request. */
export async function updateReviewerState(
  db: Db,
  mergeRequestId: number,
  userId: number,
  state: ReviewerState,
): Promise<boolean> {
  const rows = await db
    .update(mergeRequestReviewers)
    .set({ state })
    .where(
      and(eq(mergeRequestReviewers.mergeRequestId, mergeRequestId), eq(mergeRequestReviewers.userId, userId)),
    )
    .returning({ userId: mergeRequestReviewers.userId });
  return rows.length > 0;
}

/** Records that `userId` requested changes (once: asking again keeps the first request). */
export async function insertChangeRequest(db: Db, mergeRequestId: number, userId: number, now: Date) {
  await db
    .insert(mergeRequestRequestedChanges)
    .values({ mergeRequestId, userId, createdAt: now })
    .onConflictDoNothing();
}

/** Lifts `userId`'s change request; false when they had none. */
export async function deleteChangeRequest(db: Db, mergeRequestId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(mergeRequestRequestedChanges)
    .where(
      and(
        eq(mergeRequestRequestedChanges.mergeRequestId, mergeRequestId),
        eq(mergeRequestRequestedChanges.userId, userId),
      ),
    )
    .returning({ userId: mergeRequestRequestedChanges.userId });
  return rows.length > 0;
}

/** Of these requests, the ids of those with a change request outstanding (one query for a page). */
export async function requestsWithChangesRequested(db: Db, mergeRequestIds: number[]): Promise<Set<number>> {
  if (mergeRequestIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: mergeRequestRequestedChanges.mergeRequestId })
    .from(mergeRequestRequestedChanges)
    .where(anyOf(mergeRequestRequestedChanges.mergeRequestId, mergeRequestIds));
  return new Set(rows.map((row) => row.id));
}

/** Of these users, those whose change request on the request is outstanding. */
export async function usersWithChangesRequested(
  db: Db,
  mergeRequestId: number,
  userIds: number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: mergeRequestRequestedChanges.userId })
    .from(mergeRequestRequestedChanges)
    .where(
      and(
        eq(mergeRequestRequestedChanges.mergeRequestId, mergeRequestId),
        anyOf(mergeRequestRequestedChanges.userId, userIds),
      ),
    );
  return rows.map((row) => row.userId);
}

/** A list's reviewer filter: a user (by id or username), GitLab's `None` or `Any`. */
export const reviewerCondition = (filter: AssigneeFilter | undefined) =>
  peopleCondition(mergeRequestReviewers, filter);
