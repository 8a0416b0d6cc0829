import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequest, MergeRequestDetail, MergeRequestPage } from '../../../shared/api/mergeRequests';
import type { MergeRequestReviewer } from '../../../shared/api/reviewers';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import {
  addProjectMember,
  buildMergeRequest,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

type NoteJson = { body: string; system: boolean };

describe('merge request reviewers', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let maintainer: TestUser;
  let reporter: TestUser;
  let outsider: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    developer = await buildUser(t.container, { name: 'Dev Eloper' });
    maintainer = await buildUser(t.container, { name: 'Mae Maintainer' });
    reporter = await buildUser(t.container, { name: 'Rita Reporter' });
    outsider = await buildUser(t.container, { name: 'Otto Outsider' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, maintainer, ACCESS_LEVELS.maintainer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
  });
  afterAll(() => t.close());

  const api = () => `/api/v4/projects/${project.project.id}/merge_requests`;
  const send = (method: 'POST' | 'PUT' | 'GET', user: TestUser, url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: user.headers });

  async function newRequest() {
    const view = await buildMergeRequest(t.container, owner, project);
    return view.mergeRequest;
  }
  const show = async (iid: number) =>
    (await send('GET', owner, `${api()}/${iid}`)).json<MergeRequestDetail>();
  const reviewerNames = async (iid: number) => (await show(iid)).reviewers.map((user) => user.username);
  const reviewerStates = async (iid: number) =>
    (await send('GET', owner, `${api()}/${iid}/reviewers`))
      .json<MergeRequestReviewer[]>()
      .map((reviewer) => [reviewer.user.username, reviewer.state]);
  const systemNotes = async (iid: number) =>
    (await send('GET', owner, `${api()}/${iid}/notes?sort=asc`))
      .json<NoteJson[]>()
      .filter((note) => note.system)
      .map((note) => note.body);

  it('creates a request with reviewers, shown in every answer, without a system note', async () => {
    await pushFile(project, 'feature/reviewed', { path: 'r.txt', content: 'r\n' });
    const response = await send('POST', owner, api(), {
      source_branch: 'feature/reviewed',
      title: 'Reviewed work',
      reviewer_ids: [developer.id, maintainer.id],
    });
    expect(response.statusCode).toBe(201);
    const mr = response.json<MergeRequestDetail>();
    expect(mr.reviewers.map((user) => user.username)).toEqual([developer.username, maintainer.username]);
    expect(mr.reviewers[0]).toMatchObject({ id: developer.id, name: 'Dev Eloper', state: 'active' });
    expect(await systemNotes(mr.iid)).toEqual([]);

    const listed = (await send('GET', owner, `${api()}?per_page=100`)).json<MergeRequest[]>();
    expect(listed.find((one) => one.iid === mr.iid)?.reviewers.map((user) => user.id)).toEqual([
      developer.id,
      maintainer.id,
    ]);
    const page = await t.app.inject({
      method: 'GET',
      url: `/${project.fullPath}/-/merge_requests/${mr.iid}.json`,
      headers: owner.headers,
    });
    const json = page.json<MergeRequestPage>();
    expect(json.reviewers.map((user) => user.id)).toEqual([developer.id, maintainer.id]);
    expect(json.reviewer_states.map((reviewer) => reviewer.state)).toEqual(['unreviewed', 'unreviewed']);

    const reviewers = await send('GET', reporter, `${api()}/${mr.iid}/reviewers`);
    expect(reviewers.statusCode).toBe(200);
    expect(reviewers.headers['x-total']).toBe('2');
    const [first] = reviewers.json<MergeRequestReviewer[]>();
    expect(first).toMatchObject({
      user: { id: developer.id, username: developer.username },
      state: 'unreviewed',
    });
    expect(Date.parse(first?.created_at ?? '')).not.toBeNaN();
  });

  it('replaces reviewers on update with GitLab\'s "requested review from" notes', async () => {
    const { iid } = await newRequest();
    const first = await send('PUT', owner, `${api()}/${iid}`, { reviewer_ids: [developer.id] });
    expect(first.statusCode).toBe(200);
    expect(first.json<MergeRequestDetail>().reviewers.map((user) => user.id)).toEqual([developer.id]);
    await send('PUT', owner, `${api()}/${iid}`, { reviewer_ids: [maintainer.id, reporter.id] });
    await send('PUT', owner, `${api()}/${iid}`, { reviewer_ids: [reporter.id] });
    await send('PUT', owner, `${api()}/${iid}`, { reviewer_ids: [0] });
    expect(await reviewerNames(iid)).toEqual([]);
    expect(await systemNotes(iid)).toEqual([
      `requested review from @${developer.username}`,
      `requested review from @${maintainer.username} and @${reporter.username} and removed review request for @${developer.username}`,
      `removed review request for @${maintainer.username}`,
      `removed review request for @${reporter.username}`,
    ]);
  });

  it("saves reviewers through the page's own update, answering the page JSON", async () => {
    const { iid } = await newRequest();
    const url = `/${project.fullPath}/-/merge_requests/${iid}.json`;
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: { merge_request: { reviewer_ids: [maintainer.id] } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<MergeRequestPage>().reviewer_states).toMatchObject([
      { user: { id: maintainer.id }, state: 'unreviewed' },
    ]);
    const refused = await t.app.inject({
      method: 'PUT',
      url,
      headers: reporter.headers,
      payload: { merge_request: { reviewer_ids: [] } },
    });
    expect(refused.statusCode).toBe(403);
    expect(await reviewerNames(iid)).toEqual([maintainer.username]);
  });

  it('leaves out users who may not read the project and unknown ids, writing nothing when none is left', async () => {
    const { iid } = await newRequest();
    const none = await send('PUT', owner, `${api()}/${iid}`, { reviewer_ids: [outsider.id, 999_999] });
    expect(none.statusCode).toBe(200);
    expect(none.json<MergeRequestDetail>().reviewers).toEqual([]);
    expect(await systemNotes(iid)).toEqual([]);

    await send('PUT', owner, `${api()}/${iid}`, { reviewer_ids: [outsider.id, developer.id] });
    expect(await reviewerNames(iid)).toEqual([developer.username]);
    expect((await send('PUT', owner, `${api()}/${iid}`, { reviewer_ids: ['x'] })).statusCode).toBe(400);
    expect(await reviewerNames(iid)).toEqual([developer.username]);
  });

  it('lets only those who may edit the request ask for reviews', async () => {
    const { iid } = await newRequest();
    const response = await send('PUT', reporter, `${api()}/${iid}`, { reviewer_ids: [reporter.id] });
    expect(response.statusCode).toBe(403);
    expect(await reviewerNames(iid)).toEqual([]);
    const note = await send('POST', reporter, `${api()}/${iid}/notes`, { body: `/assign_reviewer me` });
    expect(note.json()).toMatchObject({ summary: ['Could not apply assign_reviewer command.'] });
    expect(await reviewerNames(iid)).toEqual([]);
    expect(await systemNotes(iid)).toEqual([]);
  });

  it('filters lists by reviewer id, username, None and Any, on the project and across projects', async () => {
    const mine = (await newRequest()).iid;
    const theirs = (await newRequest()).iid;
    const nobodys = (await newRequest()).iid;
    await send('PUT', owner, `${api()}/${mine}`, { reviewer_ids: [reporter.id] });
    await send('PUT', owner, `${api()}/${theirs}`, { reviewer_ids: [maintainer.id] });
    const iids = async (query: string, url = api()) =>
      (await send('GET', owner, `${url}?per_page=100&${query}`)).json<MergeRequest[]>().map((mr) => mr.iid);
    expect(await iids(`reviewer_id=${reporter.id}`)).toEqual([mine]);
    expect(await iids(`reviewer_username=${maintainer.username}`)).toContain(theirs);
    expect(await iids(`reviewer_username=${maintainer.username}`)).not.toContain(mine);
    expect(await iids('reviewer_id=None')).toContain(nobodys);
    expect(await iids('reviewer_id=None')).not.toContain(mine);
    expect(await iids('reviewer_id=Any')).toEqual(expect.arrayContaining([mine, theirs]));
    expect(await iids('reviewer_id=Any')).not.toContain(nobodys);
    expect(await iids(`scope=all&reviewer_username=${reporter.username}`, '/api/v4/merge_requests')).toEqual([
      mine,
    ]);
    expect((await send('GET', owner, `${api()}?reviewer_id=nobody`)).statusCode).toBe(400);
  });

  it('moves a review along: started by a pending comment, reviewed when submitted, asked again', async () => {
    const { iid, id } = await newRequest();
    await send('PUT', owner, `${api()}/${iid}`, { reviewer_ids: [developer.id, maintainer.id] });
    const drafted = await send('POST', developer, `${api()}/${iid}/draft_notes`, { note: 'One thing' });
    expect(drafted.statusCode).toBe(201);
    expect(await reviewerStates(iid)).toEqual([
      [developer.username, 'review_started'],
      [maintainer.username, 'unreviewed'],
    ]);
    expect((await send('POST', developer, `${api()}/${iid}/draft_notes/bulk_publish`)).statusCode).toBe(204);
    expect(await reviewerStates(iid)).toContainEqual([developer.username, 'reviewed']);

    // What the approvals feature calls when a reviewer approves.
    expect(await t.container.mergeRequestReviewers.setReviewerState(id, maintainer.id, 'approved')).toBe(
      true,
    );
    expect(await t.container.mergeRequestReviewers.setReviewerState(id, reporter.id, 'approved')).toBe(false);
    expect(await reviewerStates(iid)).toContainEqual([maintainer.username, 'approved']);

    const rereview = (user: TestUser, reviewerId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: user.headers,
        payload: {
          query: `mutation($input: MergeRequestReviewerRereviewInput!) {
            mergeRequestReviewerRereview(input: $input) { mergeRequest { iid } errors } }`,
          variables: {
            input: {
              projectPath: project.fullPath,
              iid: String(iid),
              userId: `gid://gitlab/User/${reviewerId}`,
            },
          },
        },
      });
    const refused = await rereview(reporter, developer.id);
    expect(refused.json()).toMatchObject({
      data: { mergeRequestReviewerRereview: { mergeRequest: null, errors: ['403 Forbidden'] } },
    });
    const asked = await rereview(owner, developer.id);
    expect(asked.json()).toMatchObject({
      data: { mergeRequestReviewerRereview: { mergeRequest: { iid: String(iid) }, errors: [] } },
    });
    expect(await reviewerStates(iid)).toEqual([
      [developer.username, 'unreviewed'],
      [maintainer.username, 'approved'],
    ]);
    expect((await systemNotes(iid)).at(-1)).toBe(`requested review from @${developer.username}`);
  });

  it('assigns, re-requests, reassigns and removes reviewers with quick actions', async () => {
    const { iid } = await newRequest();
    const note = async (body: string) =>
      (await send('POST', developer, `${api()}/${iid}/notes`, { body })).json<{ summary: string[] }>()
        .summary;
    expect(await note(`/assign_reviewer @${reporter.username} @${maintainer.username}`)).toEqual([
      `Assigned @${reporter.username} and @${maintainer.username} as reviewers.`,
    ]);
    expect(await note(`/assign_reviewer @${outsider.username}`)).toEqual([
      'Could not apply assign_reviewer command.',
    ]);
    expect(await note(`/unassign_reviewer @${reporter.username}`)).toEqual([
      `Removed reviewer @${reporter.username}.`,
    ]);
    expect(await note(`/request_review @${maintainer.username} me`)).toEqual([
      `Requested a review from @${maintainer.username} and @${developer.username}.`,
    ]);
    expect(await reviewerNames(iid)).toEqual([developer.username, maintainer.username].sort(byId));
    expect(await note(`/reassign_reviewer @${owner.username}`)).toEqual(['Changed reviewers.']);
    expect(await reviewerNames(iid)).toEqual([owner.username]);
    expect(await note('/unassign_reviewer')).toEqual([`Removed reviewer @${owner.username}.`]);
    expect(await note('/unassign_reviewer')).toEqual(['Could not apply unassign_reviewer command.']);
    expect(await systemNotes(iid)).toEqual([
      `requested review from @${reporter.username} and @${maintainer.username}`,
      `removed review request for @${reporter.username}`,
      `requested review from @${maintainer.username}`,
      `requested review from @${developer.username}`,
      `requested review from @${owner.username} and removed review request for @${developer.username} and @${maintainer.username}`,
      `removed review request for @${owner.username}`,
    ]);
  });

  /** Reviewers are listed by user id. */
  const byId = (a: string, b: string) => idOf(a) - idOf(b);
  const idOf = (username: string) =>
    [owner, developer, maintainer, reporter, outsider].find((user) => user.username === username)?.id ?? 0;
});
