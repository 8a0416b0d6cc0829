import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import {
  addProjectMember,
  buildMergeRequest,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequestDetail, MergeRequestPage } from '../../../shared/api/mergeRequests';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import type { UpdateProjectBody } from '../../../shared/api/projects';
import { buildApp } from '../../app';
import { readCommit } from '../../git/commits';
import { prepareMerge } from '../../git/merge';
import { branchRef, isAncestor, mergeBase, resolveCommit, updateRef, updateRefs } from '../../git/repository';
import type { BusEvent } from '../../realtime/bus';
import type { ProjectContext } from '../projects/projects.service';
import { createMergeService, MERGE_FAILURES } from './merge.service';
import type { MergeGit } from './land-merge';
import { findMergeRequestRecord, updateMergeRequestRow } from './merge-requests.repo';
import { STUCK_MERGE_MS } from './merge-settlement';

describe('merging merge requests', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
  });
  afterAll(() => t.close());

  const mrUrl = (p: ProjectContext, iid = 1) => `/api/v4/projects/${p.project.id}/merge_requests/${iid}`;
  const pageUrl = (p: ProjectContext, iid = 1) => `/${p.fullPath}/-/merge_requests/${iid}`;

  const merge = (user: TestUser | null, p: ProjectContext, payload: Record<string, unknown> = {}, iid = 1) =>
    t.app.inject({ method: 'PUT', url: `${mrUrl(p, iid)}/merge`, payload, headers: user?.headers ?? {} });
  const mergeCall = (user: TestUser | null, p: ProjectContext, payload: Record<string, unknown>, iid = 1) =>
    t.app.inject({ method: 'POST', url: `${pageUrl(p, iid)}/merge`, payload, headers: user?.headers ?? {} });
  const show = async (p: ProjectContext, iid = 1) =>
    (await t.app.inject({ url: mrUrl(p, iid), headers: owner.headers })).json<MergeRequestDetail>();
  const page = async (p: ProjectContext, user: TestUser = owner, iid = 1) =>
    (await t.app.inject({ url: `${pageUrl(p, iid)}.json`, headers: user.headers })).json<MergeRequestPage>();
  const head = (p: ProjectContext, branch: string) => resolveCommit(p.gitDir, branchRef(branch));

  async function projectWith(settings: UpdateProjectBody = {}) {
    const p = await buildProject(t.container, owner);
    if (Object.keys(settings).length > 0)
      await t.container.projects.updateProject(owner, p.project.id, settings);
    return p;
  }

  /** A project with a two-commit merge request from `feature` into `main`, and main moved on since. */
  async function diverged(settings: UpdateProjectBody = {}) {
    const p = await projectWith(settings);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
    await pushFile(p, 'feature', { path: 'cart.test.ts', content: 'test\n', message: 'Test the cart' });
    await pushFile(p, 'main', { path: 'docs.md', content: 'docs\n', message: 'Write docs' });
    await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: 'feature',
      title: 'Add a cart',
      description: 'Carts hold items.',
    });
    return p;
  }

  /** Nothing was written: the target still points where it did and the request is still open. */
  async function expectNothingWritten(p: ProjectContext, mainBefore: string | null, iid = 1) {
    expect(await head(p, 'main')).toBe(mainBefore);
    expect((await show(p, iid)).state).toBe('opened');
  }

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
