import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, pushFile } from '../../../../test/support/merge-request-factories';
import type { TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import { buildApp } from '../../app';
import type { ProjectContext } from '../projects/projects.service';
import { createMergeService } from './merge.service';
import { mergeTestSetup } from './merge-test-setup';

/** Removing the source branch when a merge request is merged. */
describe('merging merge requests', () => {
  const kit = mergeTestSetup();
  const { mrUrl, pageUrl, merge, mergeCall, show, page, head, projectWith, diverged } = kit;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(() => {
    ({ t, owner } = kit);
  });

  describe('removing the source branch', () => {
    const cachedWidget = async (p: ProjectContext, user: TestUser = owner) =>
      (
        await t.app.inject({ url: `${pageUrl(p)}/cached_widget.json`, headers: user.headers })
      ).json<CachedWidget>();

    /** GitLab's "Delete source branch when merge request is accepted", chosen by editing the request. */
    async function authorChoosesDeletion(p: ProjectContext, author: TestUser = owner) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v4/projects/${p.project.id}/merge_requests/1`,
        payload: { remove_source_branch: true },
        headers: author.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ force_remove_source_branch: true });
    }

    /** A request from `feature` by a Developer who chose to delete it, where the project keeps branches by default. */
    async function requestByDeveloper() {
      const p = await projectWith({ remove_source_branch_after_merge: false });
      const author = await buildUser(t.container, { name: 'Dana Developer' });
      await addProjectMember(t.container, p, author, ACCESS_LEVELS.developer);
      await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
      const created = await t.container.mergeRequests.create(author, p.project.id, {
        source_branch: 'feature',
        title: 'Add a cart',
        remove_source_branch: true,
      });
      expect(created.mergeRequest.shouldRemoveSourceBranch).toBe(true);
      return { p, author };
    }

    const demoteToReporter = async (p: ProjectContext, user: TestUser) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v4/projects/${p.project.id}/members/${user.id}`,
        payload: { access_level: ACCESS_LEVELS.reporter },
        headers: owner.headers,
      });
      expect(response.statusCode).toBe(200);
    };

    it('removes it when asked, with the branch’s head unchanged', async () => {
      const p = await diverged({ remove_source_branch_after_merge: false });
      const response = await merge(owner, p, { should_remove_source_branch: true });
      expect(response.json()).toMatchObject({ state: 'merged', should_remove_source_branch: true });
      expect(await head(p, 'feature')).toBeNull();
      expect((await page(p)).source_branch_exists).toBe(false);
    });

    it('follows the project’s setting when the merge does not say', async () => {
      const removing = await diverged();
      await merge(owner, removing);
      expect(await head(removing, 'feature')).toBeNull();
      const keeping = await diverged({ remove_source_branch_after_merge: false });
      await merge(owner, keeping);
      expect(await head(keeping, 'feature')).not.toBeNull();
    });

    it('never removes a protected source branch, whoever chose it, nor promises to', async () => {
      const p = await projectWith();
      await pushFile(p, 'release', { path: 'r.txt', content: 'r\n' });
      await t.container.protectedBranches.protect(p.project.id, {
        name: 'release',
        push_access_level: 40,
        merge_access_level: 40,
        allow_force_push: false,
      });
      await t.container.mergeRequests.create(owner, p.project.id, {
        source_branch: 'release',
        title: 'Release',
      });
      await authorChoosesDeletion(p);
      expect((await page(p)).current_user.can_remove_source_branch).toBe(false);
      expect((await cachedWidget(p)).remove_source_branch).toBe(false);
      expect((await merge(owner, p, { should_remove_source_branch: true })).statusCode).toBe(200);
      expect(await head(p, 'release')).not.toBeNull();
    });

    it('carries out the author’s choice when the merger states none, and says so beforehand', async () => {
      const { p, author } = await requestByDeveloper();
      const merger = await buildUser(t.container, { name: 'Mia Maintainer' });
      await addProjectMember(t.container, p, merger, ACCESS_LEVELS.maintainer);
      expect(await cachedWidget(p)).toMatchObject({
        should_remove_source_branch: true,
        force_remove_source_branch: true,
        remove_source_branch: true,
      });
      // The merge form of a viewer without the checkbox sends no choice.
      const call = await mergeCall(merger, p, { sha: (await show(p)).sha, squash: false });
      expect(call.json()).toEqual({ status: 'success' });
      expect(await head(p, 'feature')).toBeNull();
      expect((await show(p)).author?.id).toBe(author.id);
    });

    it('keeps the branch when its author may no longer remove it, unless the merger asks with their own right', async () => {
      const kept = await requestByDeveloper();
      await demoteToReporter(kept.p, kept.author);
      expect((await cachedWidget(kept.p)).remove_source_branch).toBe(false);
      expect((await merge(owner, kept.p)).json()).toMatchObject({ state: 'merged' });
      expect(await head(kept.p, 'feature')).not.toBeNull();

      const asked = await requestByDeveloper();
      await demoteToReporter(asked.p, asked.author);
      const merged = await merge(owner, asked.p, { should_remove_source_branch: true });
      expect(merged.json()).toMatchObject({ state: 'merged', should_remove_source_branch: true });
      expect(await head(asked.p, 'feature')).toBeNull();
    });

    it('removes the branch for a merger without the right only by the author’s choice, never by their own ask', async () => {
      // No role here may merge yet not remove an unprotected branch (both take a Developer); in
      // GitLab a fork's source branch is one. The merger's right is taken away to show the rule.
      const merges = createMergeService({
        ...t.container,
        mergeRequests: {
          ...t.container.mergeRequests,
          detailOf: async (...args) => {
            const detail = await t.container.mergeRequests.detailOf(...args);
            return { ...detail, permissions: { ...detail.permissions, canRemoveSourceBranch: false } };
          },
        },
      });
      const app = await buildApp(t.deps, { container: { ...t.container, merges } });
      const mergeIn = (p: ProjectContext, payload: Record<string, unknown>) =>
        app.inject({ method: 'PUT', url: `${mrUrl(p)}/merge`, payload, headers: owner.headers });
      try {
        const chosen = await requestByDeveloper();
        expect((await mergeIn(chosen.p, {})).json()).toMatchObject({ state: 'merged' });
        expect(await head(chosen.p, 'feature')).toBeNull();

        const unchosen = await diverged({ remove_source_branch_after_merge: false });
        const merged = await mergeIn(unchosen, { should_remove_source_branch: true });
        // Not carried out, and not kept as the request's own choice either.
        expect(merged.json()).toMatchObject({ state: 'merged', should_remove_source_branch: null });
        expect(await head(unchosen, 'feature')).not.toBeNull();
      } finally {
        await app.close();
      }
    });

    it('deletes a merged branch through the branches API, and refuses a protected one', async () => {
      const p = await diverged({ remove_source_branch_after_merge: false });
      await merge(owner, p);
      const branches = `/api/v4/projects/${p.project.id}/repository/branches`;
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `${branches}/feature`,
        headers: owner.headers,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await head(p, 'feature')).toBeNull();
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `${branches}/main`,
        headers: owner.headers,
      });
      expect(refused.statusCode).toBe(400);
      await pushFile(p, 'release', { path: 'r.txt', content: 'r\n' });
      await t.container.protectedBranches.protect(p.project.id, {
        name: 'release',
        push_access_level: 40,
        merge_access_level: 40,
        allow_force_push: false,
      });
      const protectedOne = await t.app.inject({
        method: 'DELETE',
        url: `${branches}/release`,
        headers: owner.headers,
      });
      expect(protectedOne.statusCode).toBe(403);
      expect(protectedOne.json()).toEqual({ message: 'Protected branch cannot be deleted' });
    });
  });
});
