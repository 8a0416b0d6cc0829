import { existsSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildToken, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { projects as projectsTable } from '../../db/schema';
import { commitFiles } from '../../git/commits';
import { defaultBranchOf } from '../../git/branches';

describe('projects API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user?.headers, payload });

  const projectCount = async () => (await t.container.db.select({ n: count() }).from(projectsTable))[0]?.n;

  async function createGroup(owner: TestUser, path: string, visibility = 'private') {
    const response = await api('POST', '/api/v4/groups', owner, { name: path, path, visibility });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number; full_path: string }>();
  }

  async function addGroupMember(groupId: number, owner: TestUser, user: TestUser, access_level: number) {
    const response = await api('POST', `/api/v4/groups/${groupId}/members`, owner, {
      user_id: user.id,
      access_level,
    });
    expect(response.statusCode).toBe(201);
  }

  describe('POST /projects', () => {
    it('creates a project in the caller’s namespace with GitLab’s fields', async () => {
      const owner = await buildUser(t.container);
      const response = await api('POST', '/api/v4/projects', owner, {
        name: 'Shiny Tool',
        description: 'Makes things shine',
        visibility: 'internal',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<Record<string, unknown>>();
      expect(body).toMatchObject({
        name: 'Shiny Tool',
        path: 'shiny-tool',
        path_with_namespace: `${owner.username}/shiny-tool`,
        name_with_namespace: `${owner.name} / Shiny Tool`,
        description: 'Makes things shine',
        visibility: 'internal',
        default_branch: 'main',
        ssh_url_to_repo: null,
        http_url_to_repo: `${t.config.externalUrl}/${owner.username}/shiny-tool.git`,
        web_url: `${t.config.externalUrl}/${owner.username}/shiny-tool`,
        namespace: { kind: 'user', full_path: owner.username, parent_id: null },
        archived: false,
        creator_id: owner.id,
        empty_repo: true,
        readme_url: null,
        permissions: { project_access: { access_level: 50 }, group_access: null },
        merge_method: 'merge',
        only_allow_merge_if_pipeline_succeeds: false,
        only_allow_merge_if_all_discussions_are_resolved: false,
        remove_source_branch_after_merge: true,
        squash_option: 'default_off',
        open_issues_count: 0,
        forks_count: 0,
        star_count: 0,
      });
      expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });

    it('initializes the repository with a README when asked, as a form-encoded client sends it', async () => {
      const owner = await buildUser(t.container);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v4/projects',
        headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=With+Readme&initialize_with_readme=true',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        path: 'with-readme',
        empty_repo: false,
        readme_url: `${t.config.externalUrl}/${owner.username}/with-readme/-/blob/main/README.md`,
      });
    });

    it('refuses a path with .. or / with the path rule, and writes nothing', async () => {
      const owner = await buildUser(t.container);
      const before = await projectCount();
      for (const path of ['..', 'a/b', '-start']) {
        const response = await api('POST', '/api/v4/projects', owner, { name: 'x', path });
        expect(response.statusCode).toBe(400);
        expect(response.json<{ message: string }>().message).toBe(
          "Path can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'",
        );
      }
      expect(await projectCount()).toBe(before);
    });

    it('refuses an unknown visibility and a missing name', async () => {
      const owner = await buildUser(t.container);
      const bad = await api('POST', '/api/v4/projects', owner, { name: 'x', visibility: 'secret' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'visibility does not have a valid value' });
      const missing = await api('POST', '/api/v4/projects', owner, { description: 'no name' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'name or path is missing' });
    });

    it('answers 409 on a path already taken in the namespace, whatever its case', async () => {
      const owner = await buildUser(t.container);
      expect((await api('POST', '/api/v4/projects', owner, { name: 'Dup' })).statusCode).toBe(201);
      const before = await projectCount();
      const again = await api('POST', '/api/v4/projects', owner, { name: 'other', path: 'DUP' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'Path has already been taken' });
      expect(await projectCount()).toBe(before);
    });

    it('asks anonymous callers to sign in and read-only tokens for the api scope', async () => {
      expect((await api('POST', '/api/v4/projects', undefined, { name: 'x' })).json()).toEqual({
        message: '401 Unauthorized',
      });
      const owner = await buildUser(t.container);
      const token = await buildToken(t.container, owner, ['read_api'], 'read');
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/v4/projects',
        headers: { 'private-token': token },
        payload: { name: 'x' },
      });
      expect(write.statusCode).toBe(403);
      const read = await t.app.inject({ url: '/api/v4/projects', headers: { 'private-token': token } });
      expect(read.statusCode).toBe(200);
    });

    it('creates in a group for its Maintainers, refuses its Developers and refuses more visibility than the group', async () => {
      const owner = await buildUser(t.container);
      const developer = await buildUser(t.container);
      const maintainer = await buildUser(t.container);
      const group = await createGroup(owner, `grp-${owner.id}`, 'internal');
      await addGroupMember(group.id, owner, developer, 30);
      await addGroupMember(group.id, owner, maintainer, 40);

      const refused = await api('POST', '/api/v4/projects', developer, { name: 'p', namespace_id: group.id });
      expect(refused.statusCode).toBe(403);
      const tooOpen = await api('POST', '/api/v4/projects', maintainer, {
        name: 'p',
        namespace_id: group.id,
        visibility: 'public',
      });
      expect(tooOpen.statusCode).toBe(400);
      expect(tooOpen.json()).toEqual({
        message: 'Visibility level public is not allowed in an internal group.',
      });
      const created = await api('POST', '/api/v4/projects', maintainer, {
        name: 'p',
        namespace_id: String(group.id),
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        path_with_namespace: `${group.full_path}/p`,
        namespace: {
          kind: 'group',
          id: group.id,
          web_url: `${t.config.externalUrl}/groups/${group.full_path}`,
        },
      });
    });

    it('lets an administrator create a project for another user, and nobody else', async () => {
      const admin = await buildUser(t.container, { admin: true });
      const user = await buildUser(t.container);
      const other = await buildUser(t.container);
      const refused = await api('POST', `/api/v4/projects/user/${user.id}`, other, { name: 'gift' });
      expect(refused.statusCode).toBe(403);
      const created = await api('POST', `/api/v4/projects/user/${user.id}`, admin, { name: 'gift' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        path_with_namespace: `${user.username}/gift`,
        creator_id: user.id,
      });
      expect((await api('POST', '/api/v4/projects/user/999999', admin, { name: 'x' })).json()).toEqual({
        message: '404 User Not Found',
      });
    });
  });

  describe('GET /projects/:id', () => {
    it('finds a project by id and by URL-encoded full path', async () => {
      const owner = await buildUser(t.container);
      const project = await buildProject(t.container, owner, { visibility: 'public' });
      const byId = await api('GET', `/api/v4/projects/${project.project.id}`);
      const byPath = await api('GET', `/api/v4/projects/${encodeURIComponent(project.fullPath)}`);
      expect(byId.statusCode).toBe(200);
      expect(byPath.json()).toEqual(byId.json());
      expect(byId.json()).toMatchObject({ empty_repo: false, permissions: { project_access: null } });
    });

    it('answers 404 Project Not Found to non-members of a private project, never 403', async () => {
      const owner = await buildUser(t.container);
      const stranger = await buildUser(t.container);
      const project = await buildProject(t.container, owner, { visibility: 'private' });
      for (const user of [stranger, undefined]) {
        for (const ref of [String(project.project.id), encodeURIComponent(project.fullPath)]) {
          const response = await api('GET', `/api/v4/projects/${ref}`, user);
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ message: '404 Project Not Found' });
        }
      }
      expect((await api('GET', '/api/v4/projects/424242', owner)).statusCode).toBe(404);
    });

    it('gives members of the project’s group access to its private projects, shown as group_access', async () => {
      const owner = await buildUser(t.container);
      const reporter = await buildUser(t.container);
      const group = await createGroup(owner, `inherit-${owner.id}`);
      await addGroupMember(group.id, owner, reporter, 20);
      const created = await api('POST', '/api/v4/projects', owner, {
        name: 'secret',
        namespace_id: group.id,
      });
      const id = created.json<{ id: number }>().id;
      const elsewhere = await createGroup(owner, `elsewhere-${owner.id}`);
      const hidden = await api('POST', '/api/v4/projects', owner, {
        name: 'hidden',
        namespace_id: elsewhere.id,
      });
      const listed = await api('GET', '/api/v4/projects?membership=true', reporter);
      expect(listed.json<{ id: number }[]>().map((p) => p.id)).toEqual([id]);
      expect(
        (await api('GET', `/api/v4/projects/${hidden.json<{ id: number }>().id}`, reporter)).statusCode,
      ).toBe(404);
      const seen = await api('GET', `/api/v4/projects/${id}`, reporter);
      expect(seen.statusCode).toBe(200);
      expect(seen.json<{ permissions: unknown }>().permissions).toEqual({
        project_access: null,
        group_access: { access_level: 20, notification_level: 3 },
      });
    });
  });

  describe('GET /projects', () => {
    let owner: TestUser;
    let member: TestUser;
    let ids: { public: number; internal: number; private: number; memberOf: number };

    beforeAll(async () => {
      const fresh = await createTestApp();
      await t.close();
      t = fresh;
      owner = await buildUser(t.container, { username: 'lister' });
      member = await buildUser(t.container, { username: 'member' });
      const make = async (name: string, visibility: 'public' | 'internal' | 'private') =>
        (await buildProject(t.container, owner, { name, path: name.toLowerCase(), visibility })).project.id;
      ids = {
        public: await make('Alpha', 'public'),
        internal: await make('Bravo', 'internal'),
        private: await make('Charlie', 'private'),
        memberOf: await make('Delta', 'private'),
      };
      const added = await api('POST', `/api/v4/projects/${ids.memberOf}/members`, owner, {
        user_id: member.id,
        access_level: 30,
      });
      expect(added.statusCode).toBe(201);
    });

    const idsOf = (response: { json(): unknown }) => (response.json() as { id: number }[]).map((p) => p.id);

    it('shows anonymous visitors only public projects', async () => {
      const response = await api('GET', '/api/v4/projects');
      expect(idsOf(response)).toEqual([ids.public]);
      expect(response.headers['x-total']).toBe('1');
    });

    it('shows signed-in users internal projects and their own private ones, newest first', async () => {
      expect(idsOf(await api('GET', '/api/v4/projects', member))).toEqual([
        ids.memberOf,
        ids.internal,
        ids.public,
      ]);
      expect(idsOf(await api('GET', '/api/v4/projects', owner))).toEqual([
        ids.memberOf,
        ids.private,
        ids.internal,
        ids.public,
      ]);
    });

    it('filters by membership, ownership, search and visibility, and sorts by name', async () => {
      expect(idsOf(await api('GET', '/api/v4/projects?membership=true', member))).toEqual([ids.memberOf]);
      expect(idsOf(await api('GET', '/api/v4/projects?owned=true', member))).toEqual([]);
      expect(idsOf(await api('GET', '/api/v4/projects?owned=true&order_by=name&sort=asc', owner))).toEqual([
        ids.public,
        ids.internal,
        ids.private,
        ids.memberOf,
      ]);
      expect(idsOf(await api('GET', '/api/v4/projects?search=RAV', owner))).toEqual([ids.internal]);
      expect(idsOf(await api('GET', '/api/v4/projects?visibility=private', owner))).toEqual([
        ids.memberOf,
        ids.private,
      ]);
    });

    it('refuses unknown sort keys and ignores unknown parameters', async () => {
      const bad = await api('GET', '/api/v4/projects?order_by=stars', owner);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'order_by does not have a valid value' });
      expect((await api('GET', '/api/v4/projects?with_issues_enabled=true', owner)).statusCode).toBe(200);
    });

    it('returns BasicProjectDetails with simple=true', async () => {
      const [first] = (await api('GET', '/api/v4/projects?simple=true', owner)).json<
        Record<string, unknown>[]
      >();
      expect(first).toHaveProperty('path_with_namespace');
      expect(first).not.toHaveProperty('permissions');
      expect(first).not.toHaveProperty('visibility');
    });

    it('paginates with GitLab’s headers', async () => {
      const response = await api('GET', '/api/v4/projects?per_page=3&order_by=id&sort=asc', owner);
      expect(idsOf(response)).toEqual([ids.public, ids.internal, ids.private]);
      expect(response.headers['x-total']).toBe('4');
      expect(response.headers['x-total-pages']).toBe('2');
      expect(response.headers['x-page']).toBe('1');
      expect(response.headers['x-next-page']).toBe('2');
      expect(response.headers.link).toContain('rel="next"');
      expect(response.headers.link).toContain('page=2');
      const last = await api('GET', '/api/v4/projects?per_page=3&page=2&order_by=id&sort=asc', owner);
      expect(idsOf(last)).toEqual([ids.memberOf]);
      expect(last.headers['x-next-page']).toBe('');
      expect(last.headers['x-prev-page']).toBe('1');
    });

    it('lists a user’s personal projects by id or username, as the viewer may see them', async () => {
      expect(
        idsOf(await api('GET', `/api/v4/users/${owner.username}/projects?order_by=id&sort=asc`)),
      ).toEqual([ids.public]);
      expect(idsOf(await api('GET', `/api/v4/users/${owner.id}/projects`, member))).toHaveLength(3);
      expect((await api('GET', '/api/v4/users/nobody-here/projects')).json()).toEqual({
        message: '404 User Not Found',
      });
    });
  });

  describe('PUT, archive and DELETE /projects/:id', () => {
    async function projectWithTeam() {
      const owner = await buildUser(t.container);
      const maintainer = await buildUser(t.container);
      const developer = await buildUser(t.container);
      const project = await buildProject(t.container, owner, { visibility: 'private' });
      for (const [user, level] of [
        [maintainer, 40],
        [developer, 30],
      ] as const) {
        const response = await api('POST', `/api/v4/projects/${project.project.id}/members`, owner, {
          user_id: user.id,
          access_level: level,
        });
        expect(response.statusCode).toBe(201);
      }
      return { owner, maintainer, developer, project };
    }

    it('refuses edits from a Developer with 403 and takes them from a Maintainer', async () => {
      const { maintainer, developer, project } = await projectWithTeam();
      const url = `/api/v4/projects/${project.project.id}`;
      const refused = await api('PUT', url, developer, { name: 'Renamed' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: '403 Forbidden' });
      const updated = await api('PUT', url, maintainer, {
        name: 'Renamed',
        description: 'New words',
        visibility: 'internal',
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        name: 'Renamed',
        description: 'New words',
        visibility: 'internal',
      });
      expect(updated.json<{ path: string }>().path).toBe(project.project.path);
    });

    it('changes the default branch only to a branch that exists, and moves HEAD', async () => {
      const { owner, project } = await projectWithTeam();
      const url = `/api/v4/projects/${project.project.id}`;
      const missing = await api('PUT', url, owner, { default_branch: 'nope' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: "Could not change HEAD: branch 'nope' does not exist" });
      await commitFiles(project.gitDir, {
        branch: 'develop',
        startBranch: 'main',
        message: 'Start develop',
        author: { name: owner.name, email: owner.email, date: new Date() },
        changes: [{ action: 'create', path: 'dev.txt', content: 'dev\n' }],
      });
      const moved = await api('PUT', url, owner, { default_branch: 'develop' });
      expect(moved.json()).toMatchObject({ default_branch: 'develop' });
      expect(await defaultBranchOf(project.gitDir)).toBe('develop');
    });

    it('archives and unarchives for Maintainers only', async () => {
      const { maintainer, developer, project } = await projectWithTeam();
      const url = `/api/v4/projects/${project.project.id}`;
      expect((await api('POST', `${url}/archive`, developer)).statusCode).toBe(403);
      const archived = await api('POST', `${url}/archive`, maintainer);
      expect(archived.statusCode).toBe(201);
      expect(archived.json<{ archived: boolean }>().archived).toBe(true);
      const unarchived = await api('POST', `${url}/unarchive`, maintainer);
      expect(unarchived.json<{ archived: boolean }>().archived).toBe(false);
    });

    it('deletes for the Owner only, answering 202 and removing the repository', async () => {
      const { owner, maintainer, project } = await projectWithTeam();
      const url = `/api/v4/projects/${encodeURIComponent(project.fullPath)}`;
      expect((await api('DELETE', url, maintainer)).statusCode).toBe(403);
      expect(existsSync(project.gitDir)).toBe(true);
      const removed = await api('DELETE', url, owner);
      expect(removed.statusCode).toBe(202);
      expect(removed.json()).toEqual({ message: '202 Accepted' });
      expect(existsSync(project.gitDir)).toBe(false);
      expect((await api('GET', url, owner)).statusCode).toBe(404);
    });
  });
});
