import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import {
  addProjectMember,
  buildMergeRequest,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import type { TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { mergeTestSetup } from './merge-test-setup';

/** Merges refused without writing anything, and the page's own merge call. */
describe('merging merge requests', () => {
  const kit = mergeTestSetup();
  const { merge, mergeCall, show, page, head, projectWith, diverged, expectNothingWritten } = kit;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(() => {
    ({ t, owner } = kit);
  });

  describe('refusals that write nothing', () => {
    it('answers 409 with the current head for a stale sha', async () => {
      const p = await diverged();
      const mainBefore = await head(p, 'main');
      const sourceHead = await head(p, 'feature');
      const response = await merge(owner, p, { sha: mainBefore });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: `SHA does not match HEAD of source branch: ${sourceHead}` });
      expect((await mergeCall(owner, p, { sha: mainBefore })).json()).toEqual({ status: 'sha_mismatch' });
      await expectNothingWritten(p, mainBefore);
    });

    it('refuses drafts and closed requests with 405', async () => {
      const p = await projectWith();
      await buildMergeRequest(t.container, owner, p, { source_branch: 'wip', draft: true });
      await buildMergeRequest(t.container, owner, p, { source_branch: 'shut' });
      await t.container.mergeRequests.update(owner, p.project.id, 2, { state_event: 'close' });
      const mainBefore = await head(p, 'main');
      expect((await merge(owner, p, {}, 1)).statusCode).toBe(405);
      expect((await mergeCall(owner, p, { sha: (await show(p, 1)).sha }, 1)).json()).toEqual({
        status: 'failed',
        merge_error: 'Merge request must not be draft.',
      });
      expect((await merge(owner, p, {}, 2)).statusCode).toBe(405);
      expect(await head(p, 'main')).toBe(mainBefore);
    });

    it('blocks every merge in a project that requires a successful pipeline, as there are none', async () => {
      const p = await diverged({ only_allow_merge_if_pipeline_succeeds: true });
      expect((await show(p)).detailed_merge_status).toBe('ci_must_pass');
      expect((await mergeCall(owner, p, { sha: (await show(p)).sha })).json()).toEqual({
        status: 'failed',
        merge_error: 'Pipeline must succeed.',
      });
    });

    it('refuses a Developer merging into the protected main branch with 403', async () => {
      const p = await diverged();
      const developer = await buildUser(t.container);
      await addProjectMember(t.container, p, developer, ACCESS_LEVELS.developer);
      const mainBefore = await head(p, 'main');
      const response = await merge(developer, p);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: '403 Forbidden' });
      expect((await mergeCall(developer, p, { sha: (await show(p)).sha })).statusCode).toBe(403);
      await expectNothingWritten(p, mainBefore);
    });

    it('lets a Developer merge into an unprotected branch', async () => {
      const p = await projectWith();
      const developer = await buildUser(t.container);
      await addProjectMember(t.container, p, developer, ACCESS_LEVELS.developer);
      await pushFile(p, 'staging', { path: 's.txt', content: 's\n' });
      await buildMergeRequest(t.container, developer, p, {
        source_branch: 'topic',
        target_branch: 'staging',
      });
      expect((await merge(developer, p)).statusCode).toBe(200);
    });

    it('asks anonymous callers to sign in, and hides private projects from strangers', async () => {
      const p = await diverged();
      expect((await merge(null, p)).statusCode).toBe(401);
      expect((await mergeCall(null, p, { sha: 'x' })).statusCode).toBe(401);
      const stranger = await buildUser(t.container);
      const response = await merge(stranger, p);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: '404 Project Not Found' });
    });

    it('turns merge trains down with 422 where the project has none', async () => {
      const p = await diverged();
      const response = await mergeCall(owner, p, {
        sha: (await show(p)).sha,
        auto_merge_strategy: 'merge_train',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'Merge trains are not enabled for this project',
      });
      expect((await show(p)).state).toBe('opened');
    });

    it('refuses a malformed merge call with 400', async () => {
      const p = await diverged();
      const response = await mergeCall(owner, p, { sha: (await show(p)).sha, squash: 'perhaps' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'squash is invalid' });
    });
  });

  describe('the merge call of the page', () => {
    it('merges and answers success, and the page shows the landed commit', async () => {
      const p = await diverged();
      const before = await page(p);
      expect(before).toMatchObject({
        user: { can_merge: true },
        current_user: { can_remove_source_branch: true },
        force_remove_source_branch: true,
        squash_readonly: false,
        ff_only_enabled: false,
        default_merge_commit_message: `Merge branch 'feature' into 'main'\n\nAdd a cart\n\nSee merge request ${p.fullPath}!1`,
        default_squash_commit_message: 'Add a cart',
        merged_commit_sha: null,
      });
      const response = await mergeCall(owner, p, {
        sha: before.sha,
        should_remove_source_branch: false,
        squash: false,
        skip_merge_train: false,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success' });
      const after = await page(p);
      const landed = await head(p, 'main');
      expect(after).toMatchObject({
        state: 'merged',
        merged_commit_sha: landed,
        short_merged_commit_sha: landed?.slice(0, 8),
        source_branch_exists: true,
        should_remove_source_branch: false,
        default_merge_commit_message: null,
      });
    });
  });
});
