import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ciBuilds, ciPipelines, namespaces, projects } from '../../db/schema';
import type { PipelineRow } from './pipelines.repo';

/** A pipeline with the project it belongs to, as the graph and the API name it. */
export type LinkedPipeline = {
  pipeline: PipelineRow;
  project: { id: number; name: string; fullPath: string; visibility: string };
};

const projectColumns = {
  id: projects.id,
  name: projects.name,
  visibility: projects.visibility,
  fullPath: sql<string>`${namespaces.fullPath} || '/' || ${projects.path}`,
};

function linkedQuery(db: Db) {
  return db
    .select({ pipeline: ciPipelines, project: projectColumns })
    .from(ciPipelines)
    .innerJoin(projects, eq(projects.id, ciPipelines.projectId))
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId));
}

/** The downstream pipeline a bridge created, if it did. */
export async function findPipelineBySourceJob(db: Db, jobId: number): Promise<PipelineRow | null> {
  const [row] = await db.select().from(ciPipelines).where(eq(ciPipelines.sourceJobId, jobId));
  return row ?? null;
}

/** The child pipelines (`trigger: include:`, same project) bridges of this pipeline created. */
export async function listChildPipelines(db: Db, pipelineId: number): Promise<PipelineRow[]> {
  return db
    .select({ pipeline: ciPipelines })
    .from(ciPipelines)
    .innerJoin(ciBuilds, eq(ciBuilds.id, ciPipelines.sourceJobId))
    .where(and(eq(ciBuilds.pipelineId, pipelineId), eq(ciPipelines.source, 'parent_pipeline')))
    .orderBy(asc(ciPipelines.id))
    .then((rows) => rows.map((row) => row.pipeline));
}

/** The downstream pipelines of these bridges, oldest first. */
export async function listDownstreamOf(db: Db, bridgeIds: number[]): Promise<LinkedPipeline[]> {
  if (bridgeIds.length === 0) return [];
  return linkedQuery(db).where(inArray(ciPipelines.sourceJobId, bridgeIds)).orderBy(asc(ciPipelines.id));
}

/**
 * The downstream pipelines of these pipelines' current bridges (a retried bridge's are left out),
 * each with the pipeline whose bridge made it, oldest first: the mini graph's downstream dropdowns.
 */
export async function listDownstreamOfPipelines(
  db: Db,
  pipelineIds: number[],
): Promise<Array<LinkedPipeline & { upstreamId: number }>> {
  if (pipelineIds.length === 0) return [];
  return db
    .select({ pipeline: ciPipelines, project: projectColumns, upstreamId: ciBuilds.pipelineId })
    .from(ciPipelines)
    .innerJoin(ciBuilds, eq(ciBuilds.id, ciPipelines.sourceJobId))
    .innerJoin(projects, eq(projects.id, ciPipelines.projectId))
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(and(inArray(ciBuilds.pipelineId, pipelineIds), eq(ciBuilds.retried, false)))
    .orderBy(asc(ciPipelines.id));
}

/** The pipeline (and its project) whose bridge created the pipeline that has `sourceJobId`. */
export async function findUpstreamOf(
  db: Db,
  sourceJobId: number,
): Promise<(LinkedPipeline & { bridge: { id: number; name: string } }) | null> {
  const [row] = await db
    .select({
      pipeline: ciPipelines,
      project: projectColumns,
      bridge: { id: ciBuilds.id, name: ciBuilds.name },
    })
    .from(ciBuilds)
    .innerJoin(ciPipelines, eq(ciPipelines.id, ciBuilds.pipelineId))
    .innerJoin(projects, eq(projects.id, ciPipelines.projectId))
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(and(eq(ciBuilds.id, sourceJobId)));
  return (row as (LinkedPipeline & { bridge: { id: number; name: string } }) | undefined) ?? null;
}

/** How many bridges stand above a pipeline (0 for one no bridge created). */
export async function ancestorDepth(db: Db, pipeline: Pick<PipelineRow, 'sourceJobId'>): Promise<number> {
  let depth = 0;
  let sourceJobId = pipeline.sourceJobId;
  // GitLab nests at most a few levels; the walk stops there whatever the rows say.
  while (sourceJobId !== null && depth < 10) {
    const [row] = await db
      .select({ sourceJobId: ciPipelines.sourceJobId })
      .from(ciBuilds)
      .innerJoin(ciPipelines, eq(ciPipelines.id, ciBuilds.pipelineId))
      .where(eq(ciBuilds.id, sourceJobId));
    if (!row) break;
    depth++;
    sourceJobId = row.sourceJobId;
  }
  return depth;
}

/** The pipeline at the top of a chain of bridges (the pipeline itself when no bridge created it). */
export async function rootAncestorId(
  db: Db,
  pipeline: Pick<PipelineRow, 'id' | 'sourceJobId'>,
): Promise<number> {
  let id = pipeline.id;
  let sourceJobId = pipeline.sourceJobId;
  // As ancestorDepth: a few levels at most, whatever the rows say.
  for (let depth = 0; sourceJobId !== null && depth < 10; depth++) {
    const [row] = await db
      .select({ id: ciPipelines.id, sourceJobId: ciPipelines.sourceJobId })
      .from(ciBuilds)
      .innerJoin(ciPipelines, eq(ciPipelines.id, ciBuilds.pipelineId))
      .where(eq(ciBuilds.id, sourceJobId));
    if (!row) break;
    id = row.id;
    sourceJobId = row.sourceJobId;
  }
  return id;
}
