import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { anyOf } from '../../db/any-of';
import {
  approvalMergeRequestRuleGroups,
  approvalMergeRequestRuleUsers,
  approvalMergeRequestRules,
  approvalProjectRuleGroups,
  approvalProjectRuleProtectedBranches,
  approvalProjectRuleUsers,
  approvalProjectRules,
  groupMembers,
  namespaces,
  protectedBranches,
} from '../../db/schema';

export type ProjectRuleRow = typeof approvalProjectRules.$inferSelect;
export type MergeRequestRuleRow = typeof approvalMergeRequestRules.$inferSelect;
export type RuleGroup = Pick<
  typeof namespaces.$inferSelect,
  'id' | 'name' | 'path' | 'fullPath' | 'visibility'
>;
export type RuleBranch = typeof protectedBranches.$inferSelect;

/** A rule with whom it names: users by id, groups, and (project rules) its protected branches. */
export type StoredRule<Row> = Row & {
  userIds: number[];
  groups: RuleGroup[];
  protectedBranches: RuleBranch[];
};
export type ProjectRule = StoredRule<ProjectRuleRow>;
/** The project rule a request's rule was copied from, as it stands now (GitLab's `source_rule`). */
export type SourceRule = { name: string; approvalsRequired: number; userIds: number[]; groupIds: number[] };
export type MergeRequestRule = StoredRule<MergeRequestRuleRow> & { sourceRule: SourceRule | null };

export type RuleValues = {
  name: string;
  approvalsRequired: number;
  ruleType: ProjectRuleRow['ruleType'];
  reportType: string | null;
};

const groupColumns = {
  id: namespaces.id,
  name: namespaces.name,
  path: namespaces.path,
  fullPath: namespaces.fullPath,
  visibility: namespaces.visibility,
};

async function usersOf(
  db: Db,
  // Project and merge request rules' join tables share one shape (schema.ts ruleUsersTable).
  table: typeof approvalProjectRuleUsers,
  ids: number[],
) {
  if (ids.length === 0) return [];
  return db.select().from(table).where(anyOf(table.ruleId, ids)).orderBy(asc(table.userId));
}

async function groupsOf(db: Db, table: typeof approvalProjectRuleGroups, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ ruleId: table.ruleId, group: groupColumns })
    .from(table)
    .innerJoin(namespaces, eq(namespaces.id, table.groupId))
    .where(anyOf(table.ruleId, ids))
    .orderBy(asc(namespaces.id));
}

async function branchesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ ruleId: approvalProjectRuleProtectedBranches.ruleId, branch: protectedBranches })
    .from(approvalProjectRuleProtectedBranches)
    .innerJoin(
      protectedBranches,
      eq(protectedBranches.id, approvalProjectRuleProtectedBranches.protectedBranchId),
    )
    .where(anyOf(approvalProjectRuleProtectedBranches.ruleId, ids))
    .orderBy(asc(protectedBranches.id));
}

export async function listProjectRules(db: Db, projectId: number): Promise<ProjectRule[]> {
  const rows = await db
    .select()
    .from(approvalProjectRules)
    .where(eq(approvalProjectRules.projectId, projectId))
    .orderBy(asc(approvalProjectRules.id));
  const ids = rows.map((row) => row.id);
  const [ruleUsers, ruleGroups, ruleBranches] = await Promise.all([
    usersOf(db, approvalProjectRuleUsers, ids),
    groupsOf(db, approvalProjectRuleGroups, ids),
    branchesOf(db, ids),
  ]);
  return rows.map((row) => ({
    ...row,
    userIds: ruleUsers.filter((u) => u.ruleId === row.id).map((u) => u.userId),
    groups: ruleGroups.filter((g) => g.ruleId === row.id).map((g) => g.group),
    protectedBranches: ruleBranches.filter((b) => b.ruleId === row.id).map((b) => b.branch),
  }));
}

export async function listMergeRequestRules(db: Db, mergeRequestId: number): Promise<MergeRequestRule[]> {
  const rows = await db
    .select()
    .from(approvalMergeRequestRules)
    .where(eq(approvalMergeRequestRules.mergeRequestId, mergeRequestId))
    .orderBy(asc(approvalMergeRequestRules.id));
  const ids = rows.map((row) => row.id);
  const [ruleUsers, ruleGroups, sources] = await Promise.all([
    usersOf(db, approvalMergeRequestRuleUsers, ids),
    groupsOf(db, approvalMergeRequestRuleGroups, ids),
    sourceRules(
      db,
      rows.flatMap((row) => row.approvalProjectRuleId ?? []),
    ),
  ]);
  return rows.map((row) => ({
    ...row,
    userIds: ruleUsers.filter((u) => u.ruleId === row.id).map((u) => u.userId),
    groups: ruleGroups.filter((g) => g.ruleId === row.id).map((g) => g.group),
    protectedBranches: [],
    sourceRule: (row.approvalProjectRuleId !== null && sources.get(row.approvalProjectRuleId)) || null,
  }));
}

