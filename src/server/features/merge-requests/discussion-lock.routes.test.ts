import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MergeRequest, MergeRequestDetail } from '../../../shared/api/mergeRequests';
import type { Discussion } from '../../../shared/api/notes';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { buildMergeRequest, buildProjectWithRoles } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

describe('a merge request’s comment count and discussion lock over REST', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let guest: TestUser;
  let admin: TestUser;
  let project: ProjectContext;
  let api: string;
  let page: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, reporter, guest, project } = await buildProjectWithRoles(t.container));
    admin = await buildUser(t.container, { admin: true });
    const { mergeRequest } = await buildMergeRequest(t.container, owner, project);
    api = `/api/v4/projects/${project.project.id}/merge_requests/${mergeRequest.iid}`;
    page = `/${project.fullPath}/-/merge_requests/${mergeRequest.iid}`;
    const comment = async (note: string, internal = false) => {
      const response = await send(owner, 'POST', `${page}/notes`, { note: { note, internal } });
      expect(response.statusCode, response.body).toBe(201);
    };
    await comment('One');
    await comment('Two');
    await comment('Between members', true);
    // A system note is not a comment.
    await send(owner, 'PUT', api, { title: 'Renamed' });
  });
  afterAll(() => t.close());

  const send = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  const count = async (user: TestUser | null, url: string) =>
    (await send(user, 'GET', url)).json<MergeRequest | MergeRequest[]>();

  it('counts comments, internal ones only for those who may read them, on one request and in lists', async () => {
    for (const [user, expected] of [
      [owner, 3],
      [reporter, 3],
      [guest, 2],
      [null, 2],
    ] as const) {
      expect((await count(user, api)) as MergeRequest).toMatchObject({ user_notes_count: expected });
      const list = (await count(user, api.replace(/\/\d+$/, ''))) as MergeRequest[];
      expect(list[0]?.user_notes_count).toBe(expected);
    }
    // Across projects only administrators count internal notes.
    const mine = (await count(owner, '/api/v4/merge_requests?scope=all')) as MergeRequest[];
    expect(mine.find((mr) => mr.project_id === project.project.id)?.user_notes_count).toBe(2);
    const all = (await count(admin, '/api/v4/merge_requests?scope=all')) as MergeRequest[];
    expect(all.find((mr) => mr.project_id === project.project.id)?.user_notes_count).toBe(3);
  });

  it('locks and unlocks the discussion with PUT discussion_locked, with GitLab’s system notes', async () => {
    expect(((await count(owner, api)) as MergeRequest).discussion_locked).toBe(false);
    const locked = await send(owner, 'PUT', api, { discussion_locked: true });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json<MergeRequestDetail>().discussion_locked).toBe(true);

    const outsider = await buildUser(t.container);
    const refused = await send(outsider, 'POST', `${api}/notes`, { body: 'Let me in' });
    expect(refused.statusCode).toBe(403);

    await send(owner, 'PUT', api, { discussion_locked: 'false' });
    const history = (await send(owner, 'GET', `${page}/discussions.json?notes_filter=2`)).json<
      Discussion[]
    >();
    const texts = history.map((d) => d.notes[0]?.note);
    expect(texts).toEqual(
      expect.arrayContaining([
        'locked the discussion in this merge request',
        'unlocked the discussion in this merge request',
      ]),
    );
    expect(((await count(owner, api)) as MergeRequest).discussion_locked).toBe(false);
  });

  it('refuses the lock to those who may not edit the request (a reporter), and a malformed value, changing nothing', async () => {
    expect((await send(reporter, 'PUT', api, { discussion_locked: true })).statusCode).toBe(403);
    expect((await send(owner, 'PUT', api, { discussion_locked: 'maybe' })).statusCode).toBe(400);
    expect(((await count(owner, api)) as MergeRequest).discussion_locked).toBe(false);
  });
});
