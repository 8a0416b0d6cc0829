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
type BridgeJson = { name: string; status: string; downstream_pipeline: PipelineJson | null };

/** A parent whose interruptible job runs beside a bridge to a child pipeline whose job runs too. */
const withChild = (strategy: string, extra: string[] = []) =>
  [
    ...extra,
    'slow:',
    '  interruptible: true',
    '  script:',
    '    - sleep 30',
    'child:',
    '  trigger:',
    '    include: ci/child.yml',
    ...(strategy ? [`    strategy: ${strategy}`] : []),
  ].join('\n');

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
  /** The newest pipeline a push made on `ref`: a child pipeline shares its ref and commit. */
  const latestOf = async (ref: string) =>
    (await call('GET', `/pipelines?ref=${ref}`))
      .json<Array<PipelineJson & { source: string }>>()
      .find((found) => found.source !== 'parent_pipeline')!;

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

  /** The child pipeline the `child` bridge of `pipelineId` created, once its job runs. */
  async function runningChild(pipelineId: number): Promise<PipelineJson> {
    const bridges = await waitUntil(
      async () => (await call('GET', `/pipelines/${pipelineId}/bridges`)).json<BridgeJson[]>(),
      (found) => found.some((bridge) => bridge.downstream_pipeline),
    );
    const child = bridges[0]!.downstream_pipeline!;
    return waitUntil(
      () => pipeline(child.id),
      (found) => found.status === 'running',
    );
  }

  const jobStatuses = async (id: number) =>
    (await call('GET', `/pipelines/${id}/jobs`))
      .json<Array<{ name: string; status: string }>>()
      .map((job): [string, string] => [job.name, job.status]);

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    t.container.jobs.start((error) => console.error(error));
    const baseUrl = await t.listen();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    // The child pipelines' configurations, on the default branch every test branch starts from.
    for (const [file, interruptible] of [
      ['ci/child.yml', true],
      ['ci/deploy-child.yml', false],
    ] as const) {
      const added = await call('POST', `/repository/files/${encodeURIComponent(file)}`, {
        branch: 'main',
        commit_message: `add ${file}`,
        content: ['child-job:', `  interruptible: ${interruptible}`, '  script:', '    - sleep 30'].join(
          '\n',
        ),
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    runner = startRunnerProcess({
      url: baseUrl,
      token: await instanceRunnerToken(t.container),
      concurrent: 8,
    });
    await runner.waitForOutput(/Runner started/);
  });
  afterAll(async () => {
    await t?.container.jobs.stop();
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

  it('cancels the older pipeline’s child pipelines with it, and the bridge that waits on one', async () => {
    const older = await runningOn('parent', withChild('depend'));
    const child = await runningChild(older.id);
    const newer = await pushAgain('parent', withChild('depend'));
    for (const id of [older.id, child.id])
      await waitUntil(
        () => pipeline(id),
        (found) => found.status === 'canceled',
      );
    expect(await jobStatuses(child.id)).toEqual([['child-job', 'canceled']]);
    const bridges = (await call('GET', `/pipelines/${older.id}/bridges`)).json<BridgeJson[]>();
    expect(bridges.map((bridge) => [bridge.name, bridge.status])).toEqual([['child', 'canceled']]);
    const newChild = await runningChild(newer.id);
    expect(newChild.id).not.toBe(child.id);
    expect((await pipeline(newer.id)).status).toBe('running');
    await call('POST', `/pipelines/${newer.id}/cancel`);
  });

  it('cancels a child pipeline whose bridge does not wait on it, though its parent has finished its jobs', async () => {
    const older = await runningOn('detached-child', withChild(''));
    const child = await runningChild(older.id);
    await pushAgain('detached-child', withChild(''));
    await waitUntil(
      () => pipeline(child.id),
      (found) => found.status === 'canceled',
    );
    expect(await jobStatuses(child.id)).toEqual([['child-job', 'canceled']]);
    const newer = await latestOf('detached-child');
    await call('POST', `/pipelines/${newer.id}/cancel`);
  });

  it('keeps a child pipeline running a job that is not interruptible, as GitLab judges each pipeline', async () => {
    const config = withChild('').replace('ci/child.yml', 'ci/deploy-child.yml');
    const older = await runningOn('deploy-child', config);
    const child = await runningChild(older.id);
    const newer = await pushAgain('deploy-child', config);
    await waitUntil(
      () => pipeline(older.id),
      (found) => found.status === 'canceled',
    );
    expect((await pipeline(child.id)).status).toBe('running');
    await call('POST', `/pipelines/${child.id}/cancel`);
    await call('POST', `/pipelines/${newer.id}/cancel`);
  });

  const mixed = (mode: string) =>
    [
      'workflow:',
      '  auto_cancel:',
      `    on_new_commit: ${mode}`,
      slowJob(true),
      'deploy:',
      '  interruptible: false',
      '  script:',
      '    - sleep 30',
    ].join('\n');

  it('with on_new_commit: interruptible, cancels the interruptible jobs beside a running deploy', async () => {
    const older = await runningOn('mode-interruptible', mixed('interruptible'));
    await waitUntil(
      () => jobStatuses(older.id),
      (jobs) => jobs.every(([, status]) => status === 'running'),
    );
    const newer = await pushAgain('mode-interruptible', mixed('interruptible'));
    const jobs = await waitUntil(
      () => jobStatuses(older.id),
      (found) => found.some(([, status]) => status === 'canceled'),
    );
    expect(new Map(jobs)).toEqual(
      new Map([
        ['slow', 'canceled'],
        ['deploy', 'running'],
      ]),
    );
    for (const id of [older.id, newer.id]) await call('POST', `/pipelines/${id}/cancel`);
  }, 60_000);

  it('with on_new_commit: none, cancels nothing', async () => {
    const kept = await runningOn('mode-none', mixed('none'));
    const next = await pushAgain('mode-none', mixed('none'));
    expect(next.id).not.toBe(kept.id);
    expect((await pipeline(kept.id)).status).toBe('running');
    expect((await jobStatuses(kept.id)).map(([, status]) => status)).not.toContain('canceled');
    for (const id of [kept.id, next.id]) await call('POST', `/pipelines/${id}/cancel`);
  });

  it('refuses an unknown on_new_commit mode with GitLab’s error', async () => {
    const lint = await call('POST', '/ci/lint', {
      content: ['workflow:', '  auto_cancel:', '    on_new_commit: always', slowJob(true)].join('\n'),
    });
    expect(lint.json()).toMatchObject({
      valid: false,
      errors: ['workflow:auto_cancel on new commit must be one of: conservative, interruptible, none'],
    });
  });
});
