import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { protectedBranches } from '../../db/schema';

export type ProtectedBranchRow = typeof protectedBranches.$inferSelect;

export async function listProtectedBranchRows(
  db: Db,
  projectId: number,
  page?: { offset: number; limit: number },
): Promise<ProtectedBranchRow[]> {
  const query = db
    .select()
    .from(protectedBranches)
    .where(eq(protectedBranches.projectId, projectId))
    .orderBy(asc(protectedBranches.name), asc(protectedBranches.id));
  return page ? query.offset(page.offset).limit(page.limit) : query;
}

export async function countProtectedBranches(db: Db, projectId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(protectedBranches)
    .where(eq(protectedBranches.projectId, projectId));
  return row?.total ?? 0;
}

export async function findProtectedBranchRow(
  db: Db,
  projectId: number,
  name: string,
): Promise<ProtectedBranchRow | undefined> {
  const [row] = await db
    .select()
    .from(protectedBranches)
    .where(and(eq(protectedBranches.projectId, projectId), eq(protectedBranches.name, name)));
  return row;
}

/** Inserts a rule; undefined when the project already protects that name. */
export async function insertProtectedBranchRow(
  db: Db,
  values: typeof protectedBranches.$inferInsert,
): Promise<ProtectedBranchRow | undefined> {
  const [row] = await db.insert(protectedBranches).values(values).onConflictDoNothing().returning();
  return row;
}

/** Changes a rule's settings; undefined when the project protects no such name. */
export async function updateProtectedBranchRow(
  db: Db,
  projectId: number,
  name: string,
  values: Pick<Partial<ProtectedBranchRow>, 'allowForcePush' | 'codeOwnerApprovalRequired'>,
): Promise<ProtectedBranchRow | undefined> {
  const [row] = await db
    .update(protectedBranches)
    .set(values)
    .where(and(eq(protectedBranches.projectId, projectId), eq(protectedBranches.name, name)))
    .returning();
  return row;
}

export async function deleteProtectedBranchRow(db: Db, projectId: number, name: string): Promise<boolean> {
  const rows = await db
    .delete(protectedBranches)
    .where(and(eq(protectedBranches.projectId, projectId), eq(protectedBranches.name, name)))
    .returning({ id: protectedBranches.id });
  return rows.length > 0;
}
