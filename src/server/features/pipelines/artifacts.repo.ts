import { and, desc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ciBuilds, ciJobArtifacts, ciPipelines } from '../../db/schema';

export type ArtifactRow = typeof ciJobArtifacts.$inferSelect;
export type NewArtifact = typeof ciJobArtifacts.$inferInsert;

/** Keeps a job's artifact of one type; an upload again replaces it (answers the one it replaced). */
export async function upsertArtifact(db: Db, values: NewArtifact): Promise<ArtifactRow | null> {
  const [previous] = await db
    .delete(ciJobArtifacts)
    .where(
      and(
        eq(ciJobArtifacts.buildId, values.buildId),
        eq(ciJobArtifacts.fileType, values.fileType ?? 'archive'),
      ),
    )
    .returning();
  await db.insert(ciJobArtifacts).values(values);
  return previous ?? null;
}

export async function findArtifact(
  db: Db,
  buildId: number,
  fileType = 'archive',
): Promise<ArtifactRow | null> {
  const [row] = await db
    .select()
    .from(ciJobArtifacts)
    .where(and(eq(ciJobArtifacts.buildId, buildId), eq(ciJobArtifacts.fileType, fileType)));
  return row ?? null;
}

export async function listArtifactsOf(db: Db, buildIds: number[]): Promise<ArtifactRow[]> {
  if (buildIds.length === 0) return [];
  return db.select().from(ciJobArtifacts).where(inArray(ciJobArtifacts.buildId, buildIds));
}

/** Deletes a job's artifacts; answers them (their files are the caller's to remove). */
export async function deleteArtifactsOf(db: Db, buildId: number): Promise<ArtifactRow[]> {
  return db.delete(ciJobArtifacts).where(eq(ciJobArtifacts.buildId, buildId)).returning();
}

/** The artifacts of a pipeline's jobs (their files go when the pipeline is deleted). */
export async function listPipelineArtifacts(db: Db, pipelineId: number): Promise<ArtifactRow[]> {
  return db
    .select({ artifact: ciJobArtifacts })
    .from(ciJobArtifacts)
    .innerJoin(ciBuilds, eq(ciBuilds.id, ciJobArtifacts.buildId))
    .where(eq(ciBuilds.pipelineId, pipelineId))
    .then((rows) => rows.map((row) => row.artifact));
}

/** Deletes artifacts whose `expire_in` has passed; answers them. */
export async function deleteExpiredArtifacts(db: Db, now: Date): Promise<ArtifactRow[]> {
  return db.delete(ciJobArtifacts).where(lt(ciJobArtifacts.expireAt, now)).returning();
}

/**
 * The archive of the newest successful job named `jobName` on `ref` (GitLab's "latest artifacts
 * for a ref": the newest pipeline of the ref that has a successful job of that name).
 */
export async function findLatestArtifactForRef(
  db: Db,
  projectId: number,
  ref: string,
  jobName: string,
  now: Date,
): Promise<{ artifact: ArtifactRow; buildId: number } | null> {
  const [row] = await db
    .select({ artifact: ciJobArtifacts, buildId: ciBuilds.id })
    .from(ciJobArtifacts)
    .innerJoin(ciBuilds, eq(ciBuilds.id, ciJobArtifacts.buildId))
    .innerJoin(ciPipelines, eq(ciPipelines.id, ciBuilds.pipelineId))
    .where(
      and(
        eq(ciBuilds.projectId, projectId),
        eq(ciPipelines.ref, ref),
        eq(ciBuilds.name, jobName),
        eq(ciBuilds.status, 'success'),
        eq(ciJobArtifacts.fileType, 'archive'),
        or(isNull(ciJobArtifacts.expireAt), gt(ciJobArtifacts.expireAt, now)),
      ),
    )
    .orderBy(desc(ciPipelines.id), desc(ciBuilds.id))
    .limit(1);
  return row ?? null;
}

/** Keeps an archive for ever (`POST /jobs/:id/artifacts/keep`). */
export async function keepArtifactsOf(db: Db, buildId: number): Promise<void> {
  await db.update(ciJobArtifacts).set({ expireAt: null }).where(eq(ciJobArtifacts.buildId, buildId));
}
