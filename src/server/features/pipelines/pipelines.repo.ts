import { and, asc, count, desc, eq, gt, inArray, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { personOf } from '../../db/people';
import { ciBuilds, ciPipelines, users } from '../../db/schema';

export type PipelineRow = typeof ciPipelines.$inferSelect;
export type NewPipeline = typeof ciPipelines.$inferInsert;
export type PipelineRecord = {
  pipeline: PipelineRow;
  user: ReturnType<typeof personOf>;
};

export async function insertPipeline(db: Db, values: NewPipeline): Promise<PipelineRow> {
  const [row] = await db.insert(ciPipelines).values(values).returning();
  if (!row) throw new Error('pipeline insert returned nothing');
  return row;
}

export async function updatePipeline(db: Db, id: number, values: Partial<NewPipeline>): Promise<void> {
  await db.update(ciPipelines).set(values).where(eq(ciPipelines.id, id));
}

/** The pipeline, locked until the transaction ends: its jobs are processed one caller at a time. */
export async function lockPipeline(db: Db, id: number): Promise<PipelineRow | null> {
  const [row] = await db.select().from(ciPipelines).where(eq(ciPipelines.id, id)).for('update');
  return row ?? null;
}

function recordQuery(db: Db) {
  return db
    .select({
      pipeline: ciPipelines,
      user: { id: users.id, username: users.username, name: users.name, state: users.state },
    })
    .from(ciPipelines)
    .leftJoin(users, eq(users.id, ciPipelines.userId));
}

const toRecord = (row: { pipeline: PipelineRow; user: Parameters<typeof personOf>[0] }): PipelineRecord => ({
  pipeline: row.pipeline,
  user: personOf(row.user),
});

export async function findPipelineRecord(
  db: Db,
  projectId: number,
  id: number,
): Promise<PipelineRecord | null> {
  const [row] = await recordQuery(db).where(
    and(eq(ciPipelines.projectId, projectId), eq(ciPipelines.id, id)),
  );
  return row ? toRecord(row) : null;
}

/** A project's pipeline by its iid (GraphQL's `Project.pipeline(iid:)`). */
export async function findPipelineRecordByIid(
  db: Db,
  projectId: number,
  iid: number,
): Promise<PipelineRecord | null> {
  const [row] = await recordQuery(db).where(
    and(eq(ciPipelines.projectId, projectId), eq(ciPipelines.iid, iid)),
  );
  return row ? toRecord(row) : null;
}

/**
 * Sources GitLab keeps out of a project's own pipelines (`ci_sources`): child pipelines belong to
 * their parent, Web IDE and on-demand scan pipelines to no branch's history.
 */
const DANGLING_SOURCES = ['parent_pipeline', 'webide', 'ondemand_dast_scan'];

/** The newest pipeline of `ref` at `sha`, dangling sources aside (GitLab's `latest_pipeline`). */
export async function findLatestPipelineRecord(
  db: Db,
  projectId: number,
  ref: string,
  sha: string,
): Promise<PipelineRecord | null> {
  const [row] = await recordQuery(db)
    .where(
      and(
        eq(ciPipelines.projectId, projectId),
        eq(ciPipelines.ref, ref),
        eq(ciPipelines.sha, sha),
        notInArray(ciPipelines.source, DANGLING_SOURCES),
      ),
    )
    .orderBy(desc(ciPipelines.id))
    .limit(1);
  return row ? toRecord(row) : null;
}

export async function findPipeline(db: Db, id: number): Promise<PipelineRow | null> {
  const [row] = await db.select().from(ciPipelines).where(eq(ciPipelines.id, id));
  return row ?? null;
}

export async function findPipelinesByIds(db: Db, ids: number[]): Promise<PipelineRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(ciPipelines).where(anyOf(ciPipelines.id, ids));
}

export const PIPELINE_ORDERS = ['id', 'status', 'ref', 'updated_at', 'user_id'] as const;

export type PipelineFilters = {
  status?: string;
  /** GitLab's scopes: running, pending, finished, branches (the newest of each branch), tags. */
  scope?: 'running' | 'pending' | 'finished' | 'branches' | 'tags';
  ref?: string;
  /** With `ref`: the merge request pipelines of this request too (its `refs/merge-requests/:iid/...`). */
  mergeRequestIid?: number;
  sha?: string;
  source?: string;
  /** The username of who started it, in any case. */
  username?: string;
  yamlErrors?: boolean;
  name?: string;
  updatedAfter?: Date;
  updatedBefore?: Date;
  /** Those a pipeline schedule ran. */
  pipelineScheduleId?: number;
  orderBy: (typeof PIPELINE_ORDERS)[number];
  sort: 'asc' | 'desc';
};

const FINISHED = ['success', 'failed', 'canceled', 'skipped'];

