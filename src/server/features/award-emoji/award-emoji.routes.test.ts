import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { AwardEmoji } from '../../../shared/api/awardEmoji';
import type { MergeRequest, MergeRequestDetail } from '../../../shared/api/mergeRequests';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

describe('award emoji API on merge requests', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let outsider: TestUser;
  let project: ProjectContext;
  let url: string;
  let mrIid: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    developer = await buildUser(t.container, { name: 'Dev Eloper' });
    outsider = await buildUser(t.container, { name: 'Otto Outsider' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    const mr = await buildMergeRequest(t.container, owner, project);
    mrIid = mr.mergeRequest.iid;
    url = `/api/v4/projects/${project.project.id}/merge_requests/${mr.mergeRequest.iid}/award_emoji`;
  });
  afterAll(() => t.close());

  const request = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    user: TestUser | null,
    payload?: object,
  ) => t.app.inject({ method, url: path, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  it('awards an emoji in GitLab’s shape and lists it', async () => {
    const created = await request('POST', url, developer, { name: 'tada' });
    expect(created.statusCode).toBe(201);
    const award = created.json<AwardEmoji>();
    expect(award).toMatchObject({
      name: 'tada',
      user: { id: developer.id, username: developer.username },
      awardable_type: 'MergeRequest',
    });
    expect(award.created_at).toEqual(expect.any(String));

    const list = await request('GET', url, owner);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total']).toBe('1');
    expect(list.json<AwardEmoji[]>().map((a) => a.name)).toEqual(['tada']);
    const one = await request('GET', `${url}/${award.id}`, owner);
    expect(one.json<AwardEmoji>().id).toBe(award.id);
  });

  it('counts thumbs up and down as the merge request’s upvotes and downvotes, under either name', async () => {
    const mr = await buildMergeRequest(t.container, owner, project);
    const mrPath = `/api/v4/projects/${project.project.id}/merge_requests/${mr.mergeRequest.iid}`;
    await request('POST', `${mrPath}/award_emoji`, owner, { name: '+1' });
    await request('POST', `${mrPath}/award_emoji`, developer, { name: 'thumbsup' });
    await request('POST', `${mrPath}/award_emoji`, developer, { name: 'thumbsdown' });
    const shown = (await request('GET', mrPath, owner)).json<MergeRequestDetail>();
    expect({ upvotes: shown.upvotes, downvotes: shown.downvotes }).toEqual({ upvotes: 2, downvotes: 1 });
    const listed = (
      await request('GET', `/api/v4/projects/${project.project.id}/merge_requests`, owner)
    ).json<MergeRequest[]>();
    expect(listed.find((item) => item.iid === mr.mergeRequest.iid)).toMatchObject({
      upvotes: 2,
      downvotes: 1,
    });
  });

  it('refuses the same award twice', async () => {
    await request('POST', url, owner, { name: 'rocket' });
    const again = await request('POST', url, owner, { name: 'rocket' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: '404 Award Emoji Name has already been taken Not Found' });
  });

  it.each([['<img src=x onerror=alert(1)>'], ['"><script>alert(1)</script>'], ['not_an_emoji']])(
    'refuses %j as a name and writes nothing',
    async (name) => {
      const before = (await request('GET', url, owner)).headers['x-total'];
      const response = await request('POST', url, owner, { name });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: '404 Award Emoji Name is not a valid emoji name Not Found',
      });
      expect((await request('GET', url, owner)).headers['x-total']).toBe(before);
    },
  );

  it('removes one’s own award; another member, even the owner, may not', async () => {
    const other = await buildUser(t.container);
    await addProjectMember(t.container, project, other, ACCESS_LEVELS.developer);
    const mine = (await request('POST', url, developer, { name: 'heart' })).json<AwardEmoji>();
    expect((await request('DELETE', `${url}/${mine.id}`, other)).statusCode).toBe(403);
    expect((await request('DELETE', `${url}/${mine.id}`, owner)).statusCode).toBe(403);
    expect((await request('DELETE', `${url}/${mine.id}`, developer)).statusCode).toBe(204);
    expect((await request('GET', `${url}/${mine.id}`, developer)).statusCode).toBe(404);
  });

  it('needs a signed-in user to award: 401', async () => {
    expect((await request('POST', url, null, { name: 'tada' })).statusCode).toBe(401);
  });

  it('hides a private project’s awards from non-members: 404', async () => {
    expect((await request('GET', url, outsider)).statusCode).toBe(404);
    expect((await request('POST', url, outsider, { name: 'tada' })).statusCode).toBe(404);
  });

  it('refuses awards in an archived project', async () => {
    const archived = await buildProject(t.container, owner);
    const mr = await buildMergeRequest(t.container, owner, archived);
    await t.container.projects.setArchived(owner, archived.project.id, true);
    const path = `/api/v4/projects/${archived.project.id}/merge_requests/${mr.mergeRequest.iid}/award_emoji`;
    expect((await request('POST', path, owner, { name: 'tada' })).statusCode).toBe(403);
    expect((await request('GET', path, owner)).statusCode).toBe(200);
  });

  it('awards emoji on a note of the merge request, and finds no note under another one', async () => {
    const noteable = await t.container.noteables.byIid(owner, 'MergeRequest', project.project.id, mrIid);
    const { note } = await t.container.notes.create(owner, noteable, { body: 'Ship it' });
    const notePath = `/api/v4/projects/${project.project.id}/merge_requests/${mrIid}/notes/${note.id}/award_emoji`;
    const created = await request('POST', notePath, developer, { name: 'rocket' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<AwardEmoji>()).toMatchObject({
      name: 'rocket',
      awardable_type: 'Note',
      awardable_id: note.id,
    });
    expect((await request('GET', notePath, owner)).json<AwardEmoji[]>().map((a) => a.name)).toEqual([
      'rocket',
    ]);

    const other = await buildMergeRequest(t.container, owner, project);
    const elsewhere = `/api/v4/projects/${project.project.id}/merge_requests/${other.mergeRequest.iid}/notes/${note.id}/award_emoji`;
    expect((await request('GET', elsewhere, owner)).statusCode).toBe(404);
    expect((await request('GET', notePath, outsider)).statusCode).toBe(404);
  });

  it('toggles an award from the page’s award bar', async () => {
    const toggle = `/${project.fullPath}/-/merge_requests/${mrIid}/toggle_award_emoji`;
    const given = await request('POST', toggle, developer, { name: '+1' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toEqual({ ok: true, name: 'thumbsup', awarded: true });
    expect((await request('POST', toggle, developer, { name: 'thumbsup' })).json()).toEqual({
      ok: true,
      name: 'thumbsup',
      awarded: false,
    });
    expect((await request('POST', toggle, developer, { name: '<svg onload=alert(1)>' })).statusCode).toBe(
      404,
    );
    expect((await request('POST', toggle, null, { name: 'tada' })).statusCode).toBe(401);
  });
});
