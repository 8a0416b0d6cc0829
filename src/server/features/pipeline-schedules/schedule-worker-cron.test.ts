import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig, waitUntil } from '../../../../test/support/ci';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

type Schedule = { id: number; next_run_at: string | null; last_pipeline: { source: string } | null };

/**
 * The clock, set to a few seconds before 10:19 UTC when a test starts, then runs as real time does:
 * the scheduler's timers are real, and they are set for the instance's worker times.
 */
const clock = {
  offset: 0,
  now() {
    return new Date(Date.now() + this.offset);
  },
  setTo(instant: string) {
    this.offset = new Date(instant).getTime() - Date.now();
  },
};

describe('an instance with its own schedule worker cron (PIPELINE_SCHEDULE_WORKER_CRON)', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  const url = (path = '') => `/api/v4/projects/${project.project.id}/pipeline_schedules${path}`;

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { PIPELINE_SCHEDULE_WORKER_CRON: '19 * * * *' } });
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await commitCiConfig(t.app, owner, project.project.id, 'nightly:\n  script: [echo nightly]\n');
  });
  afterAll(() => t.close());

  const create = async (cron: string) => {
    const created = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: owner.headers,
      payload: { description: `at ${cron}`, ref: 'main', cron, cron_timezone: 'UTC' },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<Schedule>();
  };

  it('rounds next_run_at to that worker’s runs, not GitLab’s default minute 3 of every ten', async () => {
    clock.setTo('2026-11-29T09:46:00Z');
    // 01:00 is not a worker run: the worker's first run after it, at minute 19.
    expect((await create('0 1 * * *')).next_run_at).toBe('2026-11-30T01:19:00.000Z');
    // Every five minutes cannot run more often than the worker: its next run, at 10:19.
    expect((await create('*/5 * * * *')).next_run_at).toBe('2026-11-29T10:19:00.000Z');
  });

  it('sweeps at the worker’s run and starts the schedule due then; its next run is the worker’s next', async () => {
    clock.setTo('2026-11-29T10:18:56Z');
    const every = await create('* * * * *');
    expect(every.next_run_at).toBe('2026-11-29T10:19:00.000Z');
    const errors: unknown[] = [];
    const stop = t.container.pipelineScheduler.start((error) => errors.push(error));
    try {
      const ran = await waitUntil(
        async () =>
          (await t.app.inject({ url: url(`/${every.id}`), headers: owner.headers })).json<Schedule>(),
        (schedule) => schedule.last_pipeline !== null,
        15_000,
      );
      // Started by the worker's 10:19 run, not before.
      expect(clock.now().getTime()).toBeGreaterThanOrEqual(new Date('2026-11-29T10:19:00Z').getTime());
      expect(ran).toMatchObject({
        last_pipeline: { source: 'schedule' },
        next_run_at: '2026-11-29T11:19:00.000Z',
      });
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  }, 30_000);
});
