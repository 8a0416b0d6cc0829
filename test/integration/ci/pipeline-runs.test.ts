import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import {
  FINISHED,
  instanceRunnerToken,
  pushFiles,
  startRunnerProcess,
  waitUntil,
  type RunnerProcess,
} from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

const ESC = '\x1b';

type PipelineJson = {
  id: number;
  status: string;
  yaml_errors: string | null;
  ref: string;
  sha: string;
  source: string;
  detailed_status: { group: string; text: string };
  coverage: string | null;
};
type JobJson = {
  id: number;
  coverage: number | null;
  name: string;
  status: string;
  stage: string;
  allow_failure: boolean;
  failure_reason?: string;
  started_at: string | null;
  finished_at: string | null;
};

/** Host processes whose command line holds `marker` (a job's processes, seen from outside its sandbox). */
async function processesWith(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0').includes(marker)) found.push(Number(entry));
  }
  return found;
}

describe('pipelines run by the bundled runner', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let project: ProjectContext;
  let runner: RunnerProcess;
  let runnerToken: string;

  const projectUrl = () => `/api/v4/projects/${project.project.id}`;
  const api = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ url: `${projectUrl()}${url}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const pipelinesOf = (sha: string) => api<PipelineJson[]>(`/pipelines?sha=${sha}`);

  async function finishedPipelineOf(sha: string): Promise<PipelineJson> {
    const [listed] = await waitUntil(
      () => pipelinesOf(sha),
      (pipelines) => pipelines.length > 0 && FINISHED.includes(pipelines[0]!.status),
    );
    return api<PipelineJson>(`/pipelines/${listed!.id}`);
  }

  const jobsOf = (pipeline: { id: number }) => api<JobJson[]>(`/pipelines/${pipeline.id}/jobs`);
  const traceOf = async (job: { id: number }) =>
    (await t.app.inject({ url: `${projectUrl()}/jobs/${job.id}/trace`, headers: owner.headers })).body;
  const push = (config: string[], files: Record<string, string> = {}) =>
    pushFiles(baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': config.join('\n'), ...files });

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    baseUrl = await t.listen();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    runnerToken = await instanceRunnerToken(t.container);
    runner = startRunnerProcess({ url: baseUrl, token: runnerToken, concurrent: 2 });
    await runner.waitForOutput(/Runner started/);
  });
  afterAll(async () => {
    await runner?.stop();
    await t.close();
  });

  it('runs a pushed .gitlab-ci.yml: the pipeline and its jobs pass, the log shows the script', async () => {
    const sha = await push([
      'stages: [build, test]',
      'build:',
      '  stage: build',
      '  script:',
      '    - echo "building $CI_COMMIT_SHORT_SHA on $CI_COMMIT_REF_NAME"',
      '    - test -f README.md',
      'test:',
      '  stage: test',
      '  before_script: [echo before]',
      '  script: [\'echo "Lines: 75.00%"\']',
      "  coverage: '/Lines: \\d+\\.\\d+%/'",
      '  after_script: [echo "after with $CI_JOB_STATUS"]',
    ]);
    const pipeline = await finishedPipelineOf(sha);
    expect(pipeline).toMatchObject({
      status: 'success',
      ref: 'main',
      sha,
      source: 'push',
      yaml_errors: null,
    });
    const jobs = await jobsOf(pipeline);
    expect(jobs.map((job) => [job.name, job.status])).toEqual([
      ['build', 'success'],
      ['test', 'success'],
    ]);
    const build = await traceOf(jobs[0]!);
    expect(build).toContain(`building ${sha.slice(0, 8)} on main`);
    expect(build).toMatch(new RegExp(`section_start:\\d+:get_sources\r${ESC}\\[0K`));
    expect(build).toMatch(new RegExp(`section_end:\\d+:step_script\r${ESC}\\[0K`));
    expect(build).toContain('Job succeeded');
    expect(jobs[1]).toMatchObject({ coverage: 75 });
    const test = await traceOf(jobs[1]!);
    expect(test).toContain('before\n');
    expect(test).toContain('after with success');
    // Stage order: test started once build had finished.
    expect(new Date(jobs[1]!.started_at!).getTime()).toBeGreaterThanOrEqual(
      new Date(jobs[0]!.finished_at!).getTime(),
    );
  });

  it('fails the pipeline when a script fails, skips the stages after it and runs after_script', async () => {
    const sha = await push([
      'compile:',
      '  stage: build',
      '  script: [echo compiling, exit 3, echo never]',
      '  after_script: [echo "after with $CI_JOB_STATUS"]',
      'unit:',
      '  stage: test',
      '  script: [echo never]',
    ]);
    const pipeline = await finishedPipelineOf(sha);
    expect(pipeline.status).toBe('failed');
    const jobs = await jobsOf(pipeline);
    expect(jobs.map((job) => [job.name, job.status, job.failure_reason])).toEqual([
      ['compile', 'failed', 'script_failure'],
      ['unit', 'skipped', undefined],
    ]);
    const log = await traceOf(jobs[0]!);
    expect(log).toContain('ERROR: Job failed: exit code 3');
    expect(log).toContain('after with failed');
    expect(log).not.toContain('\nnever');
  });

  it('starts a job as soon as the jobs it needs have passed, before its stage would', async () => {
    const sha = await push([
      'slow:',
      '  stage: build',
      '  script: [sleep 3]',
      'quick:',
      '  stage: build',
      '  script: [echo quick]',
      'after-quick:',
      '  stage: test',
      '  needs: [quick]',
      '  script: [echo dag]',
    ]);
    const jobs = await jobsOf(await finishedPipelineOf(sha));
    const byName = new Map(jobs.map((job) => [job.name, job]));
    expect(jobs.every((job) => job.status === 'success')).toBe(true);
    expect(new Date(byName.get('after-quick')!.started_at!).getTime()).toBeLessThan(
      new Date(byName.get('slow')!.finished_at!).getTime(),
    );
  });

  it('leaves a manual job manual and lets an allowed failure pass with warnings', async () => {
    const sha = await push([
      'flaky:',
      '  stage: test',
      '  script: [exit 1]',
      '  allow_failure: true',
      'deploy:',
      '  stage: deploy',
      '  script: [echo deploying]',
      '  when: manual',
    ]);
    const pipeline = await finishedPipelineOf(sha);
    expect(pipeline.status).toBe('success');
    expect(pipeline.detailed_status).toMatchObject({ group: 'success-with-warnings', text: 'Warning' });
    const jobs = await jobsOf(pipeline);
    expect(jobs.map((job) => [job.name, job.status, job.allow_failure])).toEqual([
      ['flaky', 'failed', true],
      ['deploy', 'manual', true],
    ]);
  });

  it('keeps a pipeline of a configuration that does not hold: failed, with its errors and no jobs', async () => {
    const sha = await push(['build:', '  script: 123']);
    const [pipeline] = await waitUntil(
      () => pipelinesOf(sha),
      (pipelines) => pipelines.length > 0,
    );
    const full = await api<PipelineJson>(`/pipelines/${pipeline!.id}`);
    expect(full).toMatchObject({
      status: 'failed',
      yaml_errors:
        'jobs:build:script config should be a string or a nested array of strings up to 10 levels deep',
    });
    expect(await jobsOf(full)).toEqual([]);
  });

  it('makes no pipeline without a .gitlab-ci.yml, nor when workflow rules filter the push', async () => {
    const none = await pushFiles(baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': null, 'a.txt': 'a' });
    const filtered = await push([
      'workflow:',
      '  rules:',
      '    - if: $CI_COMMIT_BRANCH == "release"',
      'job:',
      '  script: [echo]',
    ]);
    expect(await pipelinesOf(none)).toEqual([]);
    expect(await pipelinesOf(filtered)).toEqual([]);
  });

  it('stops a job that runs past its timeout', async () => {
    const sha = await push(['sleepy:', '  timeout: 3s', '  script: [echo started, sleep 60]']);
    const pipeline = await finishedPipelineOf(sha);
    const [job] = await jobsOf(pipeline);
    expect(job).toMatchObject({ status: 'failed', failure_reason: 'job_execution_timeout' });
    expect(await traceOf(job!)).toContain('ERROR: Job failed: execution took longer than 3s seconds');
  });

  it('stops the whole process group of a canceled job, background processes included', async () => {
    const marker = `31${Date.now() % 100000}.5`;
    const sha = await push(['long:', `  script: ["sleep ${marker} & echo started; wait"]`]);
    const [pipeline] = await waitUntil(
      () => pipelinesOf(sha),
      (pipelines) => pipelines.length > 0,
    );
    const [running] = await waitUntil(
      () => jobsOf(pipeline!),
      (jobs) => jobs[0]?.status === 'running',
    );
    await waitUntil(
      () => processesWith(marker),
      (pids) => pids.length > 0,
    );
    const canceled = await t.app.inject({
      method: 'POST',
      url: `${projectUrl()}/jobs/${running!.id}/cancel`,
      headers: owner.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(201);
    expect(canceled.json<JobJson>().status).toMatch(/^cancel(ing|ed)$/);
    await waitUntil(
      () => processesWith(marker),
      (pids) => pids.length === 0,
      15_000,
    );
    const finished = await finishedPipelineOf(sha);
    expect(finished.status).toBe('canceled');
    expect((await jobsOf(finished))[0]!.status).toBe('canceled');
  });

  it('stops, with status 1, once the server no longer knows its token', async () => {
    const exited = new Promise<number | null>((resolve) => runner.child.once('exit', resolve));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v4/runners',
      payload: { token: runnerToken },
    });
    expect(removed.statusCode).toBe(204);
    expect(await exited).toBe(1);
    expect(runner.output()).toContain('Checking for jobs... forbidden (the runner token is no longer valid)');
  });
});