/** The project rules request rules were copied from: what `source_rule` and `overridden` compare. */
async function sourceRules(db: Db, ids: number[]): Promise<Map<number, SourceRule>> {
  if (ids.length === 0) return new Map();
  const [rows, ruleUsers, ruleGroups] = await Promise.all([
    db
      .select({
        id: approvalProjectRules.id,
        name: approvalProjectRules.name,
        approvalsRequired: approvalProjectRules.approvalsRequired,
      })
      .from(approvalProjectRules)
      .where(anyOf(approvalProjectRules.id, ids)),
    usersOf(db, approvalProjectRuleUsers, ids),
    groupsOf(db, approvalProjectRuleGroups, ids),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.name,
        approvalsRequired: row.approvalsRequired,
        userIds: ruleUsers.filter((u) => u.ruleId === row.id).map((u) => u.userId),
        groupIds: ruleGroups.filter((g) => g.ruleId === row.id).map((g) => g.group.id),
      },
    ]),
  );
}

/** Inserts a project rule; undefined when its name is taken in the project. */
export async function insertProjectRule(
  tx: Db,
  values: RuleValues & { projectId: number; appliesToAllProtectedBranches: boolean },
): Promise<ProjectRuleRow | undefined> {
  const [row] = await tx.insert(approvalProjectRules).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateProjectRule(
  tx: Db,
  id: number,
  values: Partial<RuleValues> & { appliesToAllProtectedBranches?: boolean; updatedAt: Date },
): Promise<void> {
  await tx.update(approvalProjectRules).set(values).where(eq(approvalProjectRules.id, id));
}

export async function deleteProjectRule(db: Db, projectId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(approvalProjectRules)
    .where(and(eq(approvalProjectRules.projectId, projectId), eq(approvalProjectRules.id, id)))
    .returning({ id: approvalProjectRules.id });
  return rows.length > 0;
}

export async function insertMergeRequestRule(
  tx: Db,
  values: RuleValues & { mergeRequestId: number; approvalProjectRuleId: number | null },
): Promise<MergeRequestRuleRow | undefined> {
  const [row] = await tx.insert(approvalMergeRequestRules).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMergeRequestRule(
  tx: Db,
  id: number,
  values: Partial<RuleValues> & { updatedAt: Date },
): Promise<void> {
  await tx.update(approvalMergeRequestRules).set(values).where(eq(approvalMergeRequestRules.id, id));
}

export async function deleteMergeRequestRule(db: Db, mergeRequestId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(approvalMergeRequestRules)
    .where(
      and(eq(approvalMergeRequestRules.mergeRequestId, mergeRequestId), eq(approvalMergeRequestRules.id, id)),
    )
    .returning({ id: approvalMergeRequestRules.id });
  return rows.length > 0;
}

/** Replaces a rule's users, groups and (project rules) branches where given. */
export async function setRuleMembers(
  tx: Db,
  kind: 'project' | 'merge_request',
  ruleId: number,
  members: { userIds?: number[]; groupIds?: number[]; protectedBranchIds?: number[] },
): Promise<void> {
  const usersTable = kind === 'project' ? approvalProjectRuleUsers : approvalMergeRequestRuleUsers;
  const groupsTable = kind === 'project' ? approvalProjectRuleGroups : approvalMergeRequestRuleGroups;
  if (members.userIds) {
    await tx.delete(usersTable).where(eq(usersTable.ruleId, ruleId));
    if (members.userIds.length > 0)
      await tx.insert(usersTable).values(members.userIds.map((userId) => ({ ruleId, userId })));
  }
  if (members.groupIds) {
    await tx.delete(groupsTable).where(eq(groupsTable.ruleId, ruleId));
    if (members.groupIds.length > 0)
      await tx.insert(groupsTable).values(members.groupIds.map((groupId) => ({ ruleId, groupId })));
  }
  if (kind === 'project' && members.protectedBranchIds) {
    const table = approvalProjectRuleProtectedBranches;
    await tx.delete(table).where(eq(table.ruleId, ruleId));
    if (members.protectedBranchIds.length > 0)
      await tx
        .insert(table)
        .values(members.protectedBranchIds.map((protectedBranchId) => ({ ruleId, protectedBranchId })));
  }
}

/** The groups among these ids, for validating a rule's `group_ids`. */
export async function groupsByIds(db: Db, ids: readonly number[]): Promise<RuleGroup[]> {
  if (ids.length === 0) return [];
  return db
    .select(groupColumns)
    .from(namespaces)
    .where(and(anyOf(namespaces.id, ids), eq(namespaces.kind, 'group')));
}

/** Members of these groups and of their subgroups (GitLab's group approvers), by group id. */
export async function groupApproverIds(db: Db, groups: readonly RuleGroup[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>();
  if (groups.length === 0) return result;
  const rows = await db
    .select({ fullPath: namespaces.fullPath, userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(namespaces, eq(namespaces.id, groupMembers.groupId))
    .where(
      or(
        ...groups.map(
          (group) =>
            sql`(lower(${namespaces.fullPath}) = lower(${group.fullPath}) or lower(${namespaces.fullPath}) like lower(${`${group.fullPath}/%`}))`,
        ),
      ),
    );
  for (const group of groups) {
    const prefix = `${group.fullPath.toLowerCase()}/`;
    const ids = rows
      .filter((row) => {
        const path = row.fullPath.toLowerCase();
        return path === group.fullPath.toLowerCase() || path.startsWith(prefix);
      })
      .map((row) => row.userId);
    result.set(group.id, [...new Set(ids)]);
  }
  return result;
}

/** The project's protected branches among these ids. */
export async function protectedBranchesByIds(db: Db, projectId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(protectedBranches)
    .where(and(eq(protectedBranches.projectId, projectId), anyOf(protectedBranches.id, ids)));
}
