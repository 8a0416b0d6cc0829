import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../../test/support/factories';
import { buildMergeRequest, pushFile } from '../../../../test/support/merge-request-factories';
import type { TestApp } from '../../../../test/support/test-app';
import type { MergeRequestDetail } from '../../../shared/api/mergeRequests';
import { readCommit } from '../../git/commits';
import { isAncestor, mergeBase } from '../../git/repository';
import type { BusEvent } from '../../realtime/bus';
import { mergeTestSetup } from './merge-test-setup';

/** Merging by each merge method (merge commit, semi-linear, fast-forward) and with squash. */
describe('merging merge requests', () => {
  const kit = mergeTestSetup();
  const { merge, mergeCall, show, page, head, projectWith, diverged, expectNothingWritten } = kit;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(() => {
    ({ t, owner } = kit);
  });

  describe('with a merge commit (the default method)', () => {
    it('merges target and source in a merge commit with GitLab’s message, and records who merged', async () => {
      const p = await diverged();
      const [mainBefore, sourceHead] = [await head(p, 'main'), await head(p, 'feature')];
      const events: BusEvent[] = [];
      const unsubscribe = t.container.bus.subscribe((event) => {
        events.push(event);
      });
      const response = await merge(owner, p, { sha: sourceHead });

      expect(response.statusCode).toBe(200);
      const merged = response.json<MergeRequestDetail>();
      const mainAfter = await head(p, 'main');
      expect(merged).toMatchObject({
        state: 'merged',
        merged_by: { username: owner.username },
        merge_user: { username: owner.username },
        merge_commit_sha: mainAfter,
        squash_commit_sha: null,
        detailed_merge_status: 'not_open',
        merge_error: null,
      });
      expect(Date.parse(merged.merged_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
      const commit = await readCommit(p.gitDir, mainAfter ?? '');
      expect(commit).toMatchObject({
        parentShas: [mainBefore, sourceHead],
        message: `Merge branch 'feature' into 'main'\n\nAdd a cart\n\nSee merge request ${p.fullPath}!1`,
        author: { name: 'Olivia Owner', email: owner.email },
      });
      // The push's announcement follows the answer (merge.service, carryOut), and on PostgreSQL
      // the bus delivers through LISTEN/NOTIFY, a moment after the publish.
      await expect
        .poll(() => events.map((event) => event.type))
        .toEqual(expect.arrayContaining(['merge_request.updated', 'repository.pushed']));
      expect(events).toContainEqual(expect.objectContaining({ type: 'merge_request.updated', iid: 1 }));
      unsubscribe();
    });

    it('takes the merger’s message, or the project’s template', async () => {
      const p = await diverged();
      await merge(owner, p, { merge_commit_message: 'Ship the cart' });
      expect((await readCommit(p.gitDir, (await head(p, 'main')) ?? ''))?.message).toBe('Ship the cart');

      const templated = await diverged({
        merge_commit_template: "Merge '%{source_branch}': %{title}\n\n%{approved_by}\n\n%{reference}",
      });
      expect((await page(templated)).default_merge_commit_message).toBe(
        `Merge 'feature': Add a cart\n\n${templated.fullPath}!1`,
      );
      await merge(owner, templated);
      expect((await readCommit(templated.gitDir, (await head(templated, 'main')) ?? ''))?.message).toBe(
        `Merge 'feature': Add a cart\n\n${templated.fullPath}!1`,
      );
    });

    it('fills a template’s commit variables from the request’s commits, and squash messages from the squash template', async () => {
      const p = await diverged({
        merge_commit_template: '%{title}\n\n%{all_commits}',
        squash_commit_template: 'Squashed: %{first_commit}',
        squash_option: 'always',
      });
      const response = await merge(owner, p);
      expect(response.statusCode).toBe(200);
      const merged = response.json<MergeRequestDetail>();
      expect((await readCommit(p.gitDir, merged.merge_commit_sha ?? ''))?.message).toBe(
        'Add a cart\n\n* Test the cart\n* Add the cart',
      );
      expect((await readCommit(p.gitDir, merged.squash_commit_sha ?? ''))?.message).toBe(
        'Squashed: Add the cart',
      );
    });

    it('answers with the merged request as reading it afterwards shows it, the source branch kept or removed', async () => {
      for (const removes of [true, false]) {
        const p = await diverged({ remove_source_branch_after_merge: removes });
        const answered = (await merge(owner, p)).json<MergeRequestDetail>();
        expect(answered.state).toBe('merged');
        expect(answered).toEqual(await show(p));
      }
    });

    it('squashes into one commit on the merge base, titled like the request, then merges it', async () => {
      const p = await diverged();
      const [mainBefore, sourceHead] = [await head(p, 'main'), await head(p, 'feature')];
      const response = await merge(owner, p, { squash: true });
      expect(response.statusCode).toBe(200);
      const merged = response.json<MergeRequestDetail>();
      expect(merged).toMatchObject({
        squash: true,
        squash_on_merge: true,
        merge_commit_sha: await head(p, 'main'),
      });
      const squash = await readCommit(p.gitDir, merged.squash_commit_sha ?? '');
      expect(squash).toMatchObject({
        parentShas: [await mergeBase(p.gitDir, mainBefore ?? '', sourceHead ?? '')],
        message: 'Add a cart',
        author: { name: 'Olivia Owner' },
      });
      expect((await readCommit(p.gitDir, merged.merge_commit_sha ?? ''))?.parentShas).toEqual([
        mainBefore,
        squash?.sha,
      ]);
      // The source's own commits did not land on main; the squash commit did.
      expect(await isAncestor(p.gitDir, sourceHead ?? '', (await head(p, 'main')) ?? '')).toBe(false);
    });

    it('refuses a request known to conflict with 405 and tells the page why, writing nothing', async () => {
      const p = await projectWith();
      await buildMergeRequest(t.container, owner, p, { source_branch: 'clash' });
      const mainBefore = await head(p, 'main');
      const newSha = await pushFile(p, 'main', { path: 'clash.txt', content: 'main wrote this first\n' });
      await t.container.mergeRequests.handlePush({
        projectId: p.project.id,
        changes: [{ ref: 'refs/heads/main', oldSha: mainBefore ?? '', newSha }],
      });

      const rest = await merge(owner, p);
      expect(rest.statusCode).toBe(405);
      expect(rest.json()).toEqual({ message: '405 Method Not Allowed' });
      const call = await mergeCall(owner, p, { sha: (await show(p)).sha });
      expect(call.json()).toEqual({ status: 'failed', merge_error: 'Merge conflicts must be resolved.' });
      await expectNothingWritten(p, newSha);
      expect((await show(p)).detailed_merge_status).toBe('conflict');
    });

    it('finds a conflict its stored status missed when merging: 422, the reason kept, nothing written', async () => {
      const p = await projectWith();
      await buildMergeRequest(t.container, owner, p, { source_branch: 'clash' });
      // Written without announcing the push, so the request still reads as mergeable.
      const mainHead = await pushFile(p, 'main', { path: 'clash.txt', content: 'main wrote this first\n' });
      expect((await show(p)).detailed_merge_status).toBe('mergeable');

      const response = await merge(owner, p);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'Branch cannot be merged' });
      await expectNothingWritten(p, mainHead);
      expect(await show(p)).toMatchObject({
        merge_error: 'Merge conflicts must be resolved.',
        detailed_merge_status: 'conflict',
      });
    });
  });

  describe('semi-linear (rebase_merge)', () => {
    it('refuses a source branch behind its target: need_rebase, 405, nothing written', async () => {
      const p = await diverged({ merge_method: 'rebase_merge' });
      const mainBefore = await head(p, 'main');
      expect((await show(p)).detailed_merge_status).toBe('need_rebase');
      expect((await merge(owner, p)).statusCode).toBe(405);
      expect((await mergeCall(owner, p, { sha: (await show(p)).sha })).json()).toEqual({
        status: 'failed',
        merge_error: 'Merge request must be rebased, because a fast-forward merge is not possible.',
      });
      await expectNothingWritten(p, mainBefore);
    });

    it('writes a merge commit when the source contains the target head', async () => {
      const p = await projectWith({ merge_method: 'rebase_merge' });
      await buildMergeRequest(t.container, owner, p, { source_branch: 'fresh' });
      const [mainBefore, sourceHead] = [await head(p, 'main'), await head(p, 'fresh')];
      expect((await show(p)).detailed_merge_status).toBe('mergeable');
      const response = await merge(owner, p);
      expect(response.statusCode).toBe(200);
      expect((await readCommit(p.gitDir, (await head(p, 'main')) ?? ''))?.parentShas).toEqual([
        mainBefore,
        sourceHead,
      ]);
    });
  });

  describe('fast-forward only (ff)', () => {
    it('moves the target to the source head without a merge commit', async () => {
      const p = await projectWith({ merge_method: 'ff' });
      await buildMergeRequest(t.container, owner, p, { source_branch: 'straight' });
      const sourceHead = await head(p, 'straight');
      const response = await merge(owner, p);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        state: 'merged',
        merge_commit_sha: null,
        squash_commit_sha: null,
      });
      expect(await head(p, 'main')).toBe(sourceHead);
      expect((await page(p)).merged_commit_sha).toBe(sourceHead);
    });

    it('squashes into one commit on the target head', async () => {
      const p = await projectWith({ merge_method: 'ff' });
      await buildMergeRequest(t.container, owner, p, { source_branch: 'straight' });
      const mainBefore = await head(p, 'main');
      const merged = (
        await merge(owner, p, { squash: true, squash_commit_message: 'One commit' })
      ).json<MergeRequestDetail>();
      expect(merged.squash_commit_sha).toBe(await head(p, 'main'));
      expect(await readCommit(p.gitDir, merged.squash_commit_sha ?? '')).toMatchObject({
        parentShas: [mainBefore],
        message: 'One commit',
      });
    });

    it('refuses when the target moved on', async () => {
      const p = await diverged({ merge_method: 'ff' });
      const mainBefore = await head(p, 'main');
      expect((await show(p)).detailed_merge_status).toBe('need_rebase');
      expect((await merge(owner, p)).statusCode).toBe(405);
      await expectNothingWritten(p, mainBefore);
    });
  });

  describe('the squash option', () => {
    it('refuses not squashing where the project always squashes, with 422 in GitLab’s words', async () => {
      const p = await diverged({ squash_option: 'always' });
      const mainBefore = await head(p, 'main');
      const response = await merge(owner, p, { squash: false });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'This project requires squashing commits when merge requests are accepted.',
      });
      await expectNothingWritten(p, mainBefore);
      // Without a word about squashing, the project's rule decides.
      expect((await merge(owner, p)).json<MergeRequestDetail>().squash_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    });

    it('refuses squashing where the project never squashes', async () => {
      const p = await diverged({ squash_option: 'never' });
      const response = await mergeCall(owner, p, { sha: (await show(p)).sha, squash: true });
      expect(response.json()).toEqual({
        status: 'failed',
        merge_error: "Squashing not allowed: This project doesn't allow you to squash commits when merging.",
      });
      expect((await show(p)).state).toBe('opened');
    });

    it('starts new requests with squash on where the project squashes by default', async () => {
      const p = await diverged({ squash_option: 'default_on' });
      expect(await show(p)).toMatchObject({ squash: true, squash_on_merge: true });
      expect(await page(p)).toMatchObject({
        squash_readonly: false,
        default_squash_commit_message: 'Add a cart',
      });
    });
  });
});
