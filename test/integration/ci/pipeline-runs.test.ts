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
};
type JobJson = {
  id: number;
  name: string;
  status: string;
  stage: string;
  allow_failure: boolean;
  failure_reason?: string;
  started_at: string | null;
  finished_at: string | null;
};

describe('pipelines run by the bundled runner', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let project: ProjectContext;
  let runner: RunnerProcess;

  const api = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}${url}`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  async function finishedPipelineOf(sha: string): Promise<PipelineJson> {
    const [listed] = await waitUntil(
      () => api<PipelineJson[]>(`/pipelines?sha=${sha}`),
      (pipelines) => pipelines.length > 0 && FINISHED.includes(pipelines[0]!.status),
    );
    return api<PipelineJson>(`/pipelines/${listed!.id}`);
  }

  const jobsOf = (pipeline: PipelineJson) => api<JobJson[]>(`/pipelines/${pipeline.id}/jobs`);
  const traceOf = async (job: JobJson) =>
    (
      await t.app.inject({
        url: `/api/v4/projects/${project.project.id}/jobs/${job.id}/trace`,
        headers: owner.headers,
      })
    ).body;

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    baseUrl = await t.listen();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    runner = startRunnerProcess({
      url: baseUrl,
      token: await instanceRunnerToken(t.container),
      concurrent: 2,
    });
    await runner.waitForOutput(/Runner started/);
  });
  afterAll(async () => {
    await runner?.stop();
    await t.close();
  });

  it('runs a pushed .gitlab-ci.yml: the pipeline and its jobs pass, the log shows the script', async () => {
    const sha = await pushFiles(baseUrl, project.fullPath, owner, {
      '.gitlab-ci.yml': [
        'stages: [build, test]',
        'build:',
        '  stage: build',
        '  script:',
        '    - echo "building $CI_COMMIT_SHORT_SHA on $CI_COMMIT_REF_NAME"',
        '    - test -f README.md',
        'test:',
        '  stage: test',
        '  before_script: [echo before]',
        '  script: [echo testing]',
        '  after_script: [echo "after with $CI_JOB_STATUS"]',
      ].join('\n'),
    });
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
    const test = await traceOf(jobs[1]!);
    expect(test).toContain('before\n');
    expect(test).toContain('after with success');
    // Stage order: test started after build finished.
    expect(new Date(jobs[1]!.started_at!).getTime()).toBeGreaterThanOrEqual(
      new Date(jobs[0]!.finished_at!).getTime(),
    );
  });
});
