import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { anyOf } from '../../db/any-of';
import { mergeRequestApprovals, projectApprovalSettings, users } from '../../db/schema';

export type ApprovalSettingsRow = typeof projectApprovalSettings.$inferSelect;
export type ApprovalSettingsValues = Omit<ApprovalSettingsRow, 'projectId' | 'updatedAt'>;
export type ApprovalRow = typeof mergeRequestApprovals.$inferSelect;

/** GitLab's defaults for a project that never changed its approval settings. */
export const DEFAULT_APPROVAL_SETTINGS: ApprovalSettingsValues = {
  preventApprovalByAuthor: true,
  preventApprovalByCommitAuthor: false,
  disableOverridingApproversPerMergeRequest: false,
  requirePasswordToApprove: false,
  removeApprovalsWithNewCommit: true,
  selectiveCodeOwnerRemovals: false,
  approvalsBeforeMerge: 0,
};

/** A person as approvals show them (approvers, approvals, committers). */
export type ApprovalPerson = Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'state' | 'admin'>;

const personColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  state: users.state,
  admin: users.admin,
};

export async function findApprovalSettings(db: Db, projectId: number): Promise<ApprovalSettingsValues> {
  const [row] = await db
    .select()
    .from(projectApprovalSettings)
    .where(eq(projectApprovalSettings.projectId, projectId));
  if (!row) return DEFAULT_APPROVAL_SETTINGS;
  const { projectId: _project, updatedAt: _updated, ...values } = row;
  return values;
}

export async function upsertApprovalSettings(
  db: Db,
  projectId: number,
  values: Partial<ApprovalSettingsValues>,
  now: Date,
): Promise<void> {
  await db
    .insert(projectApprovalSettings)
    .values({ ...DEFAULT_APPROVAL_SETTINGS, ...values, projectId, updatedAt: now })
    .onConflictDoUpdate({ target: projectApprovalSettings.projectId, set: { ...values, updatedAt: now } });
}

/** A request's approvals, oldest first, with who gave them. */
export async function listApprovals(db: Db, mergeRequestId: number) {
  return db
    .select({ approval: mergeRequestApprovals, user: personColumns })
    .from(mergeRequestApprovals)
    .innerJoin(users, eq(users.id, mergeRequestApprovals.userId))
    .where(eq(mergeRequestApprovals.mergeRequestId, mergeRequestId))
    .orderBy(asc(mergeRequestApprovals.createdAt), asc(mergeRequestApprovals.id));
}

/** Records an approval; false when the user had already approved. */
export async function insertApproval(
  db: Db,
  values: { mergeRequestId: number; userId: number; sha: string; patchIdSha: string | null; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(mergeRequestApprovals)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: mergeRequestApprovals.id });
  return rows.length > 0;
}

/** Removes the approvals of these users (every approval when `userIds` is omitted); how many went. */
export async function deleteApprovals(db: Db, mergeRequestId: number, userIds?: readonly number[]) {
  const rows = await db
    .delete(mergeRequestApprovals)
    .where(
      and(
        eq(mergeRequestApprovals.mergeRequestId, mergeRequestId),
        userIds ? anyOf(mergeRequestApprovals.userId, userIds) : undefined,
      ),
    )
    .returning({ userId: mergeRequestApprovals.userId });
  return rows.map((row) => row.userId);
}

export async function peopleByIds(db: Db, ids: readonly number[]): Promise<ApprovalPerson[]> {
  if (ids.length === 0) return [];
  return db.select(personColumns).from(users).where(anyOf(users.id, ids));
}

/** The users whose e-mail is one of these (commit authors and committers), in any case. */
export async function peopleByEmails(db: Db, emails: readonly string[]): Promise<ApprovalPerson[]> {
  if (emails.length === 0) return [];
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  return db
    .select(personColumns)
    .from(users)
    .where(sql`lower(${users.email}) = any(${sql.param(lowered)})`);
}

/** The users with these usernames, in any case (a rule's `usernames`). */
export async function peopleByUsernames(db: Db, usernames: readonly string[]): Promise<ApprovalPerson[]> {
  if (usernames.length === 0) return [];
  const lowered = [...new Set(usernames.map((name) => name.toLowerCase()))];
  return db
    .select(personColumns)
    .from(users)
    .where(sql`lower(${users.username}) = any(${sql.param(lowered)})`);
}
