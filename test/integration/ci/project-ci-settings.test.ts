import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { instanceRunnerToken } from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type JobPayload = {
  id: number;
  token: string;
  job_info: { name: string };
  runner_info: { timeout: number };
  variables: Array<{ key: string; value: string }>;
};

describe('a project’s CI/CD configuration file and timeout, as pipelines use them', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let runnerToken: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '1' } });
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    runnerToken = await instanceRunnerToken(t.container);
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v4/projects/${project.project.id}${url}`,
      headers: owner.headers,
      payload,
    });
  /** Commits one file through the files API, which runs the push hooks as a push does. */
  const commit = async (path: string, content: string) => {
    const response = await api('POST', `/repository/files/${encodeURIComponent(path)}`, {
      branch: 'main',
      content,
      commit_message: `Add ${path}`,
    });
    expect(response.statusCode).toBe(201);
  };
  const pipelines = async () =>
    (await api('GET', '/pipelines')).json<Array<{ id: number; status: string }>>();
  const requestJob = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v4/jobs/request',
      payload: { token: runnerToken, info: { name: 'gitlab-runner', features: {} } },
    });
    expect(response.statusCode).toBe(201);
    return response.json<JobPayload>();
  };
  const finish = (job: JobPayload) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v4/jobs/${job.id}`,
      payload: { token: job.token, state: 'success' },
    });

  it('runs the configured file, and not .gitlab-ci.yml, once the path is set', async () => {
    const set = await api('PUT', '', { ci_config_path: 'ci/pipeline.yml', build_timeout: 5400 });
    expect(set.statusCode).toBe(200);
    await commit('.gitlab-ci.yml', 'ignored:\n  script: echo not this one\n');
    expect(await pipelines()).toEqual([]);

    await commit('ci/pipeline.yml', 'build:\n  script: echo from ci/pipeline.yml\n');
    expect(await pipelines()).toHaveLength(1);
    const job = await requestJob();
    expect(job.job_info.name).toBe('build');
    expect(job.variables).toContainEqual(
      expect.objectContaining({ key: 'CI_CONFIG_PATH', value: 'ci/pipeline.yml' }),
    );
    // No `timeout:` of its own: the project's build_timeout, 1h 30m.
    expect(job.runner_info.timeout).toBe(5400);
    expect(job.variables).toContainEqual(expect.objectContaining({ key: 'CI_JOB_TIMEOUT', value: '5400' }));
    await finish(job);
  });

  it('lets a job’s own timeout win over the project’s', async () => {
    await api('PUT', '/repository/files/ci%2Fpipeline.yml', {
      branch: 'main',
      content: 'build:\n  timeout: 20 minutes\n  script: echo quick\n',
      commit_message: 'A quicker build',
    });
    const job = await requestJob();
    expect(job.runner_info.timeout).toBe(1200);
    await finish(job);
  });

  it('reads .gitlab-ci.yml again when the path is cleared', async () => {
    await api('PUT', '', { ci_config_path: '' });
    await commit('NOTES.md', 'Back to the default file\n');
    const job = await requestJob();
    expect(job.job_info.name).toBe('ignored');
    await finish(job);
  });
});
