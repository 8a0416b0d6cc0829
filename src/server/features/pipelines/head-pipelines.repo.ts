import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personOf } from '../../db/people';
import { ciBuilds, ciPipelines, users } from '../../db/schema';
import type { PipelineRecord, PipelineRow } from './pipelines.repo';

/** A branch at a commit: where a merge request's head pipeline ran. */
export type BranchAt = { projectId: number; ref: string; sha: string };

export const branchAtKey = (at: BranchAt) => `${at.projectId}\n${at.ref}\n${at.sha}`;

/**
 * The latest branch pipeline of each branch at its commit (GitLab's head pipeline), keyed by
 * `branchAtKey`. One query for a page of requests: the commits narrow it to a few rows by the
 * project-and-sha index; the newest of each branch is kept.
 */
export async function latestBranchPipelines(
  db: Db,
  wanted: BranchAt[],
): Promise<Map<string, PipelineRecord>> {
  const found = new Map<string, PipelineRecord>();
  if (wanted.length === 0) return found;
  const wantedKeys = new Set(wanted.map(branchAtKey));
  const rows = await db
    .select({
      pipeline: ciPipelines,
      user: { id: users.id, username: users.username, name: users.name, state: users.state },
    })
    .from(ciPipelines)
    .leftJoin(users, eq(users.id, ciPipelines.userId))
    .where(
      and(
        inArray(ciPipelines.projectId, [...new Set(wanted.map((at) => at.projectId))]),
        inArray(ciPipelines.sha, [...new Set(wanted.map((at) => at.sha))]),
        eq(ciPipelines.tag, false),
        // A child pipeline runs at its parent's ref and sha, yet is never a head pipeline: the
        // parent is, and shows its children as downstream pipelines (GitLab's `ci_sources`).
        ne(ciPipelines.source, 'parent_pipeline'),
      ),
    )
    .orderBy(desc(ciPipelines.id));
  for (const { pipeline, user } of rows) {
    const key = branchAtKey({ projectId: pipeline.projectId, ref: pipeline.ref, sha: pipeline.sha });
    if (wantedKeys.has(key) && !found.has(key)) found.set(key, { pipeline, user: personOf(user) });
  }
  return found;
}

/** The current (not retried) jobs of the pipelines `ids`, as stages and composite statuses read them. */
export async function currentJobsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      pipelineId: ciBuilds.pipelineId,
      stage: ciBuilds.stage,
      stageIdx: ciBuilds.stageIdx,
      status: ciBuilds.status,
      allowFailure: ciBuilds.allowFailure,
    })
    .from(ciBuilds)
    .where(and(inArray(ciBuilds.pipelineId, ids), eq(ciBuilds.retried, false)))
    .orderBy(asc(ciBuilds.id));
}

/**
 * The latest merge request pipeline of each request at its head commit (a merged results or merge
 * train pipeline runs a merge commit: its `source_sha` is the head), keyed by request id. GitLab
 * prefers these over branch pipelines of the same commit for the head pipeline.
 */
export async function latestMergeRequestPipelines(
  db: Db,
  wanted: Array<{ mergeRequestId: number; sha: string }>,
): Promise<Map<number, PipelineRecord>> {
  const found = new Map<number, PipelineRecord>();
  if (wanted.length === 0) return found;
  const headOf = new Map(wanted.map((at) => [at.mergeRequestId, at.sha]));
  const rows = await db
    .select({
      pipeline: ciPipelines,
      user: { id: users.id, username: users.username, name: users.name, state: users.state },
    })
    .from(ciPipelines)
    .leftJoin(users, eq(users.id, ciPipelines.userId))
    .where(inArray(ciPipelines.mergeRequestId, [...headOf.keys()]))
    .orderBy(desc(ciPipelines.id));
  for (const { pipeline, user } of rows) {
    const id = pipeline.mergeRequestId;
    if (id === null || found.has(id)) continue;
    const head = headOf.get(id);
    if (pipeline.sha === head || pipeline.sourceSha === head)
      found.set(id, { pipeline, user: personOf(user) });
  }
  return found;
}

/**
 * A page of a merge request's pipelines (GitLab's `all_pipelines`): its own merge request
 * pipelines, and its source branch's pipelines at any of `shas`; merge request pipelines first,
 * then newest first, as GitLab sorts them.
 */
export async function listMergeRequestPipelinesAt(
  db: Db,
  request: { mergeRequestId: number; projectId: number; ref: string; shas: string[] },
  page: { offset: number; limit: number },
): Promise<{ rows: PipelineRow[]; total: number }> {
  const branch: SQL | undefined =
    request.shas.length === 0
      ? undefined
      : and(
          eq(ciPipelines.projectId, request.projectId),
          eq(ciPipelines.ref, request.ref),
          eq(ciPipelines.tag, false),
          inArray(ciPipelines.sha, request.shas),
        );
  const where = or(eq(ciPipelines.mergeRequestId, request.mergeRequestId), branch);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(ciPipelines)
      .where(where)
      .orderBy(
        sql`case when ${ciPipelines.source} = 'merge_request_event' then 0 else 1 end`,
        desc(ciPipelines.id),
      )
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(ciPipelines).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}
