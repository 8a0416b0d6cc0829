import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * What test/integration/upgrade.test.ts checks of an upgraded instance's CI/CD content: each old
 * row (as `to_jsonb` gave it before the upgrade) against what today's REST API serves for it.
 */
type Row = Record<string, unknown>;

export type UpgradedInstance = {
  rows: (table: string) => Row[];
  get: <T>(url: string) => Promise<T>;
  app: FastifyInstance;
  /** The administrator's token, who sees every project. */
  adminToken: string;
};

const at = (value: unknown) => (typeof value === 'string' ? new Date(value).toISOString() : null);

/** A `bytea` as `to_jsonb` writes it: `\x` and hex. */
const bytes = (value: unknown) => Buffer.from(typeof value === 'string' ? value.slice(2) : '', 'hex');

export async function expectPipelinesAndJobsServed({ rows, get }: UpgradedInstance): Promise<void> {
  for (const pipeline of rows('ci_pipelines')) {
    const base = `/api/v4/projects/${String(pipeline.project_id)}/pipelines/${String(pipeline.id)}`;
    expect(await get<Row>(base), base).toMatchObject({
      id: pipeline.id,
      iid: pipeline.iid,
      sha: pipeline.sha,
      ref: pipeline.ref,
      status: pipeline.status,
      source: pipeline.source,
      created_at: at(pipeline.created_at),
      finished_at: at(pipeline.finished_at),
    });
    const jobs = await get<Row[]>(`${base}/jobs?per_page=100`);
    const pick = (job: Row) => ({
      id: job.id,
      name: job.name,
      stage: job.stage,
      status: job.status,
      allow_failure: job.allow_failure,
    });
    const byId = (a: Row, b: Row) => Number(a.id) - Number(b.id);
    expect(jobs.map(pick).sort(byId), `${base}/jobs`).toEqual(
      rows('ci_builds')
        .filter((job) => job.pipeline_id === pipeline.id)
        .map(pick)
        .sort(byId),
    );
  }
}

export async function expectTracesAndArtifactsServed({ rows, get, app, adminToken }: UpgradedInstance) {
  const jobPath = (buildId: unknown) => {
    const build = rows('ci_builds').find((row) => row.id === buildId);
    return `/api/v4/projects/${String(build?.project_id)}/jobs/${String(buildId)}`;
  };
  const download = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'private-token': adminToken } });
    expect(response.statusCode, url).toBe(200);
    return response.rawPayload;
  };
  const chunks = new Map<unknown, Row[]>();
  for (const chunk of rows('ci_build_trace_chunks')) {
    chunks.set(chunk.build_id, [...(chunks.get(chunk.build_id) ?? []), chunk]);
  }
  for (const [buildId, list] of chunks) {
    const whole = Buffer.concat(
      list.sort((a, b) => Number(a.offset) - Number(b.offset)).map((chunk) => bytes(chunk.data)),
    );
    const trace = (await download(`${jobPath(buildId)}/trace`)).toString('utf8');
    expect(trace, `trace of job ${String(buildId)}`).toBe(whole.toString('utf8'));
    for (const variable of rows('ci_variables').filter((row) => row.masked === true)) {
      expect(trace).not.toContain(String(variable.value));
    }
  }
  // The archives (the fixture's never expire); a JUnit report is read through its pipeline's tests.
  for (const artifact of rows('ci_job_artifacts').filter((row) => row.file_type === 'archive')) {
    const job = await get<{ artifacts: Row[] }>(jobPath(artifact.build_id));
    expect(job.artifacts).toContainEqual(
      expect.objectContaining({ file_type: 'archive', size: artifact.size, filename: artifact.file_name }),
    );
    const archive = await download(`${jobPath(artifact.build_id)}/artifacts`);
    expect(archive.length).toBe(artifact.size);
    expect(createHash('sha256').update(archive).digest('hex')).toBe(artifact.sha256);
  }
}

export async function expectCiSettingsServed({ rows, get }: UpgradedInstance): Promise<void> {
  for (const variable of rows('ci_variables')) {
    const url = `/api/v4/projects/${String(variable.project_id)}/variables/${String(variable.key)}`;
    expect(await get<Row>(url), url).toMatchObject({
      key: variable.key,
      value: variable.value,
      masked: variable.masked,
      protected: variable.protected,
      variable_type: variable.variable_type,
      environment_scope: variable.environment_scope,
    });
  }
  for (const runner of rows('ci_runners')) {
    const url = `/api/v4/runners/${String(runner.id)}`;
    const served = await get<Row & { projects?: Array<{ id: number }> }>(url);
    expect(served, url).toMatchObject({
      id: runner.id,
      description: runner.description,
      runner_type: runner.runner_type,
      paused: runner.paused,
      tag_list: runner.tag_list,
    });
    const projects = rows('ci_runner_projects').filter((row) => row.runner_id === runner.id);
    for (const { project_id } of projects) {
      const list = await get<Row[]>(`/api/v4/projects/${String(project_id)}/runners`);
      expect(list.map((one) => one.id)).toContain(runner.id);
    }
  }
  for (const schedule of rows('ci_pipeline_schedules')) {
    const url = `/api/v4/projects/${String(schedule.project_id)}/pipeline_schedules/${String(schedule.id)}`;
    expect(await get<Row>(url), url).toMatchObject({
      description: schedule.description,
      ref: schedule.ref,
      cron: schedule.cron,
      cron_timezone: schedule.cron_timezone,
      active: schedule.active,
      owner: expect.objectContaining({ id: schedule.owner_id }),
    });
  }
}

export async function expectApprovalsServed({ rows, get }: UpgradedInstance): Promise<void> {
  for (const rule of rows('approval_project_rules')) {
    const url = `/api/v4/projects/${String(rule.project_id)}/approval_rules`;
    const served = await get<Array<Row & { users: Array<{ id: number }> }>>(url);
    const users = rows('approval_project_rule_users')
      .filter((row) => row.rule_id === rule.id)
      .map((row) => row.user_id);
    expect(served, url).toContainEqual(
      expect.objectContaining({
        id: rule.id,
        name: rule.name,
        approvals_required: rule.approvals_required,
        users: users.map((id): unknown => expect.objectContaining({ id })),
      }),
    );
  }
  const approved = new Set(rows('merge_request_approvals').map((row) => row.merge_request_id));
  for (const requestId of approved) {
    const request = rows('merge_requests').find((row) => row.id === requestId)!;
    const url = `/api/v4/projects/${String(request.project_id)}/merge_requests/${String(request.iid)}/approvals`;
    const served = await get<{ approved_by: Array<{ user: { id: number } }> }>(url);
    const approvers = rows('merge_request_approvals')
      .filter((row) => row.merge_request_id === requestId)
      .map((row) => row.user_id);
    expect(served.approved_by.map((one) => one.user.id).sort(), url).toEqual(approvers.sort());
  }
}
