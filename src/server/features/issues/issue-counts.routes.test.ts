import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { Issue, IssueDetail } from '../../../shared/api/issues';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

describe('issue counts in REST', () => {
  let t: TestApp;
  let owner: TestUser;
  let guest: TestUser;
  let project: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    guest = await buildUser(t.container, { name: 'Gus Guest' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, guest, ACCESS_LEVELS.guest);
  });
  afterAll(() => t.close());

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: user.headers });
  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });

  async function createIssue(title: string) {
    return (
      await post(owner, `/api/v4/projects/${project.project.id}/issues`, { title })
    ).json<IssueDetail>();
  }

  it('counts comments (internal ones for who may read them) and the merge requests that close the issue', async () => {
    const issues = `/api/v4/projects/${project.project.id}/issues`;
    const first = await createIssue('First');
    const second = await createIssue('Second');
    await post(owner, `${issues}/${first.iid}/notes`, { body: 'A comment' });
    await post(guest, `${issues}/${first.iid}/notes`, { body: 'Another' });
    await post(owner, `${issues}/${first.iid}/notes`, { body: 'Members only', internal: true });
    // A state change writes a system note, which is not a comment.
    await t.app.inject({
      method: 'PUT',
      url: `${issues}/${first.iid}`,
      payload: { state_event: 'close' },
      headers: owner.headers,
    });
    await buildMergeRequest(t.container, owner, project, { description: `Closes #${first.iid}` });
    await buildMergeRequest(t.container, owner, project, {
      description: `Fixes #${second.iid}, #${first.iid} and #99`,
    });
    await buildMergeRequest(t.container, owner, project, { description: `See #${first.iid}` });

    const counts = (list: Issue[]) =>
      Object.fromEntries(list.map((i) => [i.iid, [i.user_notes_count, i.merge_requests_count]]));
    expect(counts((await get(owner, `${issues}?state=all`)).json<Issue[]>())).toEqual({
      [first.iid]: [3, 2],
      [second.iid]: [0, 1],
    });
    expect(counts((await get(guest, `${issues}?state=all`)).json<Issue[]>())).toEqual({
      [first.iid]: [2, 2],
      [second.iid]: [0, 1],
    });
    const one = (await get(owner, `${issues}/${first.iid}`)).json<IssueDetail>();
    expect([one.user_notes_count, one.merge_requests_count]).toEqual([3, 2]);
  });
});
