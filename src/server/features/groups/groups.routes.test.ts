import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { namespaces } from '../../db/schema';

type GroupJson = { id: number; full_path: string; full_name: string; parent_id: number | null };

describe('groups API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user?.headers, payload });

  async function createGroup(owner: TestUser, body: Record<string, unknown>): Promise<GroupJson> {
    const response = await api('POST', '/api/v4/groups', owner, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function addMember(groupId: number, owner: TestUser, user: TestUser, access_level: number) {
    const response = await api('POST', `/api/v4/groups/${groupId}/members`, owner, {
      user_id: user.id,
      access_level,
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  const groupCount = async () =>
    (await t.container.db.select({ n: count() }).from(namespaces).where(eq(namespaces.kind, 'group')))[0]?.n;

  describe('POST /groups', () => {
    it('lets any signed-in user found a top-level group and makes them its Owner', async () => {
      const founder = await buildUser(t.container);
      const response = await api('POST', '/api/v4/groups', founder, {
        name: 'Platform Team',
        path: 'platform',
        description: 'Shared services',
        visibility: 'internal',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        name: 'Platform Team',
        path: 'platform',
        full_name: 'Platform Team',
        full_path: 'platform',
        description: 'Shared services',
        visibility: 'internal',
        web_url: `${t.config.externalUrl}/groups/platform`,
        parent_id: null,
        avatar_url: null,
      });
      const members = await api('GET', '/api/v4/groups/platform/members', founder);
      expect(members.json()).toEqual([
        expect.objectContaining({ id: founder.id, username: founder.username, access_level: 50 }),
      ]);
    });

    it('refuses anonymous callers with 401', async () => {
      const response = await api('POST', '/api/v4/groups', undefined, { name: 'x', path: 'x' });
      expect(response.statusCode).toBe(401);
    });

    it('refuses bad paths, reserved names and taken paths, writing nothing', async () => {
      const founder = await buildUser(t.container);
      await createGroup(founder, { name: 'Taken', path: 'taken-group' });
      const before = await groupCount();
      const cases: [Record<string, unknown>, number, string][] = [
        [
          { name: 'x', path: 'a/b' },
          400,
          "Path can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'",
        ],
        [
          { name: 'x', path: 'a..b' },
          400,
          "Path can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'",
        ],
        [{ name: 'x', path: 'admin' }, 400, 'Path is a reserved name'],
        [{ name: 'x', path: 'TAKEN-group' }, 409, 'Path has already been taken'],
        [{ name: 'x', path: founder.username }, 409, 'Path has already been taken'],
        [{ name: 'x', path: 'ok', visibility: 'hidden' }, 400, 'visibility does not have a valid value'],
        [{ path: 'ok' }, 400, 'name is missing'],
      ];
      for (const [body, status, message] of cases) {
        const response = await api('POST', '/api/v4/groups', founder, body);
        expect([response.statusCode, response.json<{ message: string }>().message]).toEqual([
          status,
          message,
        ]);
      }
      expect(await groupCount()).toBe(before);
    });

    it('creates subgroups for Maintainers of the parent, not for its Developers', async () => {
      const owner = await buildUser(t.container);
      const developer = await buildUser(t.container);
      const maintainer = await buildUser(t.container);
      const parent = await createGroup(owner, { name: 'Parent', path: 'parent', visibility: 'internal' });
      await addMember(parent.id, owner, developer, 30);
      await addMember(parent.id, owner, maintainer, 40);

      const refused = await api('POST', '/api/v4/groups', developer, {
        name: 'Child',
        path: 'child',
        parent_id: parent.id,
      });
      expect(refused.statusCode).toBe(403);
      const child = await createGroup(maintainer, { name: 'Child', path: 'child', parent_id: parent.id });
      expect(child).toMatchObject({
        full_path: 'parent/child',
        full_name: 'Parent / Child',
        parent_id: parent.id,
      });

      const tooOpen = await api('POST', '/api/v4/groups', owner, {
        name: 'Open',
        path: 'open',
        parent_id: parent.id,
        visibility: 'public',
      });
      expect(tooOpen.json()).toEqual({
        message: 'Visibility level public is not allowed in an internal group.',
      });
      // A subgroup's path is free even where it is reserved at the top level.
      await createGroup(owner, { name: 'Admin', path: 'admin', parent_id: parent.id });
    });

    it('refuses a subgroup under a parent the caller cannot see as not found', async () => {
      const owner = await buildUser(t.container);
      const stranger = await buildUser(t.container);
      const hidden = await createGroup(owner, { name: 'Hidden', path: 'hidden-parent' });
      const response = await api('POST', '/api/v4/groups', stranger, {
        name: 'Sub',
        path: 'sub',
        parent_id: hidden.id,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: '404 Group Not Found' });
    });

    it('nests groups at most four levels deep', async () => {
      const owner = await buildUser(t.container);
      let parent = await createGroup(owner, { name: 'L1', path: 'level1' });
      for (const path of ['level2', 'level3', 'level4'])
        parent = await createGroup(owner, { name: path, path, parent_id: parent.id });
      expect(parent.full_path).toBe('level1/level2/level3/level4');
      const tooDeep = await api('POST', '/api/v4/groups', owner, {
        name: 'L5',
        path: 'level5',
        parent_id: parent.id,
      });
      expect(tooDeep.statusCode).toBe(400);
      expect(tooDeep.json()).toEqual({ message: 'Groups can be nested at most 4 levels deep' });
    });

    it('keeps subgroups and projects from sharing a URL', async () => {
      const owner = await buildUser(t.container);
      const group = await createGroup(owner, { name: 'Shared', path: 'shared-urls' });
      expect(
        (await api('POST', '/api/v4/projects', owner, { name: 'thing', namespace_id: group.id })).statusCode,
      ).toBe(201);
      const clash = await api('POST', '/api/v4/groups', owner, {
        name: 'Thing',
        path: 'thing',
        parent_id: group.id,
      });
      expect(clash.statusCode).toBe(409);
      await createGroup(owner, { name: 'Other', path: 'other', parent_id: group.id });
      const projectClash = await api('POST', '/api/v4/projects', owner, {
        name: 'other',
        namespace_id: group.id,
      });
      expect(projectClash.statusCode).toBe(409);
    });
  });

  describe('reading groups', () => {
    let owner: TestUser;
    let member: TestUser;
    let stranger: TestUser;
    let groups: Record<'pub' | 'int' | 'priv' | 'sub', GroupJson>;

    beforeAll(async () => {
      const fresh = await createTestApp();
      await t.close();
      t = fresh;
      owner = await buildUser(t.container);
      member = await buildUser(t.container);
      stranger = await buildUser(t.container);
      groups = {
        pub: await createGroup(owner, { name: 'Apple', path: 'apple', visibility: 'public' }),
        int: await createGroup(owner, { name: 'Banana', path: 'banana', visibility: 'internal' }),
        priv: await createGroup(owner, { name: 'Cherry', path: 'cherry', visibility: 'private' }),
        sub: { id: 0, full_path: '', full_name: '', parent_id: null },
      };
      groups.sub = await createGroup(owner, { name: 'Pit', path: 'pit', parent_id: groups.priv.id });
      await addMember(groups.priv.id, owner, member, 20);
      await createGroup(stranger, { name: 'Durian', path: 'durian', visibility: 'private' });
    });

    const names = (response: { json(): unknown }) => (response.json() as GroupJson[]).map((g) => g.full_path);

    it('lists public groups to anonymous visitors, internal ones to users, private ones to members', async () => {
      expect(names(await api('GET', '/api/v4/groups'))).toEqual(['apple']);
      expect(names(await api('GET', '/api/v4/groups', stranger))).toEqual(['apple', 'banana', 'durian']);
      // Membership in one private group shows nothing of another.
      expect(names(await api('GET', '/api/v4/groups', member))).toEqual([
        'apple',
        'banana',
        'cherry',
        'cherry/pit',
      ]);
    });

    it('filters by search, ownership, minimum access level and top level', async () => {
      expect(names(await api('GET', '/api/v4/groups?search=ANA', member))).toEqual(['banana']);
      expect(names(await api('GET', '/api/v4/groups?owned=true', member))).toEqual([]);
      expect(names(await api('GET', '/api/v4/groups?min_access_level=20', member))).toEqual([
        'cherry',
        'cherry/pit',
      ]);
      expect(names(await api('GET', '/api/v4/groups?min_access_level=30', member))).toEqual([]);
      expect(names(await api('GET', '/api/v4/groups?top_level_only=true', member))).toEqual([
        'apple',
        'banana',
        'cherry',
      ]);
      expect((await api('GET', '/api/v4/groups?min_access_level=15', member)).statusCode).toBe(400);
    });

    it('paginates with GitLab’s headers', async () => {
      const response = await api('GET', '/api/v4/groups?per_page=2', owner);
      expect(names(response)).toEqual(['apple', 'banana']);
      expect(response.headers['x-total']).toBe('4');
      expect(response.headers['x-next-page']).toBe('2');
      expect(response.headers.link).toContain('rel="next"');
    });

    it('shows a group by id or URL-encoded full path, and hides a private one as not found', async () => {
      const byPath = await api('GET', `/api/v4/groups/${encodeURIComponent('cherry/pit')}`, member);
      expect(byPath.statusCode).toBe(200);
      expect(byPath.json()).toMatchObject({ id: groups.sub.id, full_name: 'Cherry / Pit' });
      expect((await api('GET', `/api/v4/groups/${groups.sub.id}`, member)).json()).toEqual(byPath.json());
      for (const ref of [String(groups.priv.id), 'cherry', encodeURIComponent('cherry/pit')]) {
        const hidden = await api('GET', `/api/v4/groups/${ref}`, stranger);
        expect(hidden.statusCode).toBe(404);
        expect(hidden.json()).toEqual({ message: '404 Group Not Found' });
      }
    });

    it('lists a group’s subgroups and projects as the viewer may see them', async () => {
      const made = await api('POST', '/api/v4/projects', owner, {
        name: 'Seed',
        namespace_id: groups.sub.id,
      });
      expect(made.statusCode).toBe(201);
      expect(names(await api('GET', `/api/v4/groups/${groups.priv.id}/subgroups`, member))).toEqual([
        'cherry/pit',
      ]);
      const direct = await api('GET', `/api/v4/groups/${groups.priv.id}/projects`, member);
      expect(direct.json()).toEqual([]);
      const nested = await api(
        'GET',
        `/api/v4/groups/${groups.priv.id}/projects?include_subgroups=true`,
        member,
      );
      expect(nested.json<{ path_with_namespace: string }[]>().map((p) => p.path_with_namespace)).toEqual([
        'cherry/pit/seed',
      ]);
      expect((await api('GET', `/api/v4/groups/${groups.priv.id}/projects`, stranger)).statusCode).toBe(404);
    });
  });

  describe('PUT /groups/:id', () => {
    it('lets Owners edit name, description and visibility; Maintainers get 403', async () => {
      const owner = await buildUser(t.container);
      const maintainer = await buildUser(t.container);
      const group = await createGroup(owner, { name: 'Editable', path: 'editable', visibility: 'private' });
      await addMember(group.id, owner, maintainer, 40);
      expect((await api('PUT', `/api/v4/groups/${group.id}`, maintainer, { name: 'Nope' })).statusCode).toBe(
        403,
      );
      const updated = await api('PUT', `/api/v4/groups/editable`, owner, {
        name: 'Edited',
        description: 'Now described',
        visibility: 'public',
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        name: 'Edited',
        path: 'editable',
        description: 'Now described',
        visibility: 'public',
      });
    });

    it('keeps a group at least as visible as its projects and subgroups', async () => {
      const owner = await buildUser(t.container);
      const group = await createGroup(owner, { name: 'Open', path: 'open-group', visibility: 'public' });
      await api('POST', '/api/v4/projects', owner, {
        name: 'pub',
        namespace_id: group.id,
        visibility: 'public',
      });
      const response = await api('PUT', `/api/v4/groups/${group.id}`, owner, { visibility: 'private' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message:
          'Visibility level private is not allowed since this group contains projects with higher visibility.',
      });
    });
  });

  describe('namespaces', () => {
    it('lists the caller’s own namespace and the groups they may create projects in', async () => {
      const owner = await buildUser(t.container);
      const user = await buildUser(t.container);
      const maintained = await createGroup(owner, { name: 'Maintained', path: `maint-${user.id}` });
      const developed = await createGroup(owner, { name: 'Developed', path: `dev-${user.id}` });
      await addMember(maintained.id, owner, user, 40);
      await addMember(developed.id, owner, user, 30);
      const response = await api('GET', '/api/v4/namespaces', user);
      expect(response.statusCode).toBe(200);
      expect(
        response.json<{ full_path: string; kind: string }[]>().map((n) => [n.kind, n.full_path]),
      ).toEqual([
        ['user', user.username],
        ['group', `maint-${user.id}`],
      ]);
      expect((await api('GET', '/api/v4/namespaces')).statusCode).toBe(401);
      const one = await api('GET', `/api/v4/namespaces/${encodeURIComponent(`maint-${user.id}`)}`, user);
      expect(one.json()).toMatchObject({ id: maintained.id, kind: 'group' });
      expect(
        (await api('GET', `/api/v4/namespaces/${developed.id}`, await buildUser(t.container))).statusCode,
      ).toBe(404);
    });
  });
});
