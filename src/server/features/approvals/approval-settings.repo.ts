import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StoredApprovalSettings } from '../../../shared/approvals';
import type { Db } from '../../db/client';
import { groupApprovalSettings, instanceApprovalSettings, namespaces, projects } from '../../db/schema';

export type GroupApprovalSettingsValues = Omit<
  typeof groupApprovalSettings.$inferSelect,
  'groupId' | 'updatedAt'
>;
export type InstanceApprovalSettingsValues = Omit<
  typeof instanceApprovalSettings.$inferSelect,
  'id' | 'updatedAt'
>;

/** The one row of instance settings. */
const INSTANCE_ROW = 1;

/** The stored values in the words of the shared settings rules; a missing row restricts nothing. */
function groupStored(row: GroupApprovalSettingsValues | null): StoredApprovalSettings {
  if (!row) return {};
  return {
    prevent_approval_by_author: row.preventApprovalByAuthor,
    prevent_approval_by_commit_author: row.preventApprovalByCommitAuthor,
    disable_overriding_approvers_per_merge_request: row.disableOverridingApproversPerMergeRequest,
    remove_approvals_with_new_commit: row.removeApprovalsWithNewCommit,
    require_password_to_approve: row.requirePasswordToApprove,
  };
}

export async function findInstanceApprovalSettings(db: Db): Promise<StoredApprovalSettings> {
  const [row] = await db
    .select()
    .from(instanceApprovalSettings)
    .where(eq(instanceApprovalSettings.id, INSTANCE_ROW));
  if (!row) return {};
  return {
    prevent_approval_by_author: row.preventApprovalByAuthor,
    prevent_approval_by_commit_author: row.preventApprovalByCommitAuthor,
    disable_overriding_approvers_per_merge_request: row.disableOverridingApproversPerMergeRequest,
  };
}

export async function upsertInstanceApprovalSettings(
  db: Db,
  values: Partial<InstanceApprovalSettingsValues>,
  now: Date,
): Promise<void> {
  await db
    .insert(instanceApprovalSettings)
    .values({ ...values, id: INSTANCE_ROW, updatedAt: now })
    .onConflictDoUpdate({ target: instanceApprovalSettings.id, set: { ...values, updatedAt: now } });
}

export async function upsertGroupApprovalSettings(
  db: Db,
  groupId: number,
  values: Partial<GroupApprovalSettingsValues>,
  now: Date,
): Promise<void> {
  await db
    .insert(groupApprovalSettings)
    .values({ ...values, groupId, updatedAt: now })
    .onConflictDoUpdate({ target: groupApprovalSettings.groupId, set: { ...values, updatedAt: now } });
}

export type GroupSettingsInChain = {
  id: number;
  name: string;
  fullPath: string;
  settings: StoredApprovalSettings;
};

const start = alias(namespaces, 'start');

/**
 * A namespace's groups, itself first then its ancestors nearest first, with their own settings.
 * Full paths never change, so an ancestor is a group whose full path prefixes the namespace's.
 */
export async function groupSettingsChain(db: Db, namespaceId: number): Promise<GroupSettingsInChain[]> {
  const rows = await db
    .select({
      id: namespaces.id,
      name: namespaces.name,
      fullPath: namespaces.fullPath,
      settings: groupApprovalSettings,
    })
    .from(start)
    .innerJoin(
      namespaces,
      or(
        eq(namespaces.id, start.id),
        sql`starts_with(lower(${start.fullPath}), lower(${namespaces.fullPath}) || '/')`,
      ),
    )
    .leftJoin(groupApprovalSettings, eq(groupApprovalSettings.groupId, namespaces.id))
    .where(and(eq(start.id, namespaceId), eq(namespaces.kind, 'group')))
    .orderBy(desc(sql`length(${namespaces.fullPath})`));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    fullPath: row.fullPath,
    settings: groupStored(row.settings),
  }));
}

/** The namespace a project lives in. */
export async function projectNamespaceId(db: Db, projectId: number): Promise<number | null> {
  const [row] = await db
    .select({ namespaceId: projects.namespaceId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.namespaceId ?? null;
}
