import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig } from '../support/ci';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

type Payload = { id: number; job_info: { name: string } };

/**
 * Two app processes on one PostgreSQL database: runners wait in either, jobs become pending in
 * either. A waiting job request is woken through LISTEN/NOTIFY, and runners asking both processes
 * at once still each get another job.
 */
describe('runners asking two app processes', () => {
  let first: TestApp;
  let second: TestApp;
  let admin: TestUser;

  const runnerToken = async () =>
    (
      await first.app.inject({
        method: 'POST',
        url: '/api/v4/user/runners',
        headers: admin.headers,
        payload: { runner_type: 'instance_type' },
      })
    ).json<{ token: string }>().token;
  const requestJob = (app: TestApp, token: string) =>
    app.app.inject({ method: 'POST', url: '/api/v4/jobs/request', payload: { token } });

  beforeAll(async () => {
    first = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '8' } });
    second = await createTestApp({ shareWith: first, env: { RUNNER_LONG_POLL_SECONDS: '2' } });
    admin = await buildUser(first.container, { admin: true });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('wakes a request waiting in one process when a job is queued in the other', async () => {
    const project = await buildProject(first.container, admin);
    const token = await runnerToken();
    const started = Date.now();
    const waiting = requestJob(first, token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await commitCiConfig(second.app, admin, project.project.id, 'job:\n  script: [echo]');
    const answer = await waiting;
    expect(answer.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(7_000);
  });

  it('hands each job to one runner when runners ask both processes at once', async () => {
    const project = await buildProject(first.container, admin);
    await commitCiConfig(
      first.app,
      admin,
      project.project.id,
      ['a:', 'b:', 'c:', 'd:'].map((job) => `${job}\n  script: [echo]`).join('\n'),
    );
    const tokens = await Promise.all(Array.from({ length: 8 }, () => runnerToken()));
    const answers = await Promise.all(
      tokens.map((token, index) => requestJob(index % 2 ? first : second, token)),
    );
    const taken = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json<Payload>());
    expect(taken.map((job) => job.job_info.name).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(new Set(taken.map((job) => job.id)).size).toBe(4);
  });
});
