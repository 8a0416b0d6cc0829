import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personOf } from '../../db/people';
import { ciTriggers, users } from '../../db/schema';

export type TriggerRow = typeof ciTriggers.$inferSelect;
export type TriggerRecord = { trigger: TriggerRow; owner: ReturnType<typeof personOf> };

function recordQuery(db: Db) {
  return db
    .select({
      trigger: ciTriggers,
      owner: { id: users.id, username: users.username, name: users.name, state: users.state },
    })
    .from(ciTriggers)
    .leftJoin(users, eq(users.id, ciTriggers.ownerId));
}

const toRecord = (row: { trigger: TriggerRow; owner: Parameters<typeof personOf>[0] }): TriggerRecord => ({
  trigger: row.trigger,
  owner: personOf(row.owner),
});

export async function listTriggerRecords(
  db: Db,
  projectId: number,
  page: { offset: number; limit: number },
): Promise<{ records: TriggerRecord[]; total: number }> {
  const where = eq(ciTriggers.projectId, projectId);
  const [rows, [counted]] = await Promise.all([
    recordQuery(db).where(where).orderBy(asc(ciTriggers.id)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(ciTriggers).where(where),
  ]);
  return { records: rows.map(toRecord), total: Number(counted?.total ?? 0) };
}

export async function findTriggerRecord(
  db: Db,
  projectId: number,
  id: number,
): Promise<TriggerRecord | null> {
  const [row] = await recordQuery(db).where(and(eq(ciTriggers.projectId, projectId), eq(ciTriggers.id, id)));
  return row ? toRecord(row) : null;
}

export async function findTriggerByDigest(db: Db, tokenDigest: string): Promise<TriggerRow | null> {
  const [row] = await db.select().from(ciTriggers).where(eq(ciTriggers.tokenDigest, tokenDigest));
  return row ?? null;
}

export async function insertTrigger(db: Db, values: typeof ciTriggers.$inferInsert): Promise<TriggerRow> {
  const [row] = await db.insert(ciTriggers).values(values).returning();
  if (!row) throw new Error('trigger insert returned nothing');
  return row;
}

export async function updateTrigger(
  db: Db,
  id: number,
  values: Partial<typeof ciTriggers.$inferInsert>,
): Promise<void> {
  await db.update(ciTriggers).set(values).where(eq(ciTriggers.id, id));
}

export async function deleteTrigger(db: Db, id: number): Promise<void> {
  await db.delete(ciTriggers).where(eq(ciTriggers.id, id));
}
