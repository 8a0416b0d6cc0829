import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { listBranches } from '../../git/branches';
import { addGroupMember, buildProject, buildUser } from '../../../../test/support/factories';
import { addProjectMember } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('projects service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a project with its repository, README commit and the owner as Owner', async () => {
    const owner = await buildUser(t.container);
    const project = await buildProject(t.container, owner, { name: 'My Project', path: undefined });
    expect(project.project.path).toBe('my-project');
    expect(project.fullPath).toBe(`${owner.username}/my-project`);
    expect(project.accessLevel).toBe(50);
    expect(await listBranches(project.gitDir)).toEqual([
      { name: 'main', sha: expect.stringMatching(/^[0-9a-f]{40}$/) },
    ]);
  });

  it('hides a private project from non-members as not found, and shows a public one to anonymous visitors', async () => {
    const owner = await buildUser(t.container);
    const stranger = await buildUser(t.container);
    const secret = await buildProject(t.container, owner, { visibility: 'private' });
    const open = await buildProject(t.container, owner, { visibility: 'public' });
    await expect(t.container.projects.loadProject(stranger, secret.fullPath)).rejects.toThrow(
      '404 Project Not Found',
    );
    await expect(t.container.projects.loadProject(null, secret.project.id)).rejects.toThrow(
      '404 Project Not Found',
    );
    expect((await t.container.projects.loadProject(null, open.fullPath)).project.id).toBe(open.project.id);
  });

  it('refuses a path with .. or / and a duplicate path, writing nothing', async () => {
    const owner = await buildUser(t.container);
    await expect(buildProject(t.container, owner, { path: '..' })).rejects.toThrow(/Path can contain only/);
    await expect(buildProject(t.container, owner, { path: 'a/b' })).rejects.toThrow(/Path can contain only/);
    await buildProject(t.container, owner, { path: 'taken' });
    await expect(buildProject(t.container, owner, { path: 'Taken' })).rejects.toThrow(
      'Path has already been taken',
    );
  });

  it('gives many viewers at once the context each would get alone, from one shared read', async () => {
    const owner = await buildUser(t.container);
    const group = await t.container.groups.createGroup(owner, { name: 'Shop', path: `shop-${Date.now()}` });
    const inGroup = await buildProject(t.container, owner, {
      namespace_id: group.group.id,
      visibility: 'private',
    });
    const personal = await buildProject(t.container, owner, { visibility: 'private' });
    const [developer, groupMaintainer, stranger] = await Promise.all([
      buildUser(t.container),
      buildUser(t.container),
      buildUser(t.container),
    ]);
    await addProjectMember(t.container, inGroup, developer, ACCESS_LEVELS.developer);
    await addGroupMember(t.container, group, groupMaintainer, ACCESS_LEVELS.maintainer);

    for (const project of [inGroup, personal]) {
      const contexts = (await t.container.projects.projectForViewers(project.project.id))!;
      for (const viewer of [owner, developer, groupMaintainer, stranger, null]) {
        const alone = await t.container.projects.loadProject(viewer, project.project.id).catch(() => null);
        const together = await contexts(viewer);
        expect(together?.accessLevel ?? null).toBe(alone?.accessLevel ?? null);
      }
    }
    const contexts = (await t.container.projects.projectForViewers(inGroup.project.id))!;
    const levels = await Promise.all([developer, groupMaintainer, stranger].map(contexts));
    expect(levels.map((ctx) => ctx?.accessLevel ?? null)).toEqual([30, 40, null]);
    expect(await t.container.projects.projectForViewers(999_999)).toBeNull();
  });

  it('gives a member of an outer group their level two subgroups down, and a higher direct membership wins', async () => {
    const owner = await buildUser(t.container);
    const outer = await t.container.groups.createGroup(owner, { name: 'Org', path: `org-${Date.now()}` });
    const middle = await t.container.groups.createGroup(owner, {
      name: 'Team',
      path: 'team',
      parent_id: outer.group.id,
    });
    const inner = await t.container.groups.createGroup(owner, {
      name: 'Web',
      path: 'web',
      parent_id: middle.group.id,
    });
    const project = await buildProject(t.container, owner, {
      namespace_id: inner.group.id,
      visibility: 'private',
    });
    const [reporter, promoted, stranger] = await Promise.all([
      buildUser(t.container),
      buildUser(t.container),
      buildUser(t.container),
    ]);
    for (const user of [reporter, promoted])
      await addGroupMember(t.container, outer, user, ACCESS_LEVELS.reporter);
    await addProjectMember(t.container, project, promoted, ACCESS_LEVELS.maintainer);

    const byPath = project.fullPath.toUpperCase();
    expect((await t.container.projects.loadProject(reporter, byPath)).accessLevel).toBe(20);
    expect((await t.container.projects.loadProject(promoted, project.project.id)).accessLevel).toBe(40);
    await expect(t.container.projects.loadProject(stranger, byPath)).rejects.toThrow('404 Project Not Found');
    await expect(t.container.projects.loadProject(reporter, `${project.fullPath}-gone`)).rejects.toThrow(
      '404 Project Not Found',
    );
  });
});
