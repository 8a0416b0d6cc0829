import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import {
  commitCiConfig,
  instanceRunnerToken,
  startRunnerProcess,
  waitUntil,
  type RunnerProcess,
} from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type PipelineJson = { id: number; status: string; sha: string };

const slowJob = (interruptible: boolean) =>
  ['slow:', `  interruptible: ${interruptible}`, '  script:', '    - sleep 30'].join('\n');

describe('auto-cancel of redundant pipelines (auto_cancel_pending_pipelines)', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let runner: RunnerProcess;

  const url = (path: string) => `/api/v4/projects/${project.project.id}${path}`;
  const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
    t.app.inject({ method, url: url(path), headers: owner.headers, payload });
  const pipeline = async (id: number) => (await call('GET', `/pipelines/${id}`)).json<PipelineJson>();
  const latestOf = async (ref: string) =>
    (await call('GET', `/pipelines?ref=${ref}`)).json<PipelineJson[]>()[0]!;

  /** Pushes `config` on `branch` and waits for its pipeline's job to run. */
  async function runningOn(branch: string, config: string): Promise<PipelineJson> {
    const sha = await commitCiConfig(t.app, owner, project.project.id, config, branch, `Run on ${branch}`);
    const first = await waitUntil(
      () => latestOf(branch),
      (found) => found?.sha === sha,
    );
    return waitUntil(
      () => pipeline(first.id),
      (found) => found.status === 'running',
    );
  }

  /** A second push to `branch`: its new pipeline, once created. */
  async function pushAgain(branch: string, config: string): Promise<PipelineJson> {
    const sha = await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      `${config}\n# again\n`,
      branch,
      'Again',
    );
    return waitUntil(
      () => latestOf(branch),
      (found) => found?.sha === sha,
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    const baseUrl = await t.listen();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    runner = startRunnerProcess({
      url: baseUrl,
      token: await instanceRunnerToken(t.container),
      concurrent: 4,
    });
    await runner.waitForOutput(/Runner started/);
  });
  afterAll(async () => {
    await runner?.stop();
    await t.close();
  });

  it('is enabled by default, as GitLab has it', async () => {
    expect((await call('GET', '')).json()).toMatchObject({ auto_cancel_pending_pipelines: 'enabled' });
  });

  it('cancels an older pipeline of the branch whose running jobs are all interruptible', async () => {
    const older = await runningOn('interruptible', slowJob(true));
    const newer = await pushAgain('interruptible', slowJob(true));
    expect(newer.id).not.toBe(older.id);
    await waitUntil(
      () => pipeline(older.id),
      (found) => found.status === 'canceled',
    );
    const jobs = (await call('GET', `/pipelines/${older.id}/jobs?include_retried=true`)).json<
      Array<{ status: string }>
    >();
    expect(jobs.map((job) => job.status)).toEqual(['canceled']);
    expect((await pipeline(newer.id)).status).not.toBe('canceled');
    await call('POST', `/pipelines/${newer.id}/cancel`);
  });

  it('keeps an older pipeline that started a job that is not interruptible', async () => {
    const older = await runningOn('deploy', slowJob(false));
    const newer = await pushAgain('deploy', slowJob(false));
    expect(newer.id).not.toBe(older.id);
    expect((await pipeline(older.id)).status).toBe('running');
    await call('POST', `/pipelines/${older.id}/cancel`);
    await call('POST', `/pipelines/${newer.id}/cancel`);
  });

  it('keeps every pipeline when the project turns it off', async () => {
    const off = await call('PUT', '', { auto_cancel_pending_pipelines: 'disabled' });
    expect(off.json()).toMatchObject({ auto_cancel_pending_pipelines: 'disabled' });
    try {
      const older = await runningOn('kept', slowJob(true));
      const newer = await pushAgain('kept', slowJob(true));
      expect(newer.id).not.toBe(older.id);
      expect((await pipeline(older.id)).status).toBe('running');
      await call('POST', `/pipelines/${older.id}/cancel`);
      await call('POST', `/pipelines/${newer.id}/cancel`);
    } finally {
      await call('PUT', '', { auto_cancel_pending_pipelines: 'enabled' });
    }
  });
});
