import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceAssignment } from '../../src/server/features/pipelines/resource-assignment';
import { commitCiConfig, waitUntil } from '../support/ci';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

type Job = { id: number; name: string; status: string; pipeline: { id: number } };

/**
 * Two app processes on one PostgreSQL database hand a resource group's resource on at once: the
 * resource's row lock lets one of them give it to one waiting job, never to two.
 */
describe('resource groups across two app processes', () => {
  let first: TestApp;
  let second: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    first = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '1' } });
    second = await createTestApp({ shareWith: first, env: { RUNNER_LONG_POLL_SECONDS: '1' } });
    admin = await buildUser(first.container, { admin: true });
  });
  afterAll(async () => {
    await second?.container.jobs.stop();
    await first?.container.jobs.stop();
    await second?.close();
    await first?.close();
  });

  it('gives a freed resource to one waiting job when both processes hand it on', async () => {
    const project = await buildProject(first.container, admin);
    const url = `/api/v4/projects/${project.project.id}`;
    const api = (app: TestApp, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      app.app.inject({
        method,
        url: `${url}${path}`,
        headers: admin.headers,
        ...(payload ? { payload } : {}),
      });
    const token = (
      await first.app.inject({
        method: 'POST',
        url: '/api/v4/user/runners',
        headers: admin.headers,
        payload: { runner_type: 'instance_type', run_untagged: true },
      })
    ).json<{ token: string }>().token;
    const deploys = async () =>
      (await api(first, 'GET', '/jobs?per_page=100')).json<Job[]>().filter((job) => job.name === 'deploy');

    await commitCiConfig(
      first.app,
      admin,
      project.project.id,
      'deploy:\n  resource_group: production\n  script: [echo deploy]',
    );
    // The pushed pipeline's deploy takes the resource (a hand-over run here by hand).
    const handOver = [first, second].map(
      (app) =>
        createResourceAssignment({ db: app.deps.database.db, bus: app.deps.bus, clock: app.deps.clock })
          .assign,
    );
    const group = (await api(first, 'GET', '/resource_groups/production')).json<{ id: number }>().id;
    await handOver[0]!(group);
    const taken = (
      await first.app.inject({ method: 'POST', url: '/api/v4/jobs/request', payload: { token } })
    ).json<{ id: number; token: string }>();
    for (const app of [first, second]) await api(app, 'POST', '/pipeline', { ref: 'main' });
    await waitUntil(
      deploys,
      (jobs) => jobs.filter((job) => job.status === 'waiting_for_resource').length === 2,
    );

    await first.app.inject({
      method: 'PUT',
      url: `/api/v4/jobs/${taken.id}`,
      payload: { token: taken.token, state: 'success' },
    });
    await Promise.all([0, 1, 0, 1, 0, 1].map((which) => handOver[which]!(group)));

    const statuses = (await deploys()).map((job) => job.status).sort();
    expect(statuses).toEqual(['pending', 'success', 'waiting_for_resource']);
  });
});
