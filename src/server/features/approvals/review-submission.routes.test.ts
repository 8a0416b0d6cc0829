import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequestReviewer } from '../../../shared/api/reviewers';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember } from '../../../../test/support/merge-request-factories';
import type { TestApp } from '../../../../test/support/test-app';
import { mergeTestSetup } from '../merge-requests/merge-test-setup';
import type { ProjectContext } from '../projects/projects.service';

const BLOCKER = 'Change requests must be approved by the requesting user.';

type NoteJson = { body: string; system: boolean; author: { username: string } };
type WidgetJson = { mergeability_checks: Array<{ identifier: string; status: string }> };

/** Submitting a review with Request changes, Approve or Comment, and the REQUESTED_CHANGES merge check. */
describe('submitting a review', () => {
  const kit = mergeTestSetup();
  const { merge, mergeCall, show, mrUrl, pageUrl, head, diverged, expectNothingWritten } = kit;
  let t: TestApp;
  let owner: TestUser;
  let reviewer: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    ({ t, owner } = kit);
    reviewer = await buildUser(t.container, { name: 'Rae Reviewer' });
    other = await buildUser(t.container, { name: 'Oz Other' });
  });

  /** A request from `feature`, with `reviewer` asked to review and `other` a Developer who is not. */
  async function reviewedRequest(): Promise<ProjectContext> {
    const p = await diverged();
    for (const user of [reviewer, other])
      await addProjectMember(t.container, p, user, ACCESS_LEVELS.developer);
    const asked = await t.app.inject({
      method: 'PUT',
      url: mrUrl(p),
      payload: { reviewer_ids: [reviewer.id] },
      headers: owner.headers,
    });
    expect(asked.statusCode).toBe(200);
    return p;
  }

  const submit = (user: TestUser, p: ProjectContext, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `${pageUrl(p)}/draft_notes/bulk_publish`,
      payload,
      headers: user.headers,
    });
  const call = (user: TestUser, p: ProjectContext, path: string) =>
    t.app.inject({ method: 'POST', url: `${mrUrl(p)}/${path}`, headers: user.headers });
  const states = async (p: ProjectContext) =>
    (await t.app.inject({ url: `${mrUrl(p)}/reviewers`, headers: owner.headers }))
      .json<MergeRequestReviewer[]>()
      .map((one) => [one.user.username, one.state]);
  const notes = async (p: ProjectContext) =>
    (await t.app.inject({ url: `${mrUrl(p)}/notes?sort=asc`, headers: owner.headers })).json<NoteJson[]>();
  const widgetCheck = async (p: ProjectContext) =>
    (await t.app.inject({ url: `${pageUrl(p)}/cached_widget.json`, headers: owner.headers }))
      .json<WidgetJson>()
      .mergeability_checks.find((check) => check.identifier === 'REQUESTED_CHANGES')?.status;

  it('blocks the merge while a reviewer’s change request stands, with the spec’s words', async () => {
    const p = await reviewedRequest();
    expect((await show(p)).detailed_merge_status).toBe('mergeable');
    expect(await widgetCheck(p)).toBe('SUCCESS');

    const response = await submit(reviewer, p, {
      reviewer_state: 'requested_changes',
      note: 'Please add tests.',
    });
    expect(response.statusCode).toBe(204);
    expect(await states(p)).toEqual([[reviewer.username, 'requested_changes']]);
    const written = await notes(p);
    expect(written.find((note) => !note.system)).toMatchObject({
      body: 'Please add tests.',
      author: { username: reviewer.username },
    });
    expect(written.filter((note) => note.system).at(-1)).toMatchObject({
      body: 'requested changes',
      author: { username: reviewer.username },
    });

    expect((await show(p)).detailed_merge_status).toBe('requested_changes');
    expect(await widgetCheck(p)).toBe('FAILED');
    const mainBefore = await head(p, 'main');
    const refused = await merge(owner, p);
    expect(refused.statusCode).toBe(405);
    expect((await mergeCall(owner, p, { sha: (await show(p)).sha })).json()).toEqual({
      status: 'failed',
      merge_error: BLOCKER,
    });
    await expectNothingWritten(p, mainBefore);
  });

  it('clears when the same reviewer approves, and not when another user does', async () => {
    const p = await reviewedRequest();
    expect((await submit(reviewer, p, { reviewer_state: 'requested_changes' })).statusCode).toBe(204);

    expect((await call(other, p, 'approve')).statusCode).toBe(201);
    expect((await show(p)).detailed_merge_status).toBe('requested_changes');

    expect((await call(reviewer, p, 'approve')).statusCode).toBe(201);
    expect(await states(p)).toEqual([[reviewer.username, 'approved']]);
    expect((await show(p)).detailed_merge_status).toBe('mergeable');
    expect((await merge(owner, p)).statusCode).toBe(200);
  });

  it('stays blocked when the requesting reviewer is removed, or asked to review again', async () => {
    const p = await reviewedRequest();
    await submit(reviewer, p, { reviewer_state: 'requested_changes' });
    const rereview = await t.container.mergeRequestReviewers.rerequest(owner, p.project.id, 1, reviewer.id);
    expect(rereview.mergeRequest.iid).toBe(1);
    expect(await states(p)).toEqual([[reviewer.username, 'unreviewed']]);
    expect((await show(p)).detailed_merge_status).toBe('requested_changes');

    const setReviewers = (ids: number[]) =>
      t.app.inject({ method: 'PUT', url: mrUrl(p), payload: { reviewer_ids: ids }, headers: owner.headers });
    await setReviewers([]);
    expect((await show(p)).detailed_merge_status).toBe('requested_changes');
    // Asked again while their request stands, the reviewer comes back still asking for changes.
    await setReviewers([reviewer.id]);
    expect(await states(p)).toEqual([[reviewer.username, 'requested_changes']]);
  });

  it('refuses a user who is not a reviewer, and writes nothing', async () => {
    const p = await reviewedRequest();
    const draft = await t.app.inject({
      method: 'POST',
      url: `${pageUrl(p)}/draft_notes`,
      payload: { draft_note: { note: 'Not mine to block' } },
      headers: other.headers,
    });
    expect(draft.statusCode).toBe(201);
    const response = await submit(other, p, { reviewer_state: 'requested_changes' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Reviewer not found' });
    expect((await notes(p)).filter((note) => !note.system)).toEqual([]);
    expect((await show(p)).detailed_merge_status).toBe('mergeable');
  });

  it('approves through the approvals service, and removes the approval on a later change request', async () => {
    const p = await reviewedRequest();
    expect((await submit(reviewer, p, { reviewer_state: 'approved' })).statusCode).toBe(204);
    expect(await states(p)).toEqual([[reviewer.username, 'approved']]);
    const approvals = async () =>
      (await t.app.inject({ url: `${mrUrl(p)}/approvals`, headers: owner.headers })).json<{
        approved_by: Array<{ user: { username: string } }>;
      }>();
    expect((await approvals()).approved_by.map((a) => a.user.username)).toEqual([reviewer.username]);

    await submit(reviewer, p, { reviewer_state: 'requested_changes' });
    expect((await approvals()).approved_by).toEqual([]);
    expect(await states(p)).toEqual([[reviewer.username, 'requested_changes']]);
  });

  it('refuses an approval the rules refuse (the author) before publishing anything', async () => {
    const p = await reviewedRequest();
    await t.app.inject({
      method: 'POST',
      url: `${pageUrl(p)}/draft_notes`,
      payload: { draft_note: { note: 'Self-review' } },
      headers: owner.headers,
    });
    const response = await submit(owner, p, { reviewer_state: 'approved' });
    expect(response.statusCode).toBe(401);
    expect((await notes(p)).filter((note) => !note.system)).toEqual([]);
  });

  it('marks a comment-only review as reviewed, and refuses an unknown state with 400', async () => {
    const p = await reviewedRequest();
    expect((await submit(reviewer, p, { reviewer_state: 'reviewed', note: 'Looks fine.' })).statusCode).toBe(
      204,
    );
    expect(await states(p)).toEqual([[reviewer.username, 'reviewed']]);
    expect((await submit(reviewer, p, { reviewer_state: 'blocked' })).statusCode).toBe(400);
    expect((await show(p)).detailed_merge_status).toBe('mergeable');
  });

  it('submits through GraphQL’s mergeRequestSubmitReview', async () => {
    const p = await reviewedRequest();
    const graphql = (user: TestUser, reviewState: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: user.headers,
        payload: {
          query: `mutation($input: MergeRequestSubmitReviewInput!) {
            mergeRequestSubmitReview(input: $input) { mergeRequest { detailedMergeStatus } errors } }`,
          variables: { input: { projectPath: p.fullPath, iid: '1', reviewState, note: 'Needs work' } },
        },
      });
    expect((await graphql(other, 'REQUESTED_CHANGES')).json()).toEqual({
      data: { mergeRequestSubmitReview: { mergeRequest: null, errors: ['Reviewer not found'] } },
    });
    expect((await graphql(reviewer, 'REQUESTED_CHANGES')).json()).toEqual({
      data: {
        mergeRequestSubmitReview: { mergeRequest: { detailedMergeStatus: 'REQUESTED_CHANGES' }, errors: [] },
      },
    });
    expect((await graphql(reviewer, 'APPROVED')).json()).toEqual({
      data: { mergeRequestSubmitReview: { mergeRequest: { detailedMergeStatus: 'MERGEABLE' }, errors: [] } },
    });
  });
});
