import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../../test/support/factories';
import { buildMergeRequest, pushFile } from '../../../../test/support/merge-request-factories';
import type { TestApp } from '../../../../test/support/test-app';
import { buildApp } from '../../app';
import { readCommit } from '../../git/commits';
import { prepareMerge } from '../../git/merge';
import { branchRef, updateRef, updateRefs } from '../../git/repository';
import type { ProjectContext } from '../projects/projects.service';
import { createMergeService, MERGE_FAILURES } from './merge.service';
import type { MergeGit } from './land-merge';
import { findMergeRequestRecord, updateMergeRequestRow } from './merge-requests.repo';
import { STUCK_MERGE_MS } from './merge-settlement';
import { mergeTestSetup } from './merge-test-setup';

/** Merges racing a moving target, each other, or a merge that was written but not landed. */
describe('merging merge requests', () => {
  const kit = mergeTestSetup();
  const { mrUrl, pageUrl, merge, show, head, projectWith, diverged } = kit;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(() => {
    ({ t, owner } = kit);
  });

  describe('races', () => {
    /** A merge service whose first merge written sees `main` move (by `land`) before the ref update. */
    async function withTargetMovingOnce(p: ProjectContext, land: () => Promise<string>) {
      let interloper: string | null = null;
      const git: MergeGit = {
        updateRefs,
        prepareMerge: async (gitDir, plan) => {
          const prepared = await prepareMerge(gitDir, plan);
          interloper ??= await land();
          return prepared;
        },
      };
      const merges = createMergeService({ ...t.container, git });
      const app = await buildApp(t.deps, { container: { ...t.container, merges } });
      try {
        const response = await app.inject({
          method: 'PUT',
          url: `${mrUrl(p)}/merge`,
          headers: owner.headers,
        });
        return { response, interloper: interloper ?? '' };
      } finally {
        await app.close();
      }
    }

    it('merges onto a target that moved while the merge was written, when the two do not conflict', async () => {
      const p = await diverged();
      const sourceHead = await head(p, 'feature');
      const { response, interloper } = await withTargetMovingOnce(p, () =>
        pushFile(p, 'main', { path: 'late.txt', content: 'late\n', message: 'Land late' }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const mainAfter = await head(p, 'main');
      expect(await show(p)).toMatchObject({
        state: 'merged',
        merge_commit_sha: mainAfter,
        merge_error: null,
      });
      // Computed again on the new target: the merge commit sits on the commit that landed meanwhile.
      expect((await readCommit(p.gitDir, mainAfter ?? ''))?.parentShas).toEqual([interloper, sourceHead]);
    });

    it('answers as a conflict when the target moved to something that conflicts, writing nothing', async () => {
      const p = await diverged();
      const sourceHead = await head(p, 'feature');
      const { response, interloper } = await withTargetMovingOnce(p, () =>
        pushFile(p, 'main', { path: 'cart.ts', content: 'another cart\n', message: 'Another cart' }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'Branch cannot be merged' });
      expect(await head(p, 'main')).toBe(interloper);
      expect(await head(p, 'feature')).toBe(sourceHead);
      expect(await show(p)).toMatchObject({
        state: 'opened',
        merge_commit_sha: null,
        merge_error: MERGE_FAILURES.conflict,
      });
    });

    it.each(['ff', 'rebase_merge'] as const)(
      'keeps to the %s merge method: a target that moved meanwhile needs a rebase',
      async (method) => {
        const p = await projectWith({ merge_method: method });
        await buildMergeRequest(t.container, owner, p, { source_branch: 'feature' });
        const { response, interloper } = await withTargetMovingOnce(p, () =>
          pushFile(p, 'main', { path: 'late.txt', content: 'late\n', message: 'Land late' }),
        );
        expect(response.statusCode).toBe(422);
        expect(await head(p, 'main')).toBe(interloper);
        expect(await show(p)).toMatchObject({ state: 'opened', merge_error: MERGE_FAILURES.needsRebase });
      },
    );

    it('refuses cleanly when the source branch moves while the merge is written, keeping the new push', async () => {
      const p = await diverged();
      const mainBefore = await head(p, 'main');
      let pushed: string | null = null;
      const git: MergeGit = {
        updateRefs,
        prepareMerge: async (gitDir, plan) => {
          const prepared = await prepareMerge(gitDir, plan);
          pushed = await pushFile(p, 'feature', { path: 'late.ts', content: 'late\n', message: 'Push late' });
          return prepared;
        },
      };
      const merges = createMergeService({ ...t.container, git });
      const app = await buildApp(t.deps, { container: { ...t.container, merges } });
      try {
        const response = await app.inject({
          method: 'PUT',
          url: `${mrUrl(p)}/merge`,
          headers: owner.headers,
          payload: { should_remove_source_branch: true },
        });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ message: 'Branch cannot be merged' });
      } finally {
        await app.close();
      }
      expect(await head(p, 'main')).toBe(mainBefore);
      expect(await head(p, 'feature')).toBe(pushed);
      expect(await show(p)).toMatchObject({
        state: 'opened',
        merge_commit_sha: null,
        merge_error: MERGE_FAILURES.sourceMoved,
      });
    });

    it('lets exactly one of simultaneous merges win; the others are told it is already being merged', async () => {
      const p = await diverged();
      const mainBefore = await head(p, 'main');
      const sha = (await show(p)).sha;
      // The winner holds the request `locked` until both others have their answer, so each of them
      // meets a merge under way, whichever of the three takes the lock.
      let othersAnswered = () => undefined as void;
      const answered = new Promise<void>((resolve) => (othersAnswered = resolve));
      const git: MergeGit = {
        prepareMerge,
        updateRefs: async (gitDir, updates) => {
          await answered;
          return updateRefs(gitDir, updates);
        },
      };
      const merges = createMergeService({ ...t.container, git });
      const app = await buildApp(t.deps, { container: { ...t.container, merges } });
      let settled = 0;
      const tracked = <T>(request: Promise<T>) =>
        request.finally(() => {
          if (++settled === 2) othersAnswered();
        });
      const inject = (method: 'PUT' | 'POST', url: string) =>
        tracked(app.inject({ method, url, payload: { sha }, headers: owner.headers }));
      try {
        const [first, call, last] = await Promise.all([
          inject('PUT', `${mrUrl(p)}/merge`),
          inject('POST', `${pageUrl(p)}/merge`),
          inject('PUT', `${mrUrl(p)}/merge`),
        ]);
        const rest = [first, last].map((r) => ({ status: r.statusCode, body: r.json<unknown>() }));
        const answer = call.json<{ status: string }>();
        const wins = [
          ...rest.filter((r) => r.status === 200),
          ...(answer.status === 'success' ? [answer] : []),
        ];
        expect(wins).toHaveLength(1);
        // REST says why; the page's call says the request is merging, and its widget follows that merge.
        for (const loser of rest.filter((r) => r.status !== 200))
          expect(loser).toEqual({
            status: 405,
            body: { message: 'This merge request is already being merged.' },
          });
        if (answer.status !== 'success') expect(answer).toEqual({ status: 'merging' });
      } finally {
        await app.close();
      }

      const merged = await show(p);
      const mainAfter = await head(p, 'main');
      expect(merged).toMatchObject({ state: 'merged', merge_commit_sha: mainAfter, merge_error: null });
      // One merge commit, straight on the old head: nobody merged twice.
      expect((await readCommit(p.gitDir, mainAfter ?? ''))?.parentShas[0]).toBe(mainBefore);
    });

    /** A request whose merge commit is written (as a merge cut short leaves it) and not on the target. */
    async function mergeWrittenButNotLanded() {
      const p = await diverged();
      const mr = (await findMergeRequestRecord(t.container.db, p.project.id, 1))?.mergeRequest;
      if (!mr) throw new Error('no merge request');
      const [targetHead, sourceHead] = [await head(p, 'main'), await head(p, 'feature')];
      const prepared = await prepareMerge(p.gitDir, {
        method: 'merge',
        targetHead: targetHead ?? '',
        sourceHead: sourceHead ?? '',
        message: 'Merge',
        squash: null,
        merger: { name: owner.name, email: owner.email, date: new Date() },
      });
      if (!prepared.ok) throw new Error(prepared.error);
      return { p, mr, targetHead, prepared };
    }

    it('holds a merging request still, then settles a merge cut short as merged or open by the repository', async () => {
      const { p, mr, targetHead, prepared } = await mergeWrittenButNotLanded();
      const longAgo = new Date(Date.now() - STUCK_MERGE_MS - 1000);
      const cutShort = {
        state: 'locked' as const,
        mergeUserId: owner.id,
        mergeStartedAt: longAgo,
        inProgressMergeCommitSha: prepared.value.newHead,
        updatedAt: longAgo,
      };

      await updateMergeRequestRow(t.container.db, mr.id, { ...cutShort, mergeStartedAt: new Date() });
      expect((await show(p)).state).toBe('locked');
      const meanwhile = await merge(owner, p);
      expect([meanwhile.statusCode, meanwhile.json()]).toEqual([
        405,
        { message: 'This merge request is already being merged.' },
      ]);
      const retarget = await t.app.inject({
        method: 'PUT',
        url: mrUrl(p),
        headers: owner.headers,
        payload: { target_branch: 'feature', title: 'Elsewhere' },
      });
      expect(retarget.statusCode).toBe(409);
      expect(retarget.json()).toEqual({
        message: 'The merge request is being merged. Try again in a moment.',
      });

      await updateMergeRequestRow(t.container.db, mr.id, cutShort);
      expect(await show(p)).toMatchObject({ state: 'opened', detailed_merge_status: 'mergeable' });

      await updateMergeRequestRow(t.container.db, mr.id, cutShort);
      await updateRef(p.gitDir, branchRef('main'), prepared.value.newHead, targetHead ?? '');
      expect(await show(p)).toMatchObject({
        state: 'merged',
        merged_by: { username: owner.username },
        merge_commit_sha: prepared.value.newHead,
      });
    });

    it('settles at once a merge whose process is gone, not one whose process lives: merged with one note, or open', async () => {
      const { p, mr, targetHead, prepared } = await mergeWrittenButNotLanded();
      const alive = await t.container.processes.ownId();
      // No process ever had this id: it is not alive.
      const gone = alive + 1000;
      const underway = (mergeProcessId: number) => ({
        state: 'locked' as const,
        mergeUserId: owner.id,
        mergeStartedAt: new Date(),
        mergeProcessId,
        inProgressMergeCommitSha: prepared.value.newHead,
        updatedAt: new Date(),
      });
      const mergedNotes = async () =>
        (await t.app.inject({ url: `${mrUrl(p)}/notes?per_page=100`, headers: owner.headers }))
          .json<Array<{ body: string; system: boolean }>>()
          .filter((n) => n.system && n.body === 'merged');

      await updateMergeRequestRow(t.container.db, mr.id, underway(alive));
      expect((await show(p)).state).toBe('locked');
      expect(await t.container.mergeRequests.settleInterruptedMerges()).toBe(0);

      await updateMergeRequestRow(t.container.db, mr.id, underway(gone));
      expect(await show(p)).toMatchObject({ state: 'opened', detailed_merge_status: 'mergeable' });
      expect(await mergedNotes()).toEqual([]);

      await updateMergeRequestRow(t.container.db, mr.id, underway(gone));
      await updateRef(p.gitDir, branchRef('main'), prepared.value.newHead, targetHead ?? '');
      expect(await t.container.mergeRequests.settleInterruptedMerges()).toBe(1);
      expect(await t.container.mergeRequests.settleInterruptedMerges()).toBe(0);
      expect(await show(p)).toMatchObject({
        state: 'merged',
        merged_by: { username: owner.username },
        merge_commit_sha: prepared.value.newHead,
      });
      expect(await mergedNotes()).toHaveLength(1);
    });

    it('checks other requests into the target again after a merge', async () => {
      const p = await projectWith();
      await buildMergeRequest(t.container, owner, p, { source_branch: 'first' });
      await pushFile(p, 'second', { path: 'first.txt', content: 'a different first\n' });
      await t.container.mergeRequests.create(owner, p.project.id, {
        source_branch: 'second',
        title: 'Second',
      });
      expect((await show(p, 2)).detailed_merge_status).toBe('mergeable');
      expect((await merge(owner, p, {}, 1)).statusCode).toBe(200);
      // The merge's push hooks run after its answer, as GitLab's post-merge work does.
      await t.container.background.settled();
      expect((await show(p, 2)).detailed_merge_status).toBe('conflict');
    });
  });
});
