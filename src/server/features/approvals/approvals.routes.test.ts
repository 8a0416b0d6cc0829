import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, pushFile, testAuthor } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequestApprovalsJson } from '../../../shared/api/approvals';
import type { MergeRequestDetail } from '../../../shared/api/mergeRequests';
import { mergeRequestApprovals } from '../../db/schema';
import { commitFiles } from '../../git/commits';
import { rebaseOnto } from '../../git/rebase';
import { branchRef, resolveCommit, updateRef } from '../../git/repository';
import type { ProjectContext } from '../projects/projects.service';

/** Approve and unapprove, bound to the head the approver saw, with the settings' refusals. */
describe('merge request approvals', () => {
  let t: TestApp;
  let owner: TestUser;
  let author: TestUser;
  let approver: TestUser;
  let other: TestUser;
  let reporter: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    [owner, author, approver, other, reporter] = [
      await buildUser(t.container),
      await buildUser(t.container),
      await buildUser(t.container),
      await buildUser(t.container),
      await buildUser(t.container),
    ];
  });
  afterAll(() => t.close());

  const api = (p: ProjectContext) => `/api/v4/projects/${p.project.id}`;
  const mrUrl = (p: ProjectContext, iid = 1) => `${api(p)}/merge_requests/${iid}`;
  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const approvals = async (p: ProjectContext, user: TestUser = owner) =>
    (await call(user, 'GET', `${mrUrl(p)}/approvals`)).json<MergeRequestApprovalsJson>();
  const approvedBy = async (p: ProjectContext) =>
    (await approvals(p)).approved_by.map((a) => a.user.username);
  const show = async (p: ProjectContext) => (await call(owner, 'GET', mrUrl(p))).json<MergeRequestDetail>();
  const approve = (user: TestUser, p: ProjectContext, payload: object = {}) =>
    call(user, 'POST', `${mrUrl(p)}/approve`, payload);
  const head = (p: ProjectContext, branch = 'feature') => resolveCommit(p.gitDir, branchRef(branch));
  const storedApprovals = (mergeRequestId: number) =>
    t.deps.database.db
      .select()
      .from(mergeRequestApprovals)
      .where(eq(mergeRequestApprovals.mergeRequestId, mergeRequestId));

  /** A project whose merge requests need one approval from any Developer, with a request by `author`. */
  async function projectWithRule(settings: object = {}) {
    const p = await buildProject(t.container, owner);
    for (const user of [author, approver, other])
      await addProjectMember(t.container, p, user, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
    const rule = await call(owner, 'POST', `${api(p)}/approval_rules`, {
      name: 'Any Developer',
      approvals_required: 1,
      rule_type: 'any_approver',
    });
    expect(rule.statusCode).toBe(201);
    if (Object.keys(settings).length > 0)
      expect((await call(owner, 'POST', `${api(p)}/approvals`, settings)).statusCode).toBe(201);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
    const created = await t.container.mergeRequests.create(author, p.project.id, {
      source_branch: 'feature',
      title: 'Add a cart',
    });
    return { p, mergeRequestId: created.mergeRequest.id };
  }

  /** Pushes a commit to `feature` and lets the server hear of it, as a git push would. */
  async function push(p: ProjectContext, commit: () => Promise<string>) {
    const oldSha = (await head(p)) ?? '';
    const newSha = await commit();
    await t.container.mergeRequests.handlePush({
      projectId: p.project.id,
      changes: [{ ref: 'refs/heads/feature', oldSha, newSha }],
    });
    return newSha;
  }

  it('approves and unapproves, and the approval counts toward the rule', async () => {
    const { p } = await projectWithRule();
    expect(await approvals(p)).toMatchObject({ approvals_required: 1, approvals_left: 1, approved: false });
    const response = await approve(approver, p);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      approvals_left: 0,
      approved: true,
      user_has_approved: true,
      user_can_approve: false,
      approved_by: [{ user: { username: approver.username } }],
    });
    expect((await approve(approver, p)).statusCode).toBe(401);
    const revoked = await call(approver, 'POST', `${mrUrl(p)}/unapprove`);
    expect(revoked.statusCode).toBe(201);
    expect(revoked.json()).toMatchObject({ approvals_left: 1, approved: false, approved_by: [] });
    expect((await call(approver, 'POST', `${mrUrl(p)}/unapprove`)).statusCode).toBe(404);
  });

  it('shows a reviewer who approves as approved, and as unapproved once they revoke', async () => {
    const { p } = await projectWithRule();
    const assigned = await call(author, 'PUT', mrUrl(p), { reviewer_ids: [approver.id] });
    expect(assigned.statusCode).toBe(200);
    const stateOf = async () =>
      (await call(owner, 'GET', `${mrUrl(p)}/reviewers`)).json<Array<{ state: string }>>()[0]?.state;
    expect(await stateOf()).toBe('unreviewed');
    expect((await approve(approver, p)).statusCode).toBe(201);
    expect(await stateOf()).toBe('approved');
    expect((await call(approver, 'POST', `${mrUrl(p)}/unapprove`)).statusCode).toBe(201);
    expect(await stateOf()).toBe('unapproved');
  });

  it('refuses a sha that is not the head with 409 and records nothing', async () => {
    const { p } = await projectWithRule();
    const stale = await resolveCommit(p.gitDir, branchRef('main'));
    const response = await approve(approver, p, { sha: stale });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: `SHA does not match HEAD of source branch: ${await head(p)}`,
    });
    expect(await approvedBy(p)).toEqual([]);
    expect((await approve(approver, p, { sha: await head(p) })).statusCode).toBe(201);
  });

  it('asks for the password where the project requires it: missing or wrong is 401', async () => {
    const { p } = await projectWithRule({ require_password_to_approve: true });
    expect((await approve(approver, p)).statusCode).toBe(401);
    const wrong = await approve(approver, p, { approval_password: 'not-it' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: '401 Unauthorized' });
    expect(await approvedBy(p)).toEqual([]);
    expect((await approve(approver, p, { approval_password: approver.password })).statusCode).toBe(201);
    expect(await approvedBy(p)).toEqual([approver.username]);
  });

  it('refuses the author where self-approval is prevented, and Reporters', async () => {
    const { p } = await projectWithRule();
    expect((await approvals(p, author)).user_can_approve).toBe(false);
    expect((await approve(author, p)).statusCode).toBe(401);
    expect((await approve(reporter, p)).statusCode).toBe(403);
    expect(await approvals(p)).toMatchObject({ approvals_left: 1, approved_by: [] });
    await call(owner, 'POST', `${api(p)}/approvals`, { merge_requests_author_approval: true });
    expect((await approve(author, p)).statusCode).toBe(201);
  });

  it('refuses committers and commit authors where the project prevents their approval', async () => {
    const { p } = await projectWithRule({ merge_requests_disable_committers_approval: true });
    const person = (user: TestUser) => ({ name: user.name, email: user.email, date: testAuthor.date });
    // `approver` authored a commit a bot committed; `other` committed one they did not write.
    await push(p, () =>
      commitFiles(p.gitDir, {
        branch: 'feature',
        message: 'Tweak',
        author: person(approver),
        committer: { ...testAuthor, name: 'Rebase Bot', email: 'bot@example.com' },
        changes: [{ action: 'create', path: 'a.txt', content: 'a\n' }],
      }),
    );
    await push(p, () =>
      commitFiles(p.gitDir, {
        branch: 'feature',
        message: 'Fix',
        author: testAuthor,
        committer: person(other),
        changes: [{ action: 'create', path: 'b.txt', content: 'b\n' }],
      }),
    );
    expect((await approve(approver, p)).statusCode).toBe(401);
    expect((await approve(other, p)).statusCode).toBe(401);
    expect(await approvals(p)).toMatchObject({ approvals_left: 1, approved_by: [] });
    expect((await approve(owner, p)).statusCode).toBe(201);
  });

  it('blocks the merge until approved: not_approved, NOT_APPROVED and the exact refusal', async () => {
    const { p } = await projectWithRule();
    expect((await show(p)).detailed_merge_status).toBe('not_approved');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/${p.fullPath}/-/merge_requests/1/merge`,
      payload: { sha: await head(p) },
      headers: owner.headers,
    });
    expect(refused.json()).toEqual({
      status: 'failed',
      merge_error: 'All required approvals must be given.',
    });
    expect((await call(owner, 'PUT', `${mrUrl(p)}/merge`)).statusCode).toBe(405);
    const widget = await call(owner, 'GET', `/${p.fullPath}/-/merge_requests/1/cached_widget.json`);
    const checks = widget.json<{ mergeability_checks: Array<{ identifier: string; status: string }> }>();
    expect(checks.mergeability_checks).toContainEqual({ identifier: 'NOT_APPROVED', status: 'FAILED' });
    await approve(approver, p);
    expect((await show(p)).detailed_merge_status).toBe('mergeable');
    expect((await call(owner, 'PUT', `${mrUrl(p)}/merge`)).statusCode).toBe(200);
  });

  it('lets auto-merge wait for the approvals, then merges', async () => {
    const { p } = await projectWithRule();
    const set = await call(owner, 'PUT', `${mrUrl(p)}/merge`, { auto_merge: true });
    expect(set.json<MergeRequestDetail>()).toMatchObject({
      state: 'opened',
      merge_when_pipeline_succeeds: true,
    });
    await t.container.jobs.drain();
    expect((await show(p)).state).toBe('opened');
    await approve(approver, p);
    await expect
      .poll(
        async () => {
          await t.container.jobs.drain();
          return (await show(p)).state;
        },
        { timeout: 10_000 },
      )
      .toBe('merged');
  });

  it('stops counting the approval of a member who was removed', async () => {
    const { p } = await projectWithRule();
    await approve(approver, p);
    expect((await approvals(p)).approved).toBe(true);
    expect((await call(owner, 'DELETE', `${api(p)}/members/${approver.id}`)).statusCode).toBe(204);
    expect(await approvals(p)).toMatchObject({ approved: false, approvals_left: 1 });
    expect((await show(p)).detailed_merge_status).toBe('not_approved');
  });

  describe('pushes', () => {
    it('removes approvals in the transaction that moves the head, and nowhere else', async () => {
      const { p, mergeRequestId } = await projectWithRule();
      await approve(approver, p);
      // A later step of the same push fails: the head stays, and so does the approval it removed.
      const failingHead = { sha: 'none' };
      t.container.mergeRequests.onHeadMoving.add(async (_tx, move) => {
        if (move.mergeRequestId === mergeRequestId && move.headSha === failingHead.sha)
          throw new Error('a later step of the push failed');
      });
      const headBefore = (await show(p)).sha;
      await expect(
        push(p, async () => {
          failingHead.sha = await pushFile(p, 'feature', { path: 'more.ts', content: 'more\n' });
          return failingHead.sha;
        }),
      ).rejects.toThrow('a later step of the push failed');
      expect((await show(p)).sha).toBe(headBefore);
      expect(await storedApprovals(mergeRequestId)).toHaveLength(1);
      failingHead.sha = 'none';
      await push(p, () => pushFile(p, 'feature', { path: 'again.ts', content: 'again\n' }));
      expect(await storedApprovals(mergeRequestId)).toHaveLength(0);
      expect(await approvals(p)).toMatchObject({ approved: false, approved_by: [] });
    });

    it('never lets an approval racing a push survive onto code it did not see', async () => {
      const { p, mergeRequestId } = await projectWithRule();
      for (let round = 0; round < 4; round += 1) {
        const seenHead = await head(p);
        await Promise.all([
          approve(approver, p, { sha: seenHead }),
          push(p, () => pushFile(p, 'feature', { path: `race-${round}.ts`, content: `${round}\n` })),
        ]);
        const kept = await storedApprovals(mergeRequestId);
        const current = (await show(p)).sha;
        for (const approval of kept) expect(approval.sha).toBe(current);
        await call(approver, 'POST', `${mrUrl(p)}/unapprove`);
      }
    });

    it('keeps approvals across a rebase that leaves the diff unchanged', async () => {
      const { p } = await projectWithRule();
      await approve(approver, p);
      const shaBefore = await head(p);
      const main = await pushFile(p, 'main', { path: 'docs.md', content: 'docs\n', message: 'Docs' });
      await push(p, async () => {
        const before = (await head(p))!;
        const rebased = await rebaseOnto(p.gitDir, { onto: main, head: before, committer: testAuthor });
        if (!rebased.ok) throw new Error(rebased.error);
        expect(await updateRef(p.gitDir, branchRef('feature'), rebased.value.newHead, before)).toBe(true);
        return rebased.value.newHead;
      });
      expect((await show(p)).sha).not.toBe(shaBefore);
      expect(await approvedBy(p)).toEqual([approver.username]);
      await push(p, () => pushFile(p, 'feature', { path: 'cart.ts', content: 'changed\n' }));
      expect(await approvedBy(p)).toEqual([]);
    });

    it('carries approvals over where the project keeps them', async () => {
      const { p } = await projectWithRule({ reset_approvals_on_push: false });
      await approve(approver, p);
      await push(p, () => pushFile(p, 'feature', { path: 'more.ts', content: 'more\n' }));
      expect(await approvedBy(p)).toEqual([approver.username]);
    });
  });
});
