import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import { queryRows, type Db } from '../../db/client';
import { personOf } from '../../db/people';
import { ciBuilds, users } from '../../db/schema';

export type BuildRow = typeof ciBuilds.$inferSelect;

/** Jobs a runner runs: bridges (trigger jobs) run on the server, as their downstream pipeline. */
const NOT_BRIDGE = sql`${ciBuilds.options}->>'kind' is distinct from 'bridge'`;
export type NewBuild = typeof ciBuilds.$inferInsert;
export type BuildRecord = { build: BuildRow; user: ReturnType<typeof personOf> };

/** Jobs in one multi-row insert, read back (retries and clones go on with their new rows). */
export async function insertBuilds(db: Db, values: NewBuild[]): Promise<BuildRow[]> {
  if (values.length === 0) return [];
  return db.insert(ciBuilds).values(values).returning();
}

/**
 * A new pipeline's jobs in one multi-row insert, nothing read back: processing reads the few
 * columns it needs, and reading 500 whole rows back cost a quarter of the insert again.
 */
export async function insertPipelineBuilds(db: Db, values: NewBuild[]): Promise<void> {
  if (values.length > 0) await db.insert(ciBuilds).values(values);
}

/** A pipeline's current jobs (not those a retry replaced), in creation order. */
export async function listCurrentBuilds(db: Db, pipelineId: number): Promise<BuildRow[]> {
  return db
    .select()
    .from(ciBuilds)
    .where(and(eq(ciBuilds.pipelineId, pipelineId), eq(ciBuilds.retried, false)))
    .orderBy(asc(ciBuilds.id));
}

/** The columns pipeline processing reads of each job: what decides its next status, and no more. */
const PROCESSED_COLUMNS = {
  id: ciBuilds.id,
  pipelineId: ciBuilds.pipelineId,
  name: ciBuilds.name,
  stageIdx: ciBuilds.stageIdx,
  status: ciBuilds.status,
  when: ciBuilds.when,
  allowFailure: ciBuilds.allowFailure,
  needs: ciBuilds.needs,
  options: ciBuilds.options,
  coverage: ciBuilds.coverage,
  startedAt: ciBuilds.startedAt,
  finishedAt: ciBuilds.finishedAt,
  scheduledAt: ciBuilds.scheduledAt,
  resourceGroupId: ciBuilds.resourceGroupId,
};
export type ProcessedBuildRow = Pick<BuildRow, keyof typeof PROCESSED_COLUMNS>;

/**
 * A pipeline's current jobs as processing reads them: every job's status is recomposed each time
 * one of them finishes, so a 500-job pipeline reads these few columns, not its jobs' variables.
 */
export async function listBuildsToProcess(db: Db, pipelineId: number): Promise<ProcessedBuildRow[]> {
  return db
    .select(PROCESSED_COLUMNS)
    .from(ciBuilds)
    .where(and(eq(ciBuilds.pipelineId, pipelineId), eq(ciBuilds.retried, false)))
    .orderBy(asc(ciBuilds.id));
}

/** Every job of a pipeline, retried attempts included, in creation order (the pipeline graph's). */
export async function listPipelineBuilds(db: Db, pipelineId: number): Promise<BuildRow[]> {
  return db.select().from(ciBuilds).where(eq(ciBuilds.pipelineId, pipelineId)).orderBy(asc(ciBuilds.id));
}

/** Moves created jobs of a pipeline on (the processing's transitions); answers the ids moved. */
export async function transitionCreatedBuilds(
  db: Db,
  pipelineId: number,
  names: string[],
  to: string,
  now: Date,
): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await db
    .update(ciBuilds)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'pending' ? { queuedAt: now } : {}),
      ...(to === 'skipped' ? { finishedAt: now } : {}),
    })
    .where(
      and(
        eq(ciBuilds.pipelineId, pipelineId),
        eq(ciBuilds.status, 'created'),
        eq(ciBuilds.retried, false),
        anyOf(ciBuilds.name, names),
      ),
    )
    .returning({ id: ciBuilds.id });
  return rows.map((row) => row.id);
}

export async function updateBuild(db: Db, id: number, values: Partial<NewBuild>): Promise<BuildRow | null> {
  const [row] = await db.update(ciBuilds).set(values).where(eq(ciBuilds.id, id)).returning();
  return row ?? null;
}

export async function lockBuild(db: Db, id: number): Promise<BuildRow | null> {
  const [row] = await db.select().from(ciBuilds).where(eq(ciBuilds.id, id)).for('update');
  return row ?? null;
}

export async function findBuild(db: Db, id: number): Promise<BuildRow | null> {
  const [row] = await db.select().from(ciBuilds).where(eq(ciBuilds.id, id));
  return row ?? null;
}

