import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ciGroupVariables, ciVariables, namespaces } from '../../db/schema';

export type VariableRow = typeof ciVariables.$inferSelect;
export type GroupVariableRow = typeof ciGroupVariables.$inferSelect;
/** A project's or a group's variable: what both tables hold. */
export type CicdVariableRow = Omit<VariableRow, 'projectId'>;
export type VariableValues = Omit<CicdVariableRow, 'id' | 'createdAt' | 'updatedAt'>;

/** Whose variables: a project's (ci_variables) or a group's (ci_group_variables). */
export type VariableOwner = { kind: 'project' | 'group'; id: number };

function tableOf(owner: VariableOwner) {
  return owner.kind === 'project'
    ? { table: ciVariables, ownerColumn: ciVariables.projectId }
    : { table: ciGroupVariables, ownerColumn: ciGroupVariables.groupId };
}

export async function listVariables(
  db: Db,
  owner: VariableOwner,
  page: { offset: number; limit: number },
): Promise<{ rows: CicdVariableRow[]; total: number }> {
  const { table, ownerColumn } = tableOf(owner);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(eq(ownerColumn, owner.id))
      .orderBy(asc(table.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(table).where(eq(ownerColumn, owner.id)),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The variables of a key (one per environment scope), or of the key in one scope. */
export async function findVariables(
  db: Db,
  owner: VariableOwner,
  key: string,
  environmentScope?: string,
): Promise<CicdVariableRow[]> {
  const { table, ownerColumn } = tableOf(owner);
  const conditions = [eq(ownerColumn, owner.id), eq(table.key, key)];
  if (environmentScope !== undefined) conditions.push(eq(table.environmentScope, environmentScope));
  return db
    .select()
    .from(table)
    .where(and(...conditions))
    .orderBy(asc(table.id));
}

export async function insertVariable(db: Db, owner: VariableOwner, values: VariableValues, now: Date) {
  const row = { ...values, createdAt: now, updatedAt: now };
  const [created] =
    owner.kind === 'project'
      ? await db
          .insert(ciVariables)
          .values({ ...row, projectId: owner.id })
          .returning()
      : await db
          .insert(ciGroupVariables)
          .values({ ...row, groupId: owner.id })
          .returning();
  return created!;
}

export async function updateVariable(
  db: Db,
  owner: VariableOwner,
  id: number,
  values: Partial<VariableValues>,
  now: Date,
): Promise<CicdVariableRow | null> {
  const { table } = tableOf(owner);
  const [row] = await db
    .update(table)
    .set({ ...values, updatedAt: now })
    .where(eq(table.id, id))
    .returning();
  return row ?? null;
}

export async function deleteVariable(db: Db, owner: VariableOwner, id: number): Promise<void> {
  const { table } = tableOf(owner);
  await db.delete(table).where(eq(table.id, id));
}

/** A project's variables and those of every group above it (nearest group last), for a pipeline. */
export async function variablesForProject(
  db: Db,
  projectId: number,
  groupFullPaths: string[],
): Promise<{ groups: Array<GroupVariableRow & { depth: number }>; project: VariableRow[] }> {
  const [groupRows, project] = await Promise.all([
    groupFullPaths.length === 0
      ? []
      : db
          .select({ variable: ciGroupVariables, fullPath: namespaces.fullPath })
          .from(ciGroupVariables)
          .innerJoin(namespaces, eq(namespaces.id, ciGroupVariables.groupId))
          .where(inArray(namespaces.fullPath, groupFullPaths)),
    db.select().from(ciVariables).where(eq(ciVariables.projectId, projectId)).orderBy(asc(ciVariables.id)),
  ]);
  const groups = groupRows
    .map((row) => ({ ...row.variable, depth: row.fullPath.split('/').length }))
    .sort((a, b) => a.depth - b.depth || a.id - b.id);
  return { groups, project };
}
