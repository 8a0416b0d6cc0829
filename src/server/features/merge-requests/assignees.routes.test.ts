import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequest, MergeRequestDetail } from '../../../shared/api/mergeRequests';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import {
  addProjectMember,
  buildMergeRequest,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

type NoteJson = { body: string; system: boolean };

describe('merge request assignees', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    developer = await buildUser(t.container, { name: 'Dev Eloper' });
    reporter = await buildUser(t.container, { name: 'Rita Reporter' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
  });
  afterAll(() => t.close());

  const api = () => `/api/v4/projects/${project.project.id}/merge_requests`;
  const send = (method: 'POST' | 'PUT' | 'GET', user: TestUser, url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: user.headers });

  async function newRequest() {
    const view = await buildMergeRequest(t.container, owner, project);
    return view.mergeRequest.iid;
  }
  const show = async (iid: number) =>
    (await send('GET', owner, `${api()}/${iid}`)).json<MergeRequestDetail>();
  const systemNotes = async (iid: number) =>
    (await send('GET', owner, `${api()}/${iid}/notes?sort=asc`))
      .json<NoteJson[]>()
      .filter((note) => note.system)
      .map((note) => note.body);

  it('creates a request with assignees, shown as GitLab shows them, without a system note', async () => {
    await pushFile(project, 'feature/assigned', { path: 'a.txt', content: 'a\n' });
    const response = await send('POST', owner, api(), {
      source_branch: 'feature/assigned',
      title: 'Assigned work',
      assignee_ids: [developer.id, owner.id],
    });
    expect(response.statusCode).toBe(201);
    const mr = response.json<MergeRequestDetail>();
    expect(mr.assignees.map((user) => user.username)).toEqual([owner.username, developer.username]);
    expect(mr.assignee).toMatchObject({ id: owner.id, username: owner.username, name: 'Olivia Owner' });
    expect(await systemNotes(mr.iid)).toEqual([]);
  });

  it('replaces assignees on update and writes "assigned to" and "unassigned" notes', async () => {
    const iid = await newRequest();
    const first = await send('PUT', owner, `${api()}/${iid}`, { assignee_ids: [developer.id] });
    expect(first.statusCode).toBe(200);
    expect(first.json<MergeRequestDetail>().assignees.map((user) => user.id)).toEqual([developer.id]);
    await send('PUT', owner, `${api()}/${iid}`, { assignee_id: owner.id });
    await send('PUT', owner, `${api()}/${iid}`, { assignee_id: 0 });
    expect((await show(iid)).assignees).toEqual([]);
    expect(await systemNotes(iid)).toEqual([
      `assigned to @${developer.username}`,
      `assigned to @${owner.username} and unassigned @${developer.username}`,
      `unassigned @${owner.username}`,
    ]);
  });

  it('refuses unknown users with a 400 and writes nothing, also on create', async () => {
    const iid = await newRequest();
    const response = await send('PUT', owner, `${api()}/${iid}`, {
      assignee_ids: [developer.id, 999_999],
      title: 'Renamed',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'assignee_ids contains unknown users: 999999' });
    const after = await show(iid);
    expect(after.assignees).toEqual([]);
    expect(after.title).not.toBe('Renamed');

    await pushFile(project, 'feature/unknown', { path: 'u.txt', content: 'u\n' });
    const created = await send('POST', owner, api(), {
      source_branch: 'feature/unknown',
      title: 'Never made',
      assignee_ids: [999_999],
    });
    expect(created.statusCode).toBe(400);
    const all = (await send('GET', owner, `${api()}?per_page=100`)).json<MergeRequest[]>();
    expect(all.some((mr) => mr.title === 'Never made')).toBe(false);

    const bad = await send('PUT', owner, `${api()}/${iid}`, { assignee_ids: ['x'] });
    expect(bad.statusCode).toBe(400);
  });

  it('lets only those who may edit the request assign', async () => {
    const iid = await newRequest();
    const response = await send('PUT', reporter, `${api()}/${iid}`, { assignee_ids: [reporter.id] });
    expect(response.statusCode).toBe(403);
    expect((await show(iid)).assignees).toEqual([]);
    expect(await systemNotes(iid)).toEqual([]);
  });

  it('filters lists by assignee id, username, None and Any, and answers assigned_to_me', async () => {
    const mine = await newRequest();
    const theirs = await newRequest();
    const nobodys = await newRequest();
    await send('PUT', owner, `${api()}/${mine}`, { assignee_ids: [reporter.id] });
    await send('PUT', owner, `${api()}/${theirs}`, { assignee_ids: [developer.id] });
    const iids = async (query: string, user = owner) =>
      (await send('GET', user, `${api()}?per_page=100&${query}`)).json<MergeRequest[]>().map((mr) => mr.iid);
    expect(await iids(`assignee_id=${reporter.id}`)).toEqual([mine]);
    expect(await iids(`assignee_username=${developer.username}`)).toContain(theirs);
    expect(await iids(`assignee_username=${developer.username}`)).not.toContain(mine);
    expect(await iids('assignee_id=None')).toContain(nobodys);
    expect(await iids('assignee_id=None')).not.toContain(mine);
    expect(await iids('assignee_id=Any')).toEqual(expect.arrayContaining([mine, theirs]));
    expect(await iids('assignee_id=Any')).not.toContain(nobodys);
    const assigned = await send('GET', reporter, '/api/v4/merge_requests?scope=assigned_to_me');
    expect(assigned.json<MergeRequest[]>().map((mr) => mr.iid)).toEqual([mine]);
    expect((await send('GET', owner, `${api()}?assignee_id=nobody`)).statusCode).toBe(400);
  });

  it('assigns and unassigns with /assign @user, /assign me and /unassign in a note', async () => {
    const iid = await newRequest();
    const note = (body: string) => send('POST', developer, `${api()}/${iid}/notes`, { body });
    const assigned = await note(`/assign @${reporter.username} me`);
    expect(assigned.statusCode).toBe(202);
    expect(assigned.json()).toMatchObject({
      summary: [`Assigned @${reporter.username} and @${developer.username}.`],
    });
    expect((await show(iid)).assignees.map((user) => user.id)).toEqual([developer.id, reporter.id]);
    expect((await note(`/unassign @${reporter.username}`)).json()).toMatchObject({
      summary: [`Removed assignee @${reporter.username}.`],
    });
    await note('/unassign');
    expect((await show(iid)).assignees).toEqual([]);
    expect(await systemNotes(iid)).toEqual([
      // The note names people by user id, as the assignee list does.
      `assigned to @${developer.username} and @${reporter.username}`,
      `unassigned @${reporter.username}`,
      `unassigned @${developer.username}`,
    ]);
  });
});