export async function findBuildByTokenDigest(db: Db, digest: string): Promise<BuildRow | null> {
  const [row] = await db.select().from(ciBuilds).where(eq(ciBuilds.tokenDigest, digest));
  return row ?? null;
}

function recordQuery(db: Db) {
  return db
    .select({
      build: ciBuilds,
      user: { id: users.id, username: users.username, name: users.name, state: users.state },
    })
    .from(ciBuilds)
    .leftJoin(users, eq(users.id, ciBuilds.userId));
}

const toRecord = (row: { build: BuildRow; user: Parameters<typeof personOf>[0] }): BuildRecord => ({
  build: row.build,
  user: personOf(row.user),
});

export async function findBuildRecord(db: Db, projectId: number, id: number): Promise<BuildRecord | null> {
  const [row] = await recordQuery(db).where(and(eq(ciBuilds.projectId, projectId), eq(ciBuilds.id, id)));
  return row ? toRecord(row) : null;
}

export type BuildFilters = {
  /** A project's jobs; absent for a runner's, across its projects. */
  projectId?: number;
  runnerId?: number;
  pipelineId?: number;
  statuses?: string[];
  includeRetried?: boolean;
  /** Jobs a runner runs, or bridges (GitLab lists them apart); absent: both. */
  kind?: 'build' | 'bridge';
};

function filterConditions(filters: BuildFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.projectId !== undefined) conditions.push(eq(ciBuilds.projectId, filters.projectId));
  if (filters.runnerId !== undefined) conditions.push(eq(ciBuilds.runnerId, filters.runnerId));
  if (filters.pipelineId !== undefined) conditions.push(eq(ciBuilds.pipelineId, filters.pipelineId));
  if (filters.statuses?.length) conditions.push(inArray(ciBuilds.status, filters.statuses));
  if (!filters.includeRetried) conditions.push(eq(ciBuilds.retried, false));
  if (filters.kind === 'build') conditions.push(NOT_BRIDGE);
  if (filters.kind === 'bridge') conditions.push(sql`${ciBuilds.options}->>'kind' = 'bridge'`);
  return conditions;
}

/** A pipeline's jobs in creation order, a project's newest first, as GitLab lists them. */
export async function listBuildRecords(
  db: Db,
  filters: BuildFilters,
  page: { offset: number; limit: number },
): Promise<{ records: BuildRecord[]; total: number }> {
  const where = and(...filterConditions(filters));
  const order = filters.pipelineId !== undefined ? asc(ciBuilds.id) : desc(ciBuilds.id);
  const [rows, [counted]] = await Promise.all([
    recordQuery(db).where(where).orderBy(order).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(ciBuilds).where(where),
  ]);
  return { records: rows.map(toRecord), total: Number(counted?.total ?? 0) };
}

/** Where a runner may take jobs from and which jobs it may take. */
export type RunnerScope = {
  runnerId: number;
  runnerType: 'instance_type' | 'group_type' | 'project_type';
  projectIds: number[];
  groupPath: string | null;
  tags: string[];
  runUntagged: boolean;
  refProtectedOnly: boolean;
};

function scopeCondition(scope: RunnerScope): SQL {
  switch (scope.runnerType) {
    case 'instance_type':
      return sql`true`;
    case 'project_type':
      return sql`b.project_id = any(${sql.param(scope.projectIds)}::integer[])`;
    case 'group_type': {
      // The group's own projects and those of every group below it.
      const path = scope.groupPath ?? '';
      return sql`(n.full_path = ${path} or left(n.full_path, ${path.length + 1}) = ${`${path}/`})`;
    }
  }
}

/**
 * Takes the oldest pending job this runner may run and marks it running for it, with the job
 * token's digest. `FOR UPDATE SKIP LOCKED`: runners asking at once (in any process) each take
 * another job, and a job is taken once. Null when there is none for this runner.
 */
export async function takePendingBuild(
  db: Db,
  scope: RunnerScope,
  tokenDigest: string,
  now: Date,
): Promise<BuildRow | null> {
  const at = now.toISOString();
  const [taken] = await queryRows<{ id: number }>(
    db,
    sql`update ci_builds set status = 'running', runner_id = ${scope.runnerId}, token_digest = ${tokenDigest},
          started_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
        where id = (
          select b.id from ci_builds b
          join projects p on p.id = b.project_id
          join namespaces n on n.id = p.namespace_id
          where b.status = 'pending' and not p.archived and b.options->>'kind' is distinct from 'bridge'
            and b.options->>'kind' is distinct from 'external'
            and ${scopeCondition(scope)}
            and b.tag_list <@ ${sql.param(scope.tags)}::text[]
            and (${scope.runUntagged} or cardinality(b.tag_list) > 0)
            and (not ${scope.refProtectedOnly} or b.protected)
          order by b.id
          limit 1
          for update of b skip locked)
        and status = 'pending'
        returning id`,
  );
  return taken ? findBuild(db, Number(taken.id)) : null;
}

