import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../support/factories';
import { gitlabClient } from '../support/gitlab-client';
import { createTestApp, type TestApp } from '../support/test-app';

describe('groups, projects and members through @gitbeaker/rest', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  let colleague: TestUser;
  let gitlab: ReturnType<typeof gitlabClient>;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    owner = await buildUser(t.container);
    colleague = await buildUser(t.container);
    gitlab = gitlabClient(url, owner.token);
  });
  afterAll(() => t.close());

  it('creates, lists and shows groups, and adds group members', async () => {
    const group = await gitlab.Groups.create('Tooling', 'tooling', {
      visibility: 'internal',
      description: 'Tools',
    });
    expect(group).toMatchObject({
      name: 'Tooling',
      full_path: 'tooling',
      visibility: 'internal',
      parent_id: null,
    });
    const sub = await gitlab.Groups.create('CLI', 'cli', { parentId: group.id });
    expect(sub).toMatchObject({ full_path: 'tooling/cli', full_name: 'Tooling / CLI', parent_id: group.id });

    const all = await gitlab.Groups.all();
    expect(all.map((g) => g.full_path)).toEqual(['tooling/cli', 'tooling']);
    expect(await gitlab.Groups.show('tooling/cli')).toMatchObject({ id: sub.id });
    expect(await gitlab.Groups.show(group.id)).toMatchObject({ description: 'Tools' });

    const member = await gitlab.GroupMembers.add(group.id, 30, { userId: colleague.id });
    expect(member).toMatchObject({ id: colleague.id, access_level: 30 });
    const members = await gitlab.GroupMembers.all(group.id);
    expect(members.map((m) => [m.username, m.access_level])).toEqual([
      [owner.username, 50],
      [colleague.username, 30],
    ]);
    const inherited = await gitlab.GroupMembers.all(sub.id, { includeInherited: true });
    expect(inherited.map((m) => m.username)).toEqual([owner.username, colleague.username]);
  });

  it('creates, lists, shows by id and by path, edits and removes a project', async () => {
    const project = await gitlab.Projects.create({
      name: 'Widget',
      description: 'Spins',
      visibility: 'private',
      initializeWithReadme: true,
    });
    expect(project).toMatchObject({
      name: 'Widget',
      path_with_namespace: `${owner.username}/widget`,
      http_url_to_repo: `${t.config.externalUrl}/${owner.username}/widget.git`,
      empty_repo: false,
      default_branch: 'main',
    });

    const mine = await gitlab.Projects.all({ membership: true, perPage: 1 });
    expect(mine.map((p) => p.id)).toContain(project.id);
    const page = await gitlab.Projects.all({
      pagination: 'offset',
      perPage: 1,
      showExpanded: true,
      maxPages: 1,
    });
    expect(page.paginationInfo).toMatchObject({ current: 1, perPage: 1 });

    expect(await gitlab.Projects.show(project.id)).toMatchObject({ name: 'Widget' });
    expect(await gitlab.Projects.show(`${owner.username}/widget`)).toMatchObject({ id: project.id });

    const edited = await gitlab.Projects.edit(project.id, {
      description: 'Spins faster',
      visibility: 'internal',
    });
    expect(edited).toMatchObject({ description: 'Spins faster', visibility: 'internal' });

    await gitlab.Projects.remove(project.id);
    await expect(gitlab.Projects.show(project.id)).rejects.toThrow(/Not Found/);
  });

  it('adds, lists, edits and removes project members', async () => {
    const project = await gitlab.Projects.create({ name: 'Gadget' });
    const added = await gitlab.ProjectMembers.add(project.id, 20, { userId: colleague.id });
    expect(added).toMatchObject({ id: colleague.id, username: colleague.username, access_level: 20 });

    const listed = await gitlab.ProjectMembers.all(project.id);
    expect(listed.map((m) => [m.username, m.access_level])).toEqual([
      [owner.username, 50],
      [colleague.username, 20],
    ]);

    const edited = await gitlab.ProjectMembers.edit(project.id, colleague.id, 40);
    expect(edited).toMatchObject({ access_level: 40 });

    await gitlab.ProjectMembers.remove(project.id, colleague.id);
    expect((await gitlab.ProjectMembers.all(project.id)).map((m) => m.username)).toEqual([owner.username]);

    const asColleague = gitlabClient(url, colleague.token);
    await expect(asColleague.Projects.show(project.id)).rejects.toThrow(/Not Found/);
  });
});
