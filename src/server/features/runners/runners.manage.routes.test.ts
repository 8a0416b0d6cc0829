import { eq } from 'drizzle-orm';
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
import { ciRunners } from '../../db/schema';
import type { ProjectContext } from '../projects/projects.service';

type RunnerJson = { id: number; status: string; paused: boolean; runner_type: string; description: string };

describe('runners REST for people', () => {
  let t: TestApp;
  let admin: TestUser;
  let maintainer: TestUser;
  let developer: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let second: ProjectContext;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url: `/api/v4${url}`, headers: user?.headers, payload });

  async function createRunner(user: TestUser, body: object): Promise<number> {
    const response = await api('POST', '/user/runners', user, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  }

  let projectRunner: number;
  let instanceRunner: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.container, { admin: true });
    maintainer = await buildUser(t.container);
    developer = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, maintainer);
    second = await buildProject(t.container, maintainer);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    projectRunner = await createRunner(maintainer, {
      runner_type: 'project_type',
      project_id: project.project.id,
      description: 'builder',
      tag_list: 'docker,linux',
    });
    instanceRunner = await createRunner(admin, { runner_type: 'instance_type', description: 'shared' });
  });
  afterAll(() => t.close());

  it("lists a Maintainer's project runners at GET /runners, never the instance's", async () => {
    const response = await api('GET', '/runners', maintainer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total']).toBe('1');
    expect(response.json()).toEqual([
      {
        id: projectRunner,
        description: 'builder',
        ip_address: null,
        active: true,
        paused: false,
        is_shared: false,
        runner_type: 'project_type',
        name: null,
        online: false,
        status: 'never_contacted',
      },
    ]);
    expect((await api('GET', '/runners', developer)).json()).toEqual([]);
  });

  it('filters by type, status, paused and tags', async () => {
    const ids = async (query: string) =>
      (await api('GET', `/runners/all?${query}`, admin)).json<RunnerJson[]>().map((runner) => runner.id);
    expect(await ids('type=instance_type')).toContain(instanceRunner);
    expect(await ids('type=instance_type')).not.toContain(projectRunner);
    expect(await ids('tag_list=docker')).toEqual([projectRunner]);
    expect(await ids('tag_list=docker,gpu')).toEqual([]);
    expect(await ids('status=never_contacted')).toEqual(
      expect.arrayContaining([projectRunner, instanceRunner]),
    );
    expect(await ids('status=online')).toEqual([]);
    expect(await ids('paused=true')).toEqual([]);
    expect((await api('GET', '/runners/all?scope=sideways', admin)).statusCode).toBe(400);
  });

  it('keeps /runners/all for administrators', async () => {
    const response = await api('GET', '/runners/all', maintainer);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: '403 Forbidden' });
    expect((await api('GET', '/runners/all')).statusCode).toBe(401);
  });

  it('shows the details of a runner to its Maintainer, not to a Developer', async () => {
    const response = await api('GET', `/runners/${projectRunner}`, maintainer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: projectRunner,
      tag_list: ['docker', 'linux'],
      run_untagged: true,
      locked: false,
      access_level: 'not_protected',
      maximum_timeout: null,
      contacted_at: null,
      projects: [{ id: project.project.id, path_with_namespace: project.fullPath }],
      groups: [],
    });
    const denied = await api('GET', `/runners/${projectRunner}`, developer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: '403 Forbidden - No access granted' });
    expect((await api('GET', `/runners/${instanceRunner}`, developer)).statusCode).toBe(200);
    const missing = await api('GET', '/runners/999999', maintainer);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: '404 Runner Not Found' });
  });

  it('updates the settings for its Maintainer; a Developer and bad input change nothing', async () => {
    const denied = await api('PUT', `/runners/${projectRunner}`, developer, { description: 'mine now' });
    expect(denied.statusCode).toBe(403);
    const bad = await api('PUT', `/runners/${projectRunner}`, maintainer, {
      description: 'never',
      maximum_timeout: 5,
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.container.db.select().from(ciRunners).where(eq(ciRunners.id, projectRunner));
    expect(row?.description).toBe('builder');

    const response = await api('PUT', `/runners/${projectRunner}`, maintainer, {
      description: 'big builder',
      paused: true,
      tag_list: ['gpu'],
      run_untagged: false,
      locked: true,
      access_level: 'ref_protected',
      maximum_timeout: 3600,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      description: 'big builder',
      paused: true,
      active: false,
      tag_list: ['gpu'],
      run_untagged: false,
      locked: true,
      access_level: 'ref_protected',
      maximum_timeout: 3600,
    });
    await api('PUT', `/runners/${projectRunner}`, maintainer, { locked: false, paused: false });
  });

  it("enables a project runner in another of the Maintainer's projects, and disables it but from its last", async () => {
    const forDeveloper = await api('POST', `/projects/${project.project.id}/runners`, developer, {
      runner_id: projectRunner,
    });
    expect(forDeveloper.statusCode).toBe(403);

    const enabled = await api('POST', `/projects/${second.project.id}/runners`, maintainer, {
      runner_id: projectRunner,
    });
    expect(enabled.statusCode, enabled.body).toBe(201);
    expect(enabled.json()).toMatchObject({ id: projectRunner, runner_type: 'project_type' });
    const listed = await api('GET', `/projects/${second.project.id}/runners?type=project_type`, maintainer);
    expect(listed.json<RunnerJson[]>().map((runner) => runner.id)).toEqual([projectRunner]);
    const withInstance = await api('GET', `/projects/${second.project.id}/runners`, maintainer);
    expect(withInstance.json<RunnerJson[]>().map((runner) => runner.id)).toContain(instanceRunner);

    const twice = await api('DELETE', `/runners/${projectRunner}`, maintainer);
    expect(twice.statusCode).toBe(403);
    expect(twice.json()).toEqual({ message: '403 Forbidden - Runner associated with more than one project' });

    const disabled = await api(
      'DELETE',
      `/projects/${second.project.id}/runners/${projectRunner}`,
      maintainer,
    );
    expect(disabled.statusCode).toBe(204);
    const last = await api('DELETE', `/projects/${project.project.id}/runners/${projectRunner}`, maintainer);
    expect(last.statusCode).toBe(403);
    expect(last.json()).toEqual({
      message:
        '403 Forbidden - Only one project associated with the runner. Please remove the runner instead',
    });
  });

  it('deletes a runner for its Maintainer only', async () => {
    expect((await api('DELETE', `/runners/${projectRunner}`, developer)).statusCode).toBe(403);
    expect((await api('DELETE', `/runners/${instanceRunner}`, stranger)).statusCode).toBe(403);
    expect((await api('DELETE', `/runners/${projectRunner}`, maintainer)).statusCode).toBe(204);
    expect((await api('GET', `/runners/${projectRunner}`, maintainer)).statusCode).toBe(404);
  });

  it("lists a group's runners for its Owners, not its Maintainers", async () => {
    const group = await t.container.groups.createGroup(maintainer, { name: 'Fleet', path: 'fleet' });
    await addGroupMember(t.container, group, developer, ACCESS_LEVELS.maintainer);
    const groupRunner = await createRunner(maintainer, {
      runner_type: 'group_type',
      group_id: group.group.id,
    });
    const listed = await api('GET', `/groups/${group.group.id}/runners`, maintainer);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<RunnerJson[]>().map((runner) => [runner.id, runner.runner_type])).toEqual([
      [groupRunner, 'group_type'],
    ]);
    expect((await api('GET', `/groups/${group.group.id}/runners`, developer)).statusCode).toBe(403);
    const details = await api('GET', `/runners/${groupRunner}`, maintainer);
    expect(details.json()).toMatchObject({ groups: [{ id: group.group.id, name: 'Fleet' }], projects: [] });
  });
});