/**
 * Running jobs no runner has reported on since `updatedBefore`, and pending jobs no runner took
 * since `queuedBefore`: failed as stuck. Answers them (with their pipelines to process again).
 */
export async function failStuckBuilds(
  db: Db,
  { updatedBefore, queuedBefore, now }: { updatedBefore: Date; queuedBefore: Date; now: Date },
): Promise<BuildRow[]> {
  return db
    .update(ciBuilds)
    .set({ status: 'failed', failureReason: 'stuck_or_timeout_failure', finishedAt: now, updatedAt: now })
    .where(
      // A bridge runs as long as the downstream pipeline it mirrors, and external statuses run
      // elsewhere (only the CI that reports them ends them): no runner reports on either.
      sql`((${inArray(ciBuilds.status, ['running', 'canceling'])} and ${lt(ciBuilds.updatedAt, updatedBefore)})
        or (${eq(ciBuilds.status, 'pending')} and ${lt(ciBuilds.queuedAt, queuedBefore)}))
        and ${NOT_BRIDGE} and ${ciBuilds.options}->>'kind' is distinct from 'external'`,
    )
    .returning();
}

/** The running (or canceling) job a token belongs to, with the user it runs as. */
export async function findProcessingBuildByTokenDigest(db: Db, digest: string) {
  const [row] = await db
    .select({
      build: { id: ciBuilds.id, projectId: ciBuilds.projectId, status: ciBuilds.status },
      user: users,
    })
    .from(ciBuilds)
    .innerJoin(users, eq(users.id, ciBuilds.userId))
    .where(and(eq(ciBuilds.tokenDigest, digest), inArray(ciBuilds.status, ['running', 'canceling'])));
  return row ?? null;
}

/** How many times a job of this name ran in the pipeline (retries included). */
export async function countAttempts(db: Db, pipelineId: number, name: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(ciBuilds)
    .where(and(eq(ciBuilds.pipelineId, pipelineId), eq(ciBuilds.name, name)));
  return Number(row?.total ?? 0);
}

/** A job's columns a retry copies into its new attempt (GitLab's clone_accessors). */
export function cloneValues(build: BuildRow, userId: number, status: string, now: Date): NewBuild {
  return {
    pipelineId: build.pipelineId,
    projectId: build.projectId,
    name: build.name,
    stage: build.stage,
    stageIdx: build.stageIdx,
    status,
    when: build.when,
    allowFailure: build.allowFailure,
    needs: build.needs,
    schedulingType: build.schedulingType,
    options: build.options,
    variables: build.variables,
    tagList: build.tagList,
    ref: build.ref,
    tag: build.tag,
    protected: build.protected,
    resourceGroupId: build.resourceGroupId,
    userId,
    createdAt: now,
    updatedAt: now,
    ...(status === 'pending' ? { queuedAt: now } : {}),
  };
}

/** A project's jobs of these ids, in the order given (ids of other projects are left out). */
export async function findBuildRecordsByIds(
  db: Db,
  projectId: number,
  ids: number[],
): Promise<BuildRecord[]> {
  if (ids.length === 0) return [];
  const rows = await recordQuery(db).where(and(eq(ciBuilds.projectId, projectId), anyOf(ciBuilds.id, ids)));
  const byId = new Map(rows.map((row) => [row.build.id, toRecord(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Marks attempts replaced by a retry. */
export async function markRetried(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(ciBuilds).set({ retried: true }).where(anyOf(ciBuilds.id, ids));
}

/**
 * Skipped jobs of a pipeline from stage `fromStageIdx` on go back to `created`, so processing
 * decides again whether they run (GitLab's ResetSkippedJobsService after a retry).
 */
export async function resetSkippedBuilds(db: Db, pipelineId: number, fromStageIdx: number, now: Date) {
  const rows = await db
    .update(ciBuilds)
    .set({ status: 'created', finishedAt: null, updatedAt: now })
    .where(
      and(
        eq(ciBuilds.pipelineId, pipelineId),
        eq(ciBuilds.retried, false),
        eq(ciBuilds.status, 'skipped'),
        sql`${ciBuilds.stageIdx} >= ${fromStageIdx}`,
      ),
    )
    .returning({ id: ciBuilds.id });
  return rows.map((row) => row.id);
}
