import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personOf } from '../../db/people';
import { ciBuilds, ciPipelines, users } from '../../db/schema';
import type { BuildRow } from './builds.repo';
import type { PipelineRow } from './pipelines.repo';

/** GitLab's stage of commit statuses external CI reports, and its index (after every other stage). */
export const EXTERNAL_STAGE = 'external';
export const EXTERNAL_STAGE_IDX = 1_000_000;

/** The newest pipeline of this commit and ref (of this id when given), locked for the caller's transaction. */
export async function lockNewestPipelineFor(
  db: Db,
  projectId: number,
  filter: { sha: string; ref: string; pipelineId?: number },
): Promise<PipelineRow | null> {
  const conditions: SQL[] = [
    eq(ciPipelines.projectId, projectId),
    eq(ciPipelines.sha, filter.sha),
    eq(ciPipelines.ref, filter.ref),
  ];
  if (filter.pipelineId !== undefined) conditions.push(eq(ciPipelines.id, filter.pipelineId));
  const [row] = await db
    .select()
    .from(ciPipelines)
    .where(and(...conditions))
    .orderBy(desc(ciPipelines.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The current (not retried) job of this name in the pipeline. */
export async function findCurrentBuildNamed(
  db: Db,
  pipelineId: number,
  name: string,
): Promise<BuildRow | null> {
  const [row] = await db
    .select()
    .from(ciBuilds)
    .where(and(eq(ciBuilds.pipelineId, pipelineId), eq(ciBuilds.name, name), eq(ciBuilds.retried, false)))
    .orderBy(desc(ciBuilds.id))
    .limit(1);
  return row ?? null;
}

export type StatusRecord = {
  build: BuildRow;
  sha: string;
  user: ReturnType<typeof personOf>;
};

/**
 * The statuses of a commit: every job of its pipelines (external ones and CI's own), oldest
 * first; only the latest of each name unless `all`.
 */
export async function listCommitStatuses(
  db: Db,
  projectId: number,
  sha: string,
  filter: { ref?: string; stage?: string; name?: string; pipelineId?: number; all: boolean },
  page: { offset: number; limit: number },
): Promise<{ records: StatusRecord[]; total: number }> {
  const conditions: SQL[] = [eq(ciPipelines.projectId, projectId), eq(ciPipelines.sha, sha)];
  if (filter.ref) conditions.push(eq(ciBuilds.ref, filter.ref));
  if (filter.stage) conditions.push(eq(ciBuilds.stage, filter.stage));
  if (filter.name) conditions.push(eq(ciBuilds.name, filter.name));
  if (filter.pipelineId !== undefined) conditions.push(eq(ciBuilds.pipelineId, filter.pipelineId));
  if (!filter.all) conditions.push(eq(ciBuilds.retried, false));
  const where = and(...conditions);
  const rows = await db
    .select({
      build: ciBuilds,
      sha: ciPipelines.sha,
      user: { id: users.id, username: users.username, name: users.name, state: users.state },
      total: sql<number>`count(*) over ()`,
    })
    .from(ciBuilds)
    .innerJoin(ciPipelines, eq(ciPipelines.id, ciBuilds.pipelineId))
    .leftJoin(users, eq(users.id, ciBuilds.userId))
    .where(where)
    .orderBy(asc(ciBuilds.id))
    .offset(page.offset)
    .limit(page.limit);
  return {
    records: rows.map((row) => ({ build: row.build, sha: row.sha, user: personOf(row.user) })),
    total: Number(rows[0]?.total ?? 0),
  };
}
