import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig } from '../support/ci';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';

/** One clock for both processes, moved by hand: "now" for each scheduler. */
const clock = {
  at: new Date('2026-11-29T09:46:00Z'),
  now() {
    return new Date(this.at);
  },
};

type Schedule = { id: number; next_run_at: string; last_pipeline: { id: number; source: string } | null };

/**
 * Two app processes on one PostgreSQL database, both sweeping for due schedules, as every process
 * of a deployment does: each due run starts one pipeline, whichever process takes it. On PGlite
 * (one connection) the race cannot happen; here each process has its own pool.
 */
describe('pipeline schedules swept by two app processes at once', () => {
  let first: TestApp;
  let second: TestApp;
  let owner: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    first = await createTestApp({ clock });
    second = await createTestApp({ shareWith: first, clock });
    owner = await buildUser(first.container);
    project = await buildProject(first.container, owner);
    await commitCiConfig(first.app, owner, project.project.id, 'nightly:\n  script: [echo nightly]\n');
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('starts each due schedule once, however the sweeps of the two processes interleave', async () => {
    const url = `/api/v4/projects/${project.project.id}/pipeline_schedules`;
    const ids: number[] = [];
    for (const description of ['Nightly', 'Hourly', 'Half-hourly', 'Quarterly']) {
      const created = await first.app.inject({
        method: 'POST',
        url,
        headers: owner.headers,
        payload: { description, ref: 'main', cron: '*/30 * * * *', cron_timezone: 'UTC' },
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json<Schedule>().id);
    }
    expect(await first.container.pipelineScheduler.runDue()).toEqual([]);

    clock.at = new Date('2026-11-29T10:03:30Z');
    const runs = (
      await Promise.all([
        first.container.pipelineScheduler.runDue(),
        second.container.pipelineScheduler.runDue(),
        first.container.pipelineScheduler.runDue(),
        second.container.pipelineScheduler.runDue(),
      ])
    ).flat();
    expect(runs.map((run) => run.scheduleId).sort()).toEqual([...ids].sort());
    expect(runs.every((run) => run.outcome === 'created')).toBe(true);

    for (const id of ids) {
      const pipelines = await second.app.inject({ url: `${url}/${id}/pipelines`, headers: owner.headers });
      expect(pipelines.json<Array<{ source: string }>>()).toEqual([
        expect.objectContaining({ source: 'schedule' }),
      ]);
      const schedule = await second.app.inject({ url: `${url}/${id}`, headers: owner.headers });
      expect(schedule.json<Schedule>().next_run_at).toBe('2026-11-29T10:33:00.000Z');
    }
    const again = await Promise.all([
      first.container.pipelineScheduler.runDue(),
      second.container.pipelineScheduler.runDue(),
    ]);
    expect(again.flat()).toEqual([]);
  });
});
