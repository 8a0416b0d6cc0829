import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addGroupMember,
  addProjectMember,
  buildProject,
  buildUser,
  type TestUser,
} from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { RunnersPage } from '../../../shared/api/runnerPages';
import type { ProjectContext } from '../projects/projects.service';

describe('runners pages JSON (GET /-/runners.json)', () => {
  let t: TestApp;
  let admin: TestUser;
  let maintainer: TestUser;
  let developer: TestUser;
  let project: ProjectContext;
  let projectRunner: number;
  let instanceRunner: number;

  const page = (user: TestUser | undefined, query: string) =>
    t.app.inject({ method: 'GET', url: `/-/runners.json?${query}`, headers: user?.headers });

  async function createRunner(user: TestUser, body: object): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user/runners',
      headers: user.headers,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.container, { admin: true });
    maintainer = await buildUser(t.container);
    developer = await buildUser(t.container);
    project = await buildProject(t.container, maintainer);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    projectRunner = await createRunner(maintainer, {
      runner_type: 'project_type',
      project_id: project.project.id,
      description: 'builder',
      tag_list: 'docker,linux',
      maximum_timeout: 3600,
    });
    instanceRunner = await createRunner(admin, { runner_type: 'instance_type', description: 'shared' });
  });
  afterAll(() => t.close());

  it("shows a project's Maintainers its runners with tags and last contact, and the instance's read only", async () => {
    const response = await page(maintainer, `owner_type=project&owner=${project.fullPath}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<RunnersPage>();
    expect(body.owner_id).toBe(project.project.id);
    expect(body.isolation).toBeNull();
    expect(body.runners.map((r) => [r.id, r.runner_type, r.can_manage])).toEqual([
      [projectRunner, 'project_type', true],
      [instanceRunner, 'instance_type', false],
    ]);
    expect(body.runners[0]).toMatchObject({
      description: 'builder',
      status: 'never_contacted',
      paused: false,
      tag_list: ['docker', 'linux'],
      maximum_timeout: 3600,
      contacted_at: null,
    });
  });

  it('refuses a Developer the project page and the runner creation', async () => {
    expect((await page(developer, `owner_type=project&owner=${project.fullPath}`)).statusCode).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user/runners',
      headers: developer.headers,
      payload: { runner_type: 'project_type', project_id: project.project.id },
    });
    expect(created.statusCode).toBe(403);
  });

  it('gives the admin page to administrators only, with how jobs are isolated', async () => {
    expect((await page(maintainer, 'owner_type=instance')).statusCode).toBe(403);
    expect((await page(undefined, 'owner_type=instance')).statusCode).toBe(401);
    const response = await page(admin, 'owner_type=instance&per_page=1&page=2');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total']).toBe('2');
    const body = response.json<RunnersPage>();
    expect(body.total).toBe(2);
    expect(body.runners.map((r) => r.id)).toEqual([instanceRunner]);
    // Tests start no runner of their own: the page says what the server would run.
    expect(body.isolation).toMatch(/runner/);
  });

  it('filters by status: a paused runner under Paused, none under Online', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/v4/runners/${projectRunner}`,
      headers: maintainer.headers,
      payload: { paused: true },
    });
    const paused = await page(admin, 'owner_type=instance&status=paused');
    expect(paused.json<RunnersPage>().runners.map((r) => r.id)).toEqual([projectRunner]);
    expect((await page(admin, 'owner_type=instance&status=online')).json<RunnersPage>().total).toBe(0);
  });

  it("gives a group's page to its Owners, not its Maintainers", async () => {
    const group = await t.container.groups.createGroup(maintainer, { name: 'Fleet', path: 'fleet' });
    await addGroupMember(t.container, group, developer, ACCESS_LEVELS.maintainer);
    const groupRunner = await createRunner(maintainer, {
      runner_type: 'group_type',
      group_id: group.group.id,
    });
    const owned = await page(maintainer, 'owner_type=group&owner=fleet');
    expect(owned.statusCode, owned.body).toBe(200);
    expect(owned.json<RunnersPage>()).toMatchObject({ owner_id: group.group.id, total: 1 });
    expect(owned.json<RunnersPage>().runners[0]).toMatchObject({ id: groupRunner, can_manage: true });
    expect((await page(developer, 'owner_type=group&owner=fleet')).statusCode).toBe(403);
  });

  it('switches scope by type, on the page as on GET /runners/all; an unknown type is a 400', async () => {
    const ids = async (query: string) => {
      const response = await page(admin, `owner_type=instance&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RunnersPage>().runners.map((r) => [r.id, r.runner_type]);
    };
    const rest = async (query: string) => {
      const response = await t.app.inject({ url: `/api/v4/runners/all?${query}`, headers: admin.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Array<{ id: number; runner_type: string }>>().map((r) => [r.id, r.runner_type]);
    };
    const all = await ids('');
    const kinds = ['instance_type', 'group_type', 'project_type'];
    expect(new Set(all.map(([, type]) => type))).toEqual(new Set(kinds));
    for (const type of kinds) {
      const only = all.filter(([, runnerType]) => runnerType === type);
      expect(only.length).toBeGreaterThan(0);
      expect(await ids(`type=${type}`)).toEqual(only);
      expect(await rest(`type=${type}`)).toEqual(expect.arrayContaining(only));
      expect((await rest(`type=${type}`)).every(([, runnerType]) => runnerType === type)).toBe(true);
    }
    // With a status: the paused project runner only.
    expect(await ids('type=project_type&status=paused')).toEqual([[projectRunner, 'project_type']]);
    expect(await ids('type=instance_type&status=paused')).toEqual([]);
    // A project's page: its own runners, or the instance's it may use.
    const projectPage = await page(
      maintainer,
      `owner_type=project&owner=${project.fullPath}&type=instance_type`,
    );
    expect(projectPage.json<RunnersPage>().runners.map((r) => r.id)).toEqual([instanceRunner]);
    const bad = await page(admin, 'owner_type=instance&type=shared');
    expect(bad.statusCode).toBe(400);
    const badRest = await t.app.inject({ url: '/api/v4/runners/all?type=shared', headers: admin.headers });
    expect(badRest.statusCode).toBe(400);
  });
});
