import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig } from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type Payload = { id: number; token: string; job_info: { name: string } };
type Job = {
  id: number;
  name: string;
  status: string;
  allow_failure: boolean;
  failure_reason?: string;
  pipeline: { id: number };
};

/**
 * `retry:` and `allow_failure: exit_codes` as the server applies them when a runner reports a
 * failure (GitLab's Gitlab::Ci::Build::AutoRetry): the runner's side is played by hand, each test
 * on a project of its own with a runner of that project, so no test takes another's jobs.
 */
describe('automatic retry and failures allowed by exit code', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '0' } });
    owner = await buildUser(t.container);
  });
  afterAll(() => t.close());

  /** A project with `yaml` committed (its pipeline created) and a runner of its own. */
  async function projectWith(yaml: string) {
    const { project } = await buildProject(t.container, owner);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user/runners',
      headers: owner.headers,
      payload: { runner_type: 'project_type', project_id: project.id },
    });
    const runnerToken = created.json<{ token: string }>().token;
    await commitCiConfig(t.app, owner, project.id, yaml);
    const api = (url: string) =>
      t.app.inject({ url: `/api/v4/projects/${project.id}${url}`, headers: owner.headers });

    async function take(): Promise<Payload | null> {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v4/jobs/request',
        payload: { token: runnerToken },
      });
      return response.statusCode === 201 ? response.json<Payload>() : null;
    }
    /** Takes the next job and ends it failed as a runner reports it. */
    async function fail(failureReason: string, exitCode?: number): Promise<Payload> {
      const job = await take();
      if (!job) throw new Error('no job to take');
      const answer = await t.app.inject({
        method: 'PUT',
        url: `/api/v4/jobs/${job.id}`,
        payload: {
          token: job.token,
          state: 'failed',
          failure_reason: failureReason,
          ...(exitCode === undefined ? {} : { exit_code: exitCode }),
        },
      });
      expect(answer.statusCode).toBe(200);
      return job;
    }
    const job = async (id: number) => (await api(`/jobs/${id}`)).json<Job>();
    const pipeline = async (id: number) =>
      (await api(`/pipelines/${id}`)).json<{ status: string; detailed_status: { label: string } }>();
    /** Every attempt of the pipeline's jobs, oldest first. */
    const attempts = async (pipelineId: number) =>
      (await api(`/pipelines/${pipelineId}/jobs?include_retried=true`))
        .json<Job[]>()
        .sort((a, b) => a.id - b.id);
    const latest = async (pipelineId: number) => (await api(`/pipelines/${pipelineId}/jobs`)).json<Job[]>();
    return { take, fail, job, pipeline, attempts, latest };
  }

  it('retries a failed job `retry: 2` times, each attempt a new job, then lets it fail', async () => {
    const p = await projectWith('flaky:\n  retry: 2\n  script: [exit 1]');
    const first = await p.fail('script_failure', 1);
    const pipelineId = (await p.job(first.id)).pipeline.id;
    expect((await p.pipeline(pipelineId)).status).toBe('pending');
    const second = await p.fail('script_failure', 1);
    const third = await p.fail('script_failure', 1);
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    // No fourth attempt: the pipeline fails with its last one.
    expect(await p.take()).toBeNull();
    expect((await p.pipeline(pipelineId)).status).toBe('failed');
    const all = await p.attempts(pipelineId);
    expect(all.map((job) => [job.id, job.name, job.status])).toEqual([
      [first.id, 'flaky', 'failed'],
      [second.id, 'flaky', 'failed'],
      [third.id, 'flaky', 'failed'],
    ]);
    // The two retried attempts are kept but no longer listed as the job.
    expect((await p.latest(pipelineId)).map((job) => job.id)).toEqual([third.id]);
  });

  it('retries only the failures `retry:when` names', async () => {
    const p = await projectWith(
      [
        'script-fails:',
        '  retry: { max: 1, when: runner_system_failure }',
        '  script: [exit 1]',
        'runner-fails:',
        '  retry: { max: 1, when: [runner_system_failure, stuck_or_timeout_failure] }',
        '  script: [echo]',
      ].join('\n'),
    );
    const byName = async () => {
      const job = await p.take();
      if (!job) throw new Error('no job to take');
      return job;
    };
    const [a, b] = [await byName(), await byName()];
    const [scriptJob, runnerJob] = a.job_info.name === 'script-fails' ? [a, b] : [b, a];
    const put = (job: Payload, failureReason: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v4/jobs/${job.id}`,
        payload: { token: job.token, state: 'failed', failure_reason: failureReason, exit_code: 1 },
      });
    await put(scriptJob, 'script_failure');
    await put(runnerJob, 'runner_system_failure');
    const pipelineId = (await p.job(scriptJob.id)).pipeline.id;
    const attempts = await p.attempts(pipelineId);
    expect(attempts.filter((job) => job.name === 'script-fails').map((job) => job.status)).toEqual([
      'failed',
    ]);
    expect(attempts.filter((job) => job.name === 'runner-fails').map((job) => job.status)).toEqual([
      'failed',
      'pending',
    ]);
    const retry = await p.take();
    expect(retry?.job_info.name).toBe('runner-fails');
  });

  it('retries only the exit codes `retry:exit_codes` names, and any failure `when` names besides', async () => {
    const p = await projectWith(
      [
        'killed:',
        '  retry: { max: 1, exit_codes: [137] }',
        '  script: [echo]',
        'either:',
        '  retry: { max: 1, when: runner_system_failure, exit_codes: 137 }',
        '  script: [echo]',
      ].join('\n'),
    );
    const taken = [await p.take(), await p.take()];
    const killed = taken.find((job) => job?.job_info.name === 'killed')!;
    const either = taken.find((job) => job?.job_info.name === 'either')!;
    const put = (job: Payload, failureReason: string, exitCode: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v4/jobs/${job.id}`,
        payload: { token: job.token, state: 'failed', failure_reason: failureReason, exit_code: exitCode },
      });
    // Exit code 137 is retried; the retry failing with exit code 1 is not.
    await put(killed, 'script_failure', 137);
    const killedAgain = await p.take();
    expect(killedAgain?.job_info.name).toBe('killed');
    await put(killedAgain!, 'script_failure', 1);
    // `when` and `exit_codes` together: either one asks for the retry.
    await put(either, 'runner_system_failure', 1);
    const eitherAgain = await p.take();
    expect(eitherAgain?.job_info.name).toBe('either');
    await put(eitherAgain!, 'script_failure', 2);
    expect(await p.take()).toBeNull();
    const pipelineId = (await p.job(killed.id)).pipeline.id;
    const statuses = (await p.attempts(pipelineId)).map((job) => `${job.name} ${job.status}`);
    expect(statuses.sort()).toEqual(['either failed', 'either failed', 'killed failed', 'killed failed']);
    expect((await p.pipeline(pipelineId)).status).toBe('failed');
  });

  it('never retries a failure no attempt can mend, whatever `retry:` says', async () => {
    const p = await projectWith('needs-artifacts:\n  retry: { max: 2, when: always }\n  script: [echo]');
    const job = await p.fail('missing_dependency_failure');
    expect(await p.take()).toBeNull();
    expect(await p.job(job.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'missing_dependency_failure',
    });
  });

  it('lets a job fail with an exit code `allow_failure:exit_codes` names, and no other', async () => {
    const allowed = await projectWith('lint:\n  allow_failure: { exit_codes: [3] }\n  script: [exit 3]');
    const warned = await allowed.fail('script_failure', 3);
    const warnedJob = await allowed.job(warned.id);
    expect(warnedJob).toMatchObject({ status: 'failed', allow_failure: true });
    expect(await allowed.pipeline(warnedJob.pipeline.id)).toMatchObject({
      status: 'success',
      detailed_status: { label: 'passed with warnings' },
    });

    const refused = await projectWith('lint:\n  allow_failure: { exit_codes: [3] }\n  script: [exit 1]');
    const failed = await refused.fail('script_failure', 1);
    const failedJob = await refused.job(failed.id);
    expect(failedJob).toMatchObject({ status: 'failed', allow_failure: false });
    expect((await refused.pipeline(failedJob.pipeline.id)).status).toBe('failed');
  });
});