function filterConditions(projectId: number, filters: PipelineFilters): SQL[] {
  const conditions: SQL[] = [eq(ciPipelines.projectId, projectId)];
  if (filters.status) conditions.push(eq(ciPipelines.status, filters.status));
  if (filters.ref && filters.mergeRequestIid !== undefined) {
    const own = ['head', 'merge', 'train'].map(
      (kind) => `refs/merge-requests/${filters.mergeRequestIid}/${kind}`,
    );
    conditions.push(inArray(ciPipelines.ref, [filters.ref, ...own]));
  } else if (filters.ref) conditions.push(eq(ciPipelines.ref, filters.ref));
  if (filters.sha) conditions.push(eq(ciPipelines.sha, filters.sha));
  if (filters.source) conditions.push(eq(ciPipelines.source, filters.source));
  if (filters.username !== undefined)
    conditions.push(
      sql`${ciPipelines.userId} = (select u.id from users u where lower(u.username) = lower(${filters.username}))`,
    );
  if (filters.name) conditions.push(eq(ciPipelines.name, filters.name));
  if (filters.yamlErrors !== undefined)
    conditions.push(
      filters.yamlErrors ? sql`${ciPipelines.yamlErrors} is not null` : isNull(ciPipelines.yamlErrors),
    );
  if (filters.updatedAfter) conditions.push(gt(ciPipelines.updatedAt, filters.updatedAfter));
  if (filters.updatedBefore) conditions.push(lt(ciPipelines.updatedAt, filters.updatedBefore));
  if (filters.pipelineScheduleId !== undefined)
    conditions.push(eq(ciPipelines.pipelineScheduleId, filters.pipelineScheduleId));
  switch (filters.scope) {
    case 'running':
      conditions.push(eq(ciPipelines.status, 'running'));
      break;
    case 'pending':
      conditions.push(eq(ciPipelines.status, 'pending'));
      break;
    case 'finished':
      conditions.push(inArray(ciPipelines.status, FINISHED));
      break;
    case 'branches':
    case 'tags': {
      // The newest pipeline of each branch (or tag), as GitLab's scope shows them.
      const tag = filters.scope === 'tags';
      conditions.push(
        eq(ciPipelines.tag, tag),
        sql`${ciPipelines.id} in (select max(p.id) from ci_pipelines p where p.project_id = ${projectId} and p.tag = ${tag} group by p.ref)`,
      );
      break;
    }
    case undefined:
      break;
  }
  return conditions;
}

export async function listPipelineRecords(
  db: Db,
  projectId: number,
  filters: PipelineFilters,
  page: { offset: number; limit: number },
): Promise<{ records: PipelineRecord[]; total: number }> {
  const where = and(...filterConditions(projectId, filters));
  const column = {
    id: ciPipelines.id,
    status: ciPipelines.status,
    ref: ciPipelines.ref,
    updated_at: ciPipelines.updatedAt,
    user_id: ciPipelines.userId,
  }[filters.orderBy];
  const direction = filters.sort === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    recordQuery(db)
      .where(where)
      .orderBy(direction(column), direction(ciPipelines.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(ciPipelines).where(where),
  ]);
  return { records: rows.map(toRecord), total: Number(counted?.total ?? 0) };
}

/** Deletes a pipeline; its jobs, logs and artifact rows go with it (foreign keys cascade). */
export async function deletePipeline(db: Db, id: number): Promise<void> {
  await db.delete(ciPipelines).where(eq(ciPipelines.id, id));
}

/** Statuses of a pipeline that a newer one may still cancel (GitLab's cancelable statuses). */
const CANCELABLE_PIPELINE = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'scheduled',
];

/** A pipeline that a newer one of its ref may cancel, with how its configuration lets it. */
export type RedundantCandidate = Pick<PipelineRow, 'id' | 'sourceJobId' | 'autoCancelOnNewCommit'>;

/**
 * GitLab's candidates for redundant pipelines of a new one (CancelRedundantPipelinesService): the
 * other pipelines of the same ref at another commit, created in the look-back window, not
 * finished, oldest first. Child pipelines are among them (they share their parent's ref and
 * commit), also those created after the new one: the caller judges them by their root's age.
 */
export async function findRedundantCandidates(
  db: Db,
  pipeline: Pick<PipelineRow, 'id' | 'projectId' | 'ref' | 'tag' | 'sha'>,
  createdAfter: Date,
): Promise<RedundantCandidate[]> {
  return db
    .select({
      id: ciPipelines.id,
      sourceJobId: ciPipelines.sourceJobId,
      autoCancelOnNewCommit: ciPipelines.autoCancelOnNewCommit,
    })
    .from(ciPipelines)
    .where(
      and(
        eq(ciPipelines.projectId, pipeline.projectId),
        eq(ciPipelines.ref, pipeline.ref),
        eq(ciPipelines.tag, pipeline.tag),
        sql`${ciPipelines.id} <> ${pipeline.id}`,
        sql`${ciPipelines.sha} <> ${pipeline.sha}`,
        gt(ciPipelines.createdAt, createdAfter),
        inArray(ciPipelines.status, CANCELABLE_PIPELINE),
      ),
    )
    .orderBy(asc(ciPipelines.id));
}

/**
 * Whether the pipeline has started a job that is not `interruptible` (GitLab's
 * `conservative_interruptible` scope, which looks at builds only: bridges and external statuses
 * never hold a pipeline back).
 */
export async function hasStartedUninterruptibleBuild(db: Db, pipelineId: number): Promise<boolean> {
  const rows = await db
    .select({ id: ciBuilds.id })
    .from(ciBuilds)
    .where(
      and(
        eq(ciBuilds.pipelineId, pipelineId),
        eq(ciBuilds.retried, false),
        inArray(ciBuilds.status, ['running', 'success', 'failed']),
        sql`coalesce(${ciBuilds.options}->>'kind', 'build') = 'build'`,
        sql`coalesce((${ciBuilds.options}->>'interruptible')::boolean, false) = false`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
