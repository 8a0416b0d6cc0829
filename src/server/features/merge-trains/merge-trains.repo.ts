import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ciPipelines, jobs, mergeRequests, mergeTrainCars, projects, users } from '../../db/schema';
import {
  ACTIVE_CAR_STATUSES,
  COMPLETE_CAR_STATUSES,
  type MergeTrainScope,
} from '../../../shared/api/mergeTrains';
import { anyOf } from '../../db/any-of';

export type CarRow = typeof mergeTrainCars.$inferSelect;
export type NewCar = typeof mergeTrainCars.$inferInsert;

export type Train = { projectId: number; targetBranch: string };

const active = inArray(mergeTrainCars.status, [...ACTIVE_CAR_STATUSES]);

/** A train's cars in the order they merge: the first car is position 0. */
export async function listActiveCars(db: Db, train: Train): Promise<CarRow[]> {
  return db
    .select()
    .from(mergeTrainCars)
    .where(
      and(
        eq(mergeTrainCars.targetProjectId, train.projectId),
        eq(mergeTrainCars.targetBranch, train.targetBranch),
        active,
      ),
    )
    .orderBy(asc(mergeTrainCars.id));
}

export async function findActiveCar(db: Db, mergeRequestId: number): Promise<CarRow | null> {
  const [row] = await db
    .select()
    .from(mergeTrainCars)
    .where(and(eq(mergeTrainCars.mergeRequestId, mergeRequestId), active));
  return row ?? null;
}

export async function insertCar(db: Db, values: NewCar): Promise<CarRow> {
  const [row] = await db.insert(mergeTrainCars).values(values).returning();
  if (!row) throw new Error('merge train car insert returned nothing');
  return row;
}

export async function updateCar(
  db: Db,
  id: number,
  values: Partial<NewCar> & { updatedAt: Date },
): Promise<CarRow | null> {
  const [row] = await db.update(mergeTrainCars).set(values).where(eq(mergeTrainCars.id, id)).returning();
  return row ?? null;
}

/** Marks computed cars to be computed again on a new base (their merged results no longer hold). */
export async function markStale(db: Db, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mergeTrainCars)
    .set({ status: 'stale', updatedAt: now })
    .where(and(anyOf(mergeTrainCars.id, ids), eq(mergeTrainCars.status, 'fresh')));
}

export async function deleteCar(db: Db, id: number): Promise<void> {
  await db.delete(mergeTrainCars).where(eq(mergeTrainCars.id, id));
}

export type CarListing = {
  car: CarRow;
  mergeRequest: typeof mergeRequests.$inferSelect;
  user: { id: number; username: string; name: string; state: string } | null;
  pipeline: typeof ciPipelines.$inferSelect | null;
};

/** `GET /projects/:id/merge_trains`: a project's cars, by scope, oldest or newest first. */
export async function listCars(
  db: Db,
  filter: { projectId: number; targetBranch?: string; scope?: MergeTrainScope; sort: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: CarListing[]; total: number }> {
  const conditions: SQL[] = [eq(mergeTrainCars.targetProjectId, filter.projectId)];
  if (filter.targetBranch !== undefined)
    conditions.push(eq(mergeTrainCars.targetBranch, filter.targetBranch));
  if (filter.scope === 'active') conditions.push(active);
  if (filter.scope === 'complete')
    conditions.push(inArray(mergeTrainCars.status, [...COMPLETE_CAR_STATUSES]));
  const where = and(...conditions);
  const rows = await listing(db)
    .where(where)
    .orderBy(filter.sort === 'asc' ? asc(mergeTrainCars.id) : desc(mergeTrainCars.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(mergeTrainCars).where(where);
  return { rows, total: total?.n ?? 0 };
}

const listing = (db: Db) =>
  db
    .select({
      car: mergeTrainCars,
      mergeRequest: mergeRequests,
      user: { id: users.id, username: users.username, name: users.name, state: users.state },
      pipeline: ciPipelines,
    })
    .from(mergeTrainCars)
    .innerJoin(mergeRequests, eq(mergeRequests.id, mergeTrainCars.mergeRequestId))
    .leftJoin(users, eq(users.id, mergeTrainCars.userId))
    .leftJoin(ciPipelines, eq(ciPipelines.id, mergeTrainCars.pipelineId));

/** A request's latest car (the one on the train now, as merged cars stay as history), for the API. */
export async function findLatestCarListing(db: Db, mergeRequestId: number): Promise<CarListing | null> {
  const [row] = await listing(db)
    .where(eq(mergeTrainCars.mergeRequestId, mergeRequestId))
    .orderBy(desc(mergeTrainCars.id))
    .limit(1);
  return row ?? null;
}

/** Whether a refresh of this queue waits to run; a running one may have read the state before a change. */
export async function hasQueuedJob(db: Db, queue: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.queue, queue), eq(jobs.state, 'queued')))
    .limit(1);
  return row !== undefined;
}

/** Starts the merge of a fresh car; false when it was taken off or changed meanwhile. */
export async function claimForMerge(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(mergeTrainCars)
    .set({ status: 'merging', updatedAt: now })
    .where(and(eq(mergeTrainCars.id, id), eq(mergeTrainCars.status, 'fresh')))
    .returning({ id: mergeTrainCars.id });
  return rows.length > 0;
}

/** Takes a car off its train unless its merge has begun (or it is gone already). */
export async function removeWaitingCar(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(mergeTrainCars)
    .where(and(eq(mergeTrainCars.id, id), inArray(mergeTrainCars.status, ['idle', 'stale', 'fresh'])))
    .returning({ id: mergeTrainCars.id });
  return rows.length > 0;
}

/** The trains of a project that have cars on them. */
export async function listTrainsOfProject(db: Db, projectId: number): Promise<Train[]> {
  const rows = await db
    .selectDistinct({ targetBranch: mergeTrainCars.targetBranch })
    .from(mergeTrainCars)
    .where(and(eq(mergeTrainCars.targetProjectId, projectId), active));
  return rows.map((row) => ({ projectId, targetBranch: row.targetBranch }));
}

export async function mergeTrainsEnabled(db: Db, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabled: projects.mergeTrainsEnabled })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.enabled ?? false;
}

export async function findCar(db: Db, id: number): Promise<CarRow | null> {
  const [row] = await db.select().from(mergeTrainCars).where(eq(mergeTrainCars.id, id));
  return row ?? null;
}

/** The car on a train whose pipeline this is (a car that restarted has a newer one). */
export async function findActiveCarByPipeline(db: Db, pipelineId: number): Promise<CarRow | null> {
  const [row] = await db
    .select()
    .from(mergeTrainCars)
    .where(and(eq(mergeTrainCars.pipelineId, pipelineId), active));
  return row ?? null;
}

/** A car's pipeline status (null when it was deleted). */
export async function pipelineStatusOf(db: Db, pipelineId: number): Promise<string | null> {
  const [row] = await db
    .select({ status: ciPipelines.status })
    .from(ciPipelines)
    .where(eq(ciPipelines.id, pipelineId));
  return row?.status ?? null;
}
