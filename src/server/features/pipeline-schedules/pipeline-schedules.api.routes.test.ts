import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { commitCiConfig } from '../../../../test/support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

const CONFIG = ['nightly:', '  script: [echo "$NIGHTLY_TARGET"]'].join('\n');

/** A clock the test moves by hand (the scheduler's "now"). */
const clock = {
  at: new Date('2026-11-29T09:46:00Z'),
  now() {
    return new Date(this.at);
  },
};

type Schedule = {
  id: number;
  description: string;
  ref: string;
  cron: string;
  cron_timezone: string;
  next_run_at: string | null;
  active: boolean;
  owner: { username: string } | null;
  last_pipeline: { id: number; source: string } | null;
  variables: Array<{ key: string; value: string; variable_type: string }>;
};

describe('pipeline schedules: GitLab’s API, roles, cron in a time zone, one run per due time', () => {
  let t: TestApp;
  let owner: TestUser;
  let maintainer: TestUser;
  let developer: TestUser;
  let other: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;

  const url = (path = '') => `/api/v4/projects/${project.project.id}/pipeline_schedules${path}`;
  const send = (user: TestUser, method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, payload?: object) =>
    t.app.inject({ method, url: path, headers: user.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    owner = await buildUser(t.container);
    maintainer = await buildUser(t.container);
    developer = await buildUser(t.container);
    other = await buildUser(t.container);
    reporter = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, maintainer, ACCESS_LEVELS.maintainer);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, other, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG);
  });
  afterAll(() => t.close());

  it('lets a Developer create a schedule: next_run_at follows the cron rule in its time zone, on a worker run', async () => {
    const created = await send(developer, 'POST', url(), {
      description: 'Nightly build',
      ref: 'main',
      cron: '0 9 * * *',
      cron_timezone: 'Europe/Berlin',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Schedule>()).toMatchObject({
      description: 'Nightly build',
      ref: 'main',
      cron: '0 9 * * *',
      cron_timezone: 'Europe/Berlin',
      // 09:00 in Berlin is 08:00 UTC in November; 09:46 UTC has passed it today. The schedule
      // worker runs at minute 3 of every ten: the schedule starts at its first run after 08:00.
      next_run_at: '2026-11-30T08:03:00.000Z',
      active: true,
      owner: { username: developer.username },
      last_pipeline: null,
      variables: [],
    });
    const listed = await send(reporter, 'GET', url());
    expect(listed.statusCode).toBe(403);
    const mine = await send(developer, 'GET', url());
    expect(mine.json<Schedule[]>().map((s) => s.description)).toContain('Nightly build');
  });

  it('answers GitLab’s validation errors and writes nothing', async () => {
    const bad = await send(developer, 'POST', url(), {
      description: '',
      ref: 'main',
      cron: '61 * * * *',
      cron_timezone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: {
        description: ["can't be blank"],
        cron: [' is invalid syntax'],
        cron_timezone: [' is invalid syntax'],
      },
    });
    const missing = await send(developer, 'POST', url(), { ref: 'main' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'description is missing, cron is missing' });
    const all = await send(developer, 'GET', url());
    expect(all.json<Schedule[]>()).toHaveLength(1);
  });

  it('lets only its owner edit it; a Maintainer takes it over first; Reporters may not make one', async () => {
    const [schedule] = (await send(developer, 'GET', url())).json<Schedule[]>();
    const id = schedule!.id;
    expect((await send(other, 'PUT', url(`/${id}`), { description: 'mine now' })).statusCode).toBe(403);
    expect((await send(maintainer, 'PUT', url(`/${id}`), { description: 'x' })).statusCode).toBe(403);
    expect((await send(other, 'POST', url(`/${id}/take_ownership`))).statusCode).toBe(403);
    expect(
      (await send(reporter, 'POST', url(), { description: 'r', ref: 'main', cron: '* * * * *' })).statusCode,
    ).toBe(403);
    const edited = await send(developer, 'PUT', url(`/${id}`), {
      cron: '*/30 * * * *',
      cron_timezone: 'UTC',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Schedule>().next_run_at).toBe('2026-11-29T10:03:00.000Z');
    const taken = await send(maintainer, 'POST', url(`/${id}/take_ownership`));
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json<Schedule>().owner?.username).toBe(maintainer.username);
    expect((await send(developer, 'PUT', url(`/${id}`), { description: 'back' })).statusCode).toBe(403);
    const renamed = await send(maintainer, 'PUT', url(`/${id}`), { description: 'Half-hourly' });
    expect(renamed.json<Schedule>().description).toBe('Half-hourly');
  });

  it('keeps variables by key for the owner; a taken key is refused', async () => {
    const [schedule] = (await send(maintainer, 'GET', url())).json<Schedule[]>();
    const id = schedule!.id;
    const base = url(`/${id}/variables`);
    const created = await send(maintainer, 'POST', base, { key: 'NIGHTLY_TARGET', value: 'staging' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ key: 'NIGHTLY_TARGET', value: 'staging', variable_type: 'env_var' });
    const again = await send(maintainer, 'POST', base, { key: 'NIGHTLY_TARGET', value: 'x' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: { key: ['has already been taken'] } });
    expect((await send(developer, 'POST', base, { key: 'OTHER', value: 'x' })).statusCode).toBe(403);
    await send(maintainer, 'POST', base, { key: 'GONE', value: 'x' });
    const updated = await send(maintainer, 'PUT', `${base}/NIGHTLY_TARGET`, { value: 'production' });
    expect(updated.json()).toEqual({ key: 'NIGHTLY_TARGET', value: 'production', variable_type: 'env_var' });
    const deleted = await send(maintainer, 'DELETE', `${base}/GONE`);
    expect(deleted.statusCode).toBe(202);
    expect((await send(maintainer, 'DELETE', `${base}/GONE`)).statusCode).toBe(404);
    const read = await send(maintainer, 'GET', url(`/${id}`));
    expect(read.json<Schedule>().variables).toEqual([
      { key: 'NIGHTLY_TARGET', value: 'production', variable_type: 'env_var' },
    ]);
  });

  it('starts a due schedule once, even with two sweeps at once, as source schedule with its variables', async () => {
    {
      const [schedule] = (await send(maintainer, 'GET', url())).json<Schedule[]>();
      const id = schedule!.id;
      expect(await t.container.pipelineScheduler.runDue()).toEqual([]);
      clock.at = new Date('2026-11-29T10:03:30Z');
      const runs = (
        await Promise.all([t.container.pipelineScheduler.runDue(), t.container.pipelineScheduler.runDue()])
      ).flat();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ scheduleId: id, outcome: 'created' });
      const read = (await send(maintainer, 'GET', url(`/${id}`))).json<Schedule>();
      expect(read.next_run_at).toBe('2026-11-29T10:33:00.000Z');
      expect(read.last_pipeline).toMatchObject({ source: 'schedule' });
      const pipelines = await send(maintainer, 'GET', url(`/${id}/pipelines`));
      expect(pipelines.json<Array<{ id: number; source: string }>>()).toEqual([
        expect.objectContaining({ id: read.last_pipeline!.id, source: 'schedule' }),
      ]);
      const { pipeline } = await t.container.pipelines.get(
        maintainer,
        String(project.project.id),
        read.last_pipeline!.id,
      );
      expect(pipeline.pipeline.variables).toEqual([
        { key: 'NIGHTLY_TARGET', value: 'production', variable_type: 'env_var' },
      ]);
      expect(pipeline.user?.username).toBe(maintainer.username);
      expect(await t.container.pipelineScheduler.runDue()).toEqual([]);
    }
  });

  it('plays a schedule now as the caller; inactive schedules are not started by the scheduler', async () => {
    const [schedule] = (await send(maintainer, 'GET', url())).json<Schedule[]>();
    const id = schedule!.id;
    const played = await send(maintainer, 'POST', url(`/${id}/play`));
    expect(played.statusCode, played.body).toBe(201);
    expect(played.json()).toEqual({ message: '201 Created' });
    // main is protected: a Developer may not run its pipelines, nor a Reporter any.
    expect((await send(developer, 'POST', url(`/${id}/play`))).statusCode).toBe(403);
    expect((await send(reporter, 'POST', url(`/${id}/play`))).statusCode).toBe(403);
    const pipelines = (await send(maintainer, 'GET', url(`/${id}/pipelines?sort=desc`))).json<
      Array<{ source: string }>
    >();
    expect(pipelines).toHaveLength(2);
    await send(maintainer, 'PUT', url(`/${id}`), { active: false });
    expect((await send(maintainer, 'GET', url('?scope=inactive'))).json<Schedule[]>()).toHaveLength(1);
    expect((await send(maintainer, 'GET', url('?scope=active'))).json<Schedule[]>()).toHaveLength(0);
    clock.at = new Date('2026-11-29T11:00:30Z');
    expect(await t.container.pipelineScheduler.runDue()).toEqual([]);
  });

  it('takes Rails’ time zone names as GitLab does, keeping the name as given; an unknown one writes nothing', async () => {
    const created = await send(other, 'POST', url(), {
      description: 'West coast morning',
      ref: 'main',
      cron: '0 6 * * *',
      cron_timezone: 'Pacific Time (US & Canada)',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Schedule>().id;
    // 06:00 in Los Angeles is 14:00 UTC in November; the worker starts it at 14:03.
    expect(created.json<Schedule>()).toMatchObject({
      cron_timezone: 'Pacific Time (US & Canada)',
      next_run_at: expect.stringMatching(/T14:03:00\.000Z$/),
    });
    const moved = await send(other, 'PUT', url(`/${id}`), { cron_timezone: 'Eastern Time (US & Canada)' });
    expect(moved.json<Schedule>()).toMatchObject({
      cron_timezone: 'Eastern Time (US & Canada)',
      next_run_at: expect.stringMatching(/T11:03:00\.000Z$/),
    });
    const utc = await send(other, 'PUT', url(`/${id}`), { cron_timezone: 'UTC' });
    expect(utc.json<Schedule>().next_run_at).toMatch(/T06:03:00\.000Z$/);
    const bad = await send(other, 'PUT', url(`/${id}`), { cron_timezone: 'Pacific Time' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: { cron_timezone: [' is invalid syntax'] } });
    const refused = await send(other, 'POST', url(), {
      description: 'Nowhere',
      ref: 'main',
      cron: '0 6 * * *',
      cron_timezone: 'Central Time',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: { cron_timezone: [' is invalid syntax'] } });
    const kept = (await send(other, 'GET', url(`/${id}`))).json<Schedule>();
    expect(kept.cron_timezone).toBe('UTC');
    const all = (await send(maintainer, 'GET', url())).json<Schedule[]>();
    expect(all.map((s) => s.description)).not.toContain('Nowhere');
    expect((await send(maintainer, 'DELETE', url(`/${id}`))).statusCode).toBe(204);
  });

  it('lets a Maintainer delete another’s schedule; a Developer who does not own it may not', async () => {
    const created = await send(other, 'POST', url(), { description: 'Weekly', ref: 'main', cron: '@weekly' });
    const id = created.json<Schedule>().id;
    expect((await send(developer, 'DELETE', url(`/${id}`))).statusCode).toBe(403);
    expect((await send(maintainer, 'DELETE', url(`/${id}`))).statusCode).toBe(204);
    expect((await send(maintainer, 'GET', url(`/${id}`))).statusCode).toBe(404);
  });
});
