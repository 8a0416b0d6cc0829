import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

type MemberJson = { id: number; username: string; access_level: number };

describe('members API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user?.headers, payload });

  const levels = async (url: string, user: TestUser) =>
    (await api('GET', url, user)).json<MemberJson[]>().map((m) => [m.username, m.access_level]);

  async function add(url: string, by: TestUser, user: TestUser, access_level: number) {
    const response = await api('POST', url, by, { user_id: user.id, access_level });
    expect(response.statusCode, response.body).toBe(201);
  }

  /** A private project with an Owner, a Maintainer and a Developer. */
  async function team() {
    const owner = await buildUser(t.container);
    const maintainer = await buildUser(t.container);
    const developer = await buildUser(t.container);
    const newcomer = await buildUser(t.container);
    const project = await buildProject(t.container, owner, { visibility: 'private' });
    const url = `/api/v4/projects/${project.project.id}/members`;
    await add(url, owner, maintainer, 40);
    await add(url, owner, developer, 30);
    return { owner, maintainer, developer, newcomer, project, url };
  }

  describe('project members', () => {
    it('lets a Maintainer add a Developer, answering 201 with GitLab’s member fields', async () => {
      const { maintainer, newcomer, url } = await team();
      const response = await api('POST', url, maintainer, {
        user_id: newcomer.id,
        access_level: 30,
        expires_at: null,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: newcomer.id,
        username: newcomer.username,
        name: newcomer.name,
        state: 'active',
        avatar_url: null,
        web_url: `${t.config.externalUrl}/${newcomer.username}`,
        access_level: 30,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        expires_at: null,
        membership_state: 'active',
        locked: false,
      });
      const one = await api('GET', `${url}/${newcomer.id}`, maintainer);
      expect(one.json()).toEqual(response.json());
    });

    it('adds by username too, and answers 409 for someone already a member', async () => {
      const { owner, developer, newcomer, url } = await team();
      const byName = await api('POST', url, owner, { username: newcomer.username, access_level: '20' });
      expect(byName.statusCode).toBe(201);
      const again = await api('POST', url, owner, { user_id: developer.id, access_level: 40 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'Member already exists' });
    });

    it('lists members highest role first and filters them by query', async () => {
      const { owner, maintainer, developer, url } = await team();
      expect(await levels(url, developer)).toEqual([
        [owner.username, 50],
        [maintainer.username, 40],
        [developer.username, 30],
      ]);
      expect(await levels(`${url}?query=${developer.username.toUpperCase()}`, developer)).toEqual([
        [developer.username, 30],
      ]);
      const page = await api('GET', `${url}?per_page=2`, developer);
      expect(page.headers['x-total']).toBe('3');
      expect(page.headers['x-next-page']).toBe('2');
    });

    it('refuses access levels GitLab does not have, and a missing one, writing nothing', async () => {
      const { owner, newcomer, url } = await team();
      for (const [payload, message] of [
        [{ user_id: newcomer.id, access_level: 35 }, 'access_level does not have a valid value'],
        [{ user_id: newcomer.id, access_level: 60 }, 'access_level does not have a valid value'],
        [{ user_id: newcomer.id }, 'access_level is missing'],
        [{ access_level: 30 }, 'user_id is missing'],
        [
          { user_id: newcomer.id, access_level: 30, expires_at: '2099-01-01' },
          'expires_at is not supported: memberships do not expire',
        ],
      ] as const) {
        const response = await api('POST', url, owner, payload);
        expect([response.statusCode, response.json<{ message: string }>().message]).toEqual([400, message]);
      }
      expect((await api('GET', `${url}/${newcomer.id}`, owner)).statusCode).toBe(404);
      const unknown = await api('POST', url, owner, { user_id: 987654, access_level: 30 });
      expect(unknown.json()).toEqual({ message: '404 User Not Found' });
    });

    it('refuses member changes from Developers with 403 and hides private projects from strangers with 404', async () => {
      const { developer, newcomer, url } = await team();
      expect((await api('POST', url, developer, { user_id: newcomer.id, access_level: 10 })).statusCode).toBe(
        403,
      );
      const stranger = await buildUser(t.container);
      const hidden = await api('GET', url, stranger);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: '404 Project Not Found' });
      expect((await api('GET', url)).statusCode).toBe(404);
    });

    it('grants, changes and removes the Owner role only for Owners', async () => {
      const { owner, maintainer, developer, newcomer, url } = await team();
      const promote = await api('POST', url, maintainer, { user_id: newcomer.id, access_level: 50 });
      expect(promote.statusCode).toBe(403);
      expect((await api('PUT', `${url}/${owner.id}`, maintainer, { access_level: 30 })).statusCode).toBe(403);
      expect((await api('DELETE', `${url}/${owner.id}`, maintainer)).statusCode).toBe(403);
      expect((await api('PUT', `${url}/${developer.id}`, maintainer, { access_level: 50 })).statusCode).toBe(
        403,
      );
      const byOwner = await api('PUT', `${url}/${developer.id}`, owner, { access_level: 50 });
      expect(byOwner.statusCode).toBe(200);
      expect(byOwner.json()).toMatchObject({ id: developer.id, access_level: 50 });
    });

    it('changes a role and removes a member for Maintainers; a removed member loses access', async () => {
      const { maintainer, developer, url, project } = await team();
      const changed = await api('PUT', `${url}/${developer.id}`, maintainer, { access_level: 20 });
      expect(changed.json()).toMatchObject({ access_level: 20 });
      const removed = await api('DELETE', `${url}/${developer.id}`, maintainer);
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      expect((await api('GET', `${url}/${developer.id}`, maintainer)).json()).toEqual({
        message: '404 Member Not Found',
      });
      expect((await api('GET', `/api/v4/projects/${project.project.id}`, developer)).statusCode).toBe(404);
      expect((await api('DELETE', `${url}/${developer.id}`, maintainer)).statusCode).toBe(404);
    });
  });

  describe('inherited members', () => {
    async function groupProject() {
      const owner = await buildUser(t.container);
      const groupMaintainer = await buildUser(t.container);
      const parent = await api('POST', '/api/v4/groups', owner, { name: 'Org', path: `org-${owner.id}` });
      const parentId = parent.json<{ id: number }>().id;
      const child = await api('POST', '/api/v4/groups', owner, {
        name: 'Team',
        path: 'team',
        parent_id: parentId,
      });
      const childId = child.json<{ id: number }>().id;
      await add(`/api/v4/groups/${parentId}/members`, owner, groupMaintainer, 40);
      const created = await api('POST', '/api/v4/projects', owner, { name: 'app', namespace_id: childId });
      const projectId = created.json<{ id: number }>().id;
      return { owner, groupMaintainer, parentId, childId, projectId };
    }

    it('lists members inherited from the project’s groups in /members/all, each at their highest level', async () => {
      const { owner, groupMaintainer, projectId, childId } = await groupProject();
      const url = `/api/v4/projects/${projectId}/members`;
      // The creator is a direct Maintainer of the project and an Owner of its groups.
      expect(await levels(url, owner)).toEqual([[owner.username, 40]]);
      expect(await levels(`${url}/all`, owner)).toEqual([
        [owner.username, 50],
        [groupMaintainer.username, 40],
      ]);
      expect((await api('GET', `${url}/all/${groupMaintainer.id}`, owner)).json()).toMatchObject({
        access_level: 40,
      });
      expect((await api('GET', `${url}/${groupMaintainer.id}`, owner)).statusCode).toBe(404);
      expect(await levels(`/api/v4/groups/${childId}/members/all`, owner)).toEqual([
        [owner.username, 50],
        [groupMaintainer.username, 40],
      ]);
    });

    it('lets inherited Maintainers manage project members, but not below what the user inherits', async () => {
      const { owner, groupMaintainer, projectId, parentId } = await groupProject();
      const url = `/api/v4/projects/${projectId}/members`;
      const developer = await buildUser(t.container);
      await add(url, groupMaintainer, developer, 30);
      const parentDeveloper = await buildUser(t.container);
      await add(`/api/v4/groups/${parentId}/members`, groupMaintainer, parentDeveloper, 30);
      const lower = await api('POST', url, groupMaintainer, {
        user_id: parentDeveloper.id,
        access_level: 20,
      });
      expect(lower.statusCode).toBe(400);
      expect(lower.json()).toEqual({
        message: `access_level should be greater than or equal to Developer inherited membership from group org-${owner.id}`,
      });
      await add(url, groupMaintainer, parentDeveloper, 40);
    });
  });

  describe('group members', () => {
    async function group() {
      const owner = await buildUser(t.container);
      const response = await api('POST', '/api/v4/groups', owner, { name: 'Crew', path: `crew-${owner.id}` });
      return { owner, url: `/api/v4/groups/${response.json<{ id: number }>().id}/members` };
    }

    it('adds, lists, changes and removes group members', async () => {
      const { owner, url } = await group();
      const user = await buildUser(t.container);
      await add(url, owner, user, 10);
      expect(await levels(url, owner)).toEqual([
        [owner.username, 50],
        [user.username, 10],
      ]);
      expect((await api('PUT', `${url}/${user.id}`, owner, { access_level: 40 })).json()).toMatchObject({
        access_level: 40,
      });
      expect((await api('DELETE', `${url}/${user.id}`, owner)).statusCode).toBe(204);
      expect(await levels(url, owner)).toEqual([[owner.username, 50]]);
    });

    it('never leaves a group without an Owner', async () => {
      const { owner, url } = await group();
      const removeLast = await api('DELETE', `${url}/${owner.id}`, owner);
      expect(removeLast.statusCode).toBe(403);
      expect(removeLast.json()).toEqual({ message: 'A group must have at least one owner' });
      const demoteLast = await api('PUT', `${url}/${owner.id}`, owner, { access_level: 40 });
      expect(demoteLast.statusCode).toBe(403);
      expect(await levels(url, owner)).toEqual([[owner.username, 50]]);

      const second = await buildUser(t.container);
      await add(url, owner, second, 50);
      expect((await api('DELETE', `${url}/${owner.id}`, second)).statusCode).toBe(204);
      expect(await levels(url, second)).toEqual([[second.username, 50]]);
    });

    it('lets group Maintainers manage members below Owner, and not Developers', async () => {
      const { owner, url } = await group();
      const maintainer = await buildUser(t.container);
      const developer = await buildUser(t.container);
      const newcomer = await buildUser(t.container);
      await add(url, owner, maintainer, 40);
      await add(url, maintainer, developer, 30);
      expect((await api('POST', url, developer, { user_id: newcomer.id, access_level: 10 })).statusCode).toBe(
        403,
      );
      expect(
        (await api('POST', url, maintainer, { user_id: newcomer.id, access_level: 50 })).statusCode,
      ).toBe(403);
    });
  });
});
