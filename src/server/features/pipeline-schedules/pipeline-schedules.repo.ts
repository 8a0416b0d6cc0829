import { and, asc, count, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { personOf } from '../../db/people';
import { ciPipelineSchedules, ciPipelineScheduleVariables, users } from '../../db/schema';

export type ScheduleRow = typeof ciPipelineSchedules.$inferSelect;
export type NewSchedule = typeof ciPipelineSchedules.$inferInsert;
export type ScheduleVariableRow = typeof ciPipelineScheduleVariables.$inferSelect;
export type ScheduleRecord = { schedule: ScheduleRow; owner: ReturnType<typeof personOf> };

function recordQuery(db: Db) {
  return db
    .select({
      schedule: ciPipelineSchedules,
      owner: { id: users.id, username: users.username, name: users.name, state: users.state },
    })
    .from(ciPipelineSchedules)
    .leftJoin(users, eq(users.id, ciPipelineSchedules.ownerId));
}

const toRecord = (row: { schedule: ScheduleRow; owner: Parameters<typeof personOf>[0] }): ScheduleRecord => ({
  schedule: row.schedule,
  owner: personOf(row.owner),
});

export async function listScheduleRecords(
  db: Db,
  projectId: number,
  active: boolean | undefined,
  page: { offset: number; limit: number },
): Promise<{ records: ScheduleRecord[]; total: number }> {
  const where = and(
    eq(ciPipelineSchedules.projectId, projectId),
    active === undefined ? undefined : eq(ciPipelineSchedules.active, active),
  );
  const [rows, [counted]] = await Promise.all([
    recordQuery(db).where(where).orderBy(asc(ciPipelineSchedules.id)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(ciPipelineSchedules).where(where),
  ]);
  return { records: rows.map(toRecord), total: Number(counted?.total ?? 0) };
}

export async function findScheduleRecord(
  db: Db,
  projectId: number,
  id: number,
): Promise<ScheduleRecord | null> {
  const [row] = await recordQuery(db).where(
    and(eq(ciPipelineSchedules.projectId, projectId), eq(ciPipelineSchedules.id, id)),
  );
  return row ? toRecord(row) : null;
}

export async function insertSchedule(db: Db, values: NewSchedule): Promise<ScheduleRow> {
  const [row] = await db.insert(ciPipelineSchedules).values(values).returning();
  if (!row) throw new Error('schedule insert returned nothing');
  return row;
}

export async function updateSchedule(db: Db, id: number, values: Partial<NewSchedule>): Promise<void> {
  await db.update(ciPipelineSchedules).set(values).where(eq(ciPipelineSchedules.id, id));
}

export async function deleteSchedule(db: Db, id: number): Promise<void> {
  await db.delete(ciPipelineSchedules).where(eq(ciPipelineSchedules.id, id));
}

export async function listScheduleVariables(db: Db, scheduleId: number): Promise<ScheduleVariableRow[]> {
  return db
    .select()
    .from(ciPipelineScheduleVariables)
    .where(eq(ciPipelineScheduleVariables.pipelineScheduleId, scheduleId))
    .orderBy(asc(ciPipelineScheduleVariables.id));
}

export async function findScheduleVariable(
  db: Db,
  scheduleId: number,
  key: string,
): Promise<ScheduleVariableRow | null> {
  const [row] = await db
    .select()
    .from(ciPipelineScheduleVariables)
    .where(
      and(
        eq(ciPipelineScheduleVariables.pipelineScheduleId, scheduleId),
        eq(ciPipelineScheduleVariables.key, key),
      ),
    );
  return row ?? null;
}

export async function insertScheduleVariable(
  db: Db,
  values: typeof ciPipelineScheduleVariables.$inferInsert,
): Promise<ScheduleVariableRow> {
  const [row] = await db.insert(ciPipelineScheduleVariables).values(values).returning();
  if (!row) throw new Error('schedule variable insert returned nothing');
  return row;
}

export async function updateScheduleVariable(
  db: Db,
  id: number,
  values: Partial<typeof ciPipelineScheduleVariables.$inferInsert>,
): Promise<ScheduleVariableRow> {
  const [row] = await db
    .update(ciPipelineScheduleVariables)
    .set(values)
    .where(eq(ciPipelineScheduleVariables.id, id))
    .returning();
  if (!row) throw new Error('schedule variable update returned nothing');
  return row;
}

export async function deleteScheduleVariable(db: Db, id: number): Promise<void> {
  await db.delete(ciPipelineScheduleVariables).where(eq(ciPipelineScheduleVariables.id, id));
}

/**
 * Takes one active schedule due at `now` and moves its `next_run_at` on, in the caller's
 * transaction. `FOR UPDATE SKIP LOCKED`: processes sweeping at once each take another schedule,
 * and once `next_run_at` has moved no process finds it due again: each run starts once.
 */
export async function takeDueSchedule(db: Db, now: Date): Promise<ScheduleRow | null> {
  const [due] = await queryRows<{ id: number }>(
    db,
    sql`select id from ci_pipeline_schedules
        where active and next_run_at <= ${now.toISOString()}::timestamptz
        order by next_run_at, id
        limit 1
        for update skip locked`,
  );
  if (!due) return null;
  const [row] = await db
    .select()
    .from(ciPipelineSchedules)
    .where(eq(ciPipelineSchedules.id, Number(due.id)));
  return row ?? null;
}
