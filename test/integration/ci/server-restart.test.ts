import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { createContainer } from '../../../src/server/container';
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

describe('the server restarted while a job runs', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let port: number;
  let owner: TestUser;
  let project: ProjectContext;
  let runner: RunnerProcess;

  const get = async <T>(url: string): Promise<T> =>
    (
      await app.inject({ url: `/api/v4/projects/${project.project.id}${url}`, headers: owner.headers })
    ).json<T>();

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    app = t.app;
    const baseUrl = await t.listen();
    port = Number(new URL(baseUrl).port);
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    runner = startRunnerProcess({
      url: baseUrl,
      token: await instanceRunnerToken(t.container),
      concurrent: 1,
    });
    await runner.waitForOutput(/Runner started/);
  });
  afterAll(async () => {
    await runner?.stop();
    if (app !== t.app) await app.close();
    await t.close();
  });

  it('lets the job finish, its log whole, once the server is back', async () => {
    const sha = await pushFiles(baseUrl(), project.fullPath, owner, {
      '.gitlab-ci.yml': [
        'count:',
        '  script:',
        '    - "for i in $(seq 1 40); do echo line $i; sleep 0.15; done"',
      ].join('\n'),
    });
    const [pipeline] = await waitUntil(
      () => get<Array<{ id: number }>>(`/pipelines?sha=${sha}`),
      (pipelines) => pipelines.length > 0,
    );
    const [job] = await waitUntil(
      () => get<Array<{ id: number; status: string }>>(`/pipelines/${pipeline!.id}/jobs`),
      (jobs) => jobs[0]?.status === 'running',
    );
    await waitUntil(
      async () =>
        (
          await app.inject({
            url: `/api/v4/projects/${project.project.id}/jobs/${job!.id}/trace`,
            headers: owner.headers,
          })
        ).body,
      (log) => log.includes('line 3\n'),
    );

    // The process stops: requests in flight end, the port closes; the database stays.
    await t.app.close();
    await delay(2500);
    const container = createContainer(t.deps);
    app = await buildApp(t.deps, { container });
    await app.listen({ port, host: '127.0.0.1' });

    const [finished] = await waitUntil(
      () => get<Array<{ id: number; status: string }>>(`/pipelines/${pipeline!.id}/jobs`),
      (jobs) => FINISHED.includes(jobs[0]!.status),
      60_000,
    );
    expect(finished!.status).toBe('success');
    const log = (
      await app.inject({
        url: `/api/v4/projects/${project.project.id}/jobs/${job!.id}/trace`,
        headers: owner.headers,
      })
    ).body;
    const lines = log.split('\n').filter((line) => /^line \d+$/.test(line));
    expect(lines).toEqual(Array.from({ length: 40 }, (_, index) => `line ${index + 1}`));
    expect(log).toContain('Job succeeded');
  });

  const baseUrl = () => `http://127.0.0.1:${port}`;
});
