import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { Label } from '../../../shared/api/labels';
import {
  addGroupMember,
  addProjectMember,
  buildProject,
  buildUser,
  type TestUser,
} from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

describe('labels API', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let guest: TestUser;
  let outsider: TestUser;
  let project: ProjectContext;
  let groupProject: ProjectContext;
  let groupId: number;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    reporter = await buildUser(t.container, { name: 'Rita Reporter' });
    guest = await buildUser(t.container, { name: 'Gus Guest' });
    outsider = await buildUser(t.container, { name: 'Otto Outsider' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    await addProjectMember(t.container, project, guest, ACCESS_LEVELS.guest);
    url = `/api/v4/projects/${project.project.id}/labels`;
    const group = await t.container.groups.createGroup(owner, {
      name: 'Platform',
      path: `platform-${Date.now()}`,
    });
    groupId = group.group.id;
    await addGroupMember(t.container, group, reporter, ACCESS_LEVELS.reporter);
    groupProject = await buildProject(t.container, owner, { namespace_id: groupId, visibility: 'private' });
  });
  afterAll(() => t.close());

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    user: TestUser | null,
    payload?: object,
  ) => t.app.inject({ method, url: path, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  it('creates a project label in GitLab’s shape, with a readable text colour', async () => {
    const created = await request('POST', url, reporter, {
      name: 'bug',
      color: '#d9534f',
      description: 'Something is <broken>',
      priority: 10,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      name: 'bug',
      color: '#d9534f',
      description: 'Something is <broken>',
      description_html: 'Something is &#60;broken&#62;',
      text_color: '#000000',
      remove_on_close: false,
      subscribed: false,
      priority: 10,
      is_project_label: true,
    });
  });

  it('takes CSS colour names and answers their hex value; light colours get dark text', async () => {
    const created = await request('POST', url, owner, { name: 'docs', color: 'LightYellow' });
    expect(created.json<Label>()).toMatchObject({ color: '#ffffe0', text_color: '#000000', priority: null });
    const dark = await request('POST', url, owner, { name: 'security', color: 'navy' });
    expect(dark.json<Label>()).toMatchObject({ color: '#000080', text_color: '#FFFFFF' });
  });

  it('lists, shows by id or name, edits and deletes, with pagination headers', async () => {
    const list = await request('GET', `${url}?per_page=2`, guest);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total']).toBe('3');
    expect(list.headers['x-next-page']).toBe('2');
    expect(list.json<Label[]>().map((label) => label.name)).toEqual(['bug', 'docs']);

    const byName = await request('GET', `${url}/docs`, guest);
    const docs = byName.json<Label>();
    expect((await request('GET', `${url}/${docs.id}`, guest)).json<Label>().name).toBe('docs');

    const edited = await request('PUT', `${url}/docs`, reporter, {
      new_name: 'documentation',
      color: '#428BCA',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Label>()).toMatchObject({ id: docs.id, name: 'documentation', color: '#428BCA' });

    expect((await request('DELETE', `${url}/${docs.id}`, reporter)).statusCode).toBe(204);
    expect((await request('GET', `${url}/${docs.id}`, reporter)).statusCode).toBe(404);
  });

  it('answers 409 for a name the project already has, and writes nothing', async () => {
    const again = await request('POST', url, owner, { name: 'bug', color: '#000000' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Label already exists' });
    const list = await request('GET', `${url}?search=bug`, owner);
    expect(list.json<Label[]>().map((label) => label.color)).toEqual(['#d9534f']);
  });

  it('refuses a bad colour and an empty name in GitLab’s words, writing nothing', async () => {
    const bad = await request('POST', url, owner, { name: ' ', color: 'not-a-colour' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: { title: ["can't be blank"], color: ['must be a valid color code'] },
    });
    const comma = await request('POST', url, owner, { name: 'a,b', color: '#FFAABB' });
    expect(comma.json()).toEqual({ message: { title: ['is invalid'] } });
    const missing = await request('POST', url, owner, { name: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'color is missing' });
    const renamed = await request('PUT', `${url}/bug`, owner, { color: '#12345' });
    expect(renamed.json()).toEqual({ message: { color: ['must be a valid color code'] } });
    const list = await request('GET', url, owner);
    expect(list.json<Label[]>().map((label) => `${label.name} ${label.color}`)).toEqual([
      'bug #d9534f',
      'security #000080',
    ]);
  });

  it('lets no Guest create, edit or delete labels', async () => {
    expect((await request('POST', url, guest, { name: 'guesswork', color: '#FF0000' })).statusCode).toBe(403);
    expect((await request('PUT', `${url}/bug`, guest, { color: '#FF0000' })).statusCode).toBe(403);
    expect((await request('DELETE', `${url}/bug`, guest)).statusCode).toBe(403);
    expect((await request('GET', `${url}/guesswork`, owner)).statusCode).toBe(404);
  });

  it('shows a private project’s labels to nobody outside it', async () => {
    const listed = await request('GET', url, outsider);
    expect(listed.statusCode).toBe(404);
    expect(listed.json()).toEqual({ message: '404 Project Not Found' });
    expect((await request('GET', url, null)).statusCode).toBe(404);
    expect((await request('POST', url, outsider, { name: 'x', color: '#FF0000' })).statusCode).toBe(404);
  });

  it('gives a group’s labels to its projects, which may not edit them', async () => {
    const groupUrl = `/api/v4/groups/${groupId}/labels`;
    const created = await request('POST', groupUrl, reporter, { name: 'team::platform', color: '#6699cc' });
    expect(created.statusCode).toBe(201);
    expect(created.json<Label>()).not.toHaveProperty('priority');
    const projectUrl = `/api/v4/projects/${groupProject.project.id}/labels`;
    await request('POST', projectUrl, owner, { name: 'local', color: '#00FF00' });

    const seen = await request('GET', projectUrl, reporter);
    expect(seen.json<Label[]>().map((label) => [label.name, label.is_project_label])).toEqual([
      ['local', true],
      ['team::platform', false],
    ]);
    const own = await request('GET', `${projectUrl}?include_ancestor_groups=false`, reporter);
    expect(own.json<Label[]>().map((label) => label.name)).toEqual(['local']);
    // The project sees the group's label, and may not take its name.
    expect((await request('GET', `${projectUrl}/team::platform`, reporter)).statusCode).toBe(200);
    expect(
      (await request('POST', projectUrl, owner, { name: 'team::platform', color: '#000000' })).statusCode,
    ).toBe(409);
    expect((await request('DELETE', `${projectUrl}/team::platform`, owner)).statusCode).toBe(404);
    expect((await request('GET', groupUrl, outsider)).statusCode).toBe(404);
    expect((await request('DELETE', `${groupUrl}/team::platform`, reporter)).statusCode).toBe(204);
  });

  it('counts a label’s items within the project, or the group’s projects the reader may see', async () => {
    const group = await t.container.groups.createGroup(owner, {
      name: 'Open',
      path: `open-${Date.now()}`,
      visibility: 'public',
    });
    const groupUrl = `/api/v4/groups/${group.group.id}/labels`;
    await request('POST', groupUrl, owner, { name: 'counted', color: '#123456' });
    const open = await buildProject(t.container, owner, {
      namespace_id: group.group.id,
      visibility: 'public',
    });
    const closed = await buildProject(t.container, owner, {
      namespace_id: group.group.id,
      visibility: 'private',
    });
    for (const target of [open, closed, closed])
      await request('POST', `/api/v4/projects/${target.project.id}/issues`, owner, {
        title: 'Labelled',
        labels: 'counted',
      });

    const counts = async (path: string, user: TestUser) =>
      (await request('GET', `${path}?with_counts=true&search=counted`, user))
        .json<Array<Label & { open_issues_count: number }>>()
        .map((label) => label.open_issues_count);
    expect(await counts(`/api/v4/projects/${open.project.id}/labels`, outsider)).toEqual([1]);
    expect(await counts(`/api/v4/projects/${closed.project.id}/labels`, owner)).toEqual([2]);
    // Everyone reads the public group's labels; the private project's items count for its members only.
    expect(await counts(groupUrl, outsider)).toEqual([1]);
    expect(await counts(groupUrl, owner)).toEqual([3]);
  });
});
