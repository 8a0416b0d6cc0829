import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MergeRequestDetail, MergeRequestPage } from '../../../shared/api/mergeRequests';
import type { UpdateProjectBody } from '../../../shared/api/projects';
import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, pushFile } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { notes } from '../../db/schema';
import { branchRef, resolveCommit, ZERO_SHA } from '../../git/repository';
import type { ProjectContext } from '../projects/projects.service';
import { AUTO_MERGE_FAILED } from '../../../shared/auto-merge/autoMergeRules';

describe('auto-merge', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
  });
  afterAll(() => t.close());

  const mrUrl = (p: ProjectContext) => `/api/v4/projects/${p.project.id}/merge_requests/1`;
  const show = async (p: ProjectContext) =>
    (await t.app.inject({ url: mrUrl(p), headers: owner.headers })).json<MergeRequestDetail>();
  const page = async (p: ProjectContext) =>
    (
      await t.app.inject({ url: `/${p.fullPath}/-/merge_requests/1.json`, headers: owner.headers })
    ).json<MergeRequestPage>();
  const put = (p: ProjectContext, suffix: string, payload: Record<string, unknown>, user: TestUser = owner) =>
    t.app.inject({ method: 'PUT', url: `${mrUrl(p)}${suffix}`, payload, headers: user.headers });
  const post = (p: ProjectContext, suffix: string, user: TestUser = owner) =>
    t.app.inject({ method: 'POST', url: `${mrUrl(p)}${suffix}`, headers: user.headers });
  const systemNotesOf = (p: ProjectContext) =>
    t.container.db
      .select({ note: notes.note, authorId: notes.authorId })
      .from(notes)
      .where(and(eq(notes.projectId, p.project.id), eq(notes.system, true)))
      .orderBy(notes.id);
  const systemNoteTexts = async (p: ProjectContext) => (await systemNotesOf(p)).map((row) => row.note);

  /**
   * Runs background work until the request reaches the expected state: an update queues its
   * auto-merge check a moment after it answers (from the bus), and one job can lead to another.
   */
  const settled = (p: ProjectContext, done: (mr: MergeRequestDetail) => boolean) =>
    expect
      .poll(
        async () => {
          await t.container.jobs.drain();
          return done(await show(p));
        },
        { timeout: 10_000 },
      )
      .toBe(true);

  /** A push to `main` that goes down the same path as `git push` (merge requests are rechecked). */
  async function pushToMain(p: ProjectContext, file: { path: string; content: string }) {
    const before = (await resolveCommit(p.gitDir, branchRef('main'))) ?? ZERO_SHA;
    const after = await pushFile(p, 'main', file);
    await t.container.gitHttp.announcePush(
      { project: p, actor: owner, changes: [{ ref: branchRef('main'), oldSha: before, newSha: after }] },
      (error) => {
        throw error;
      },
    );
  }

  async function draftRequest(settings: UpdateProjectBody = {}) {
    const p = await buildProject(t.container, owner);
    if (Object.keys(settings).length > 0)
      await t.container.projects.updateProject(owner, p.project.id, settings);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
    await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: 'feature',
      title: 'Draft: Add a cart',
    });
    return p;
  }

  it('merges at once when every check already passes', async () => {
    const p = await draftRequest();
    await put(p, '', { draft: false });
    const response = await put(p, '/merge', { auto_merge: true });
    expect(response.statusCode).toBe(200);
    expect(response.json<MergeRequestDetail>().state).toBe('merged');
  });

  it('waits for a draft, then merges the moment it is marked ready, as the user who set it', async () => {
    const p = await draftRequest();
    const response = await put(p, '/merge', { auto_merge: true, should_remove_source_branch: false });
    expect(response.statusCode).toBe(200);
    expect(response.json<MergeRequestDetail>()).toMatchObject({
      state: 'opened',
      merge_when_pipeline_succeeds: true,
    });
    expect(await page(p)).toMatchObject({
      auto_merge_enabled: true,
      auto_merge_strategy: 'merge_when_checks_pass',
    });
    const sha = (await show(p)).sha;
    expect(await systemNoteTexts(p)).toContain(
      `enabled an automatic merge when all merge checks for ${sha} pass`,
    );

    await t.container.jobs.drain();
    expect((await show(p)).state).toBe('opened');

    await put(p, '', { draft: false });
    await settled(p, (mr) => mr.state === 'merged');
    const merged = await show(p);
    expect(merged).toMatchObject({ state: 'merged', merge_when_pipeline_succeeds: false });
    expect(merged.merged_by?.username).toBe(owner.username);
    // The merger's choice was kept: the source branch stays.
    expect(await resolveCommit(p.gitDir, branchRef('feature'))).not.toBeNull();
  });

  it('answers the widget’s merge call with the strategy it set', async () => {
    const p = await draftRequest();
    const response = await t.app.inject({
      method: 'POST',
      url: `/${p.fullPath}/-/merge_requests/1/merge`,
      payload: { sha: (await show(p)).sha, auto_merge_strategy: 'merge_when_checks_pass' },
      headers: owner.headers,
    });
    expect(response.json()).toEqual({ status: 'merge_when_checks_pass' });
  });

  it('names the older merge-when-pipeline-succeeds strategy in its note', async () => {
    const p = await draftRequest();
    await put(p, '/merge', { merge_when_pipeline_succeeds: true });
    expect(await page(p)).toMatchObject({ auto_merge_strategy: 'merge_when_pipeline_succeeds' });
    const sha = (await show(p)).sha;
    expect(await systemNoteTexts(p)).toContain(
      `enabled an automatic merge when the pipeline for ${sha} succeeds`,
    );
  });

  it('cancels: nothing merges when the request becomes ready', async () => {
    const p = await draftRequest();
    await put(p, '/merge', { auto_merge: true });
    const cancelled = await post(p, '/cancel_auto_merge');
    expect(cancelled.statusCode).toBe(201);
    expect(cancelled.json<MergeRequestDetail>().merge_when_pipeline_succeeds).toBe(false);
    expect(await systemNoteTexts(p)).toContain('canceled the automatic merge');
    await put(p, '', { draft: false });
    await t.container.jobs.drain();
    expect((await show(p)).state).toBe('opened');
  });

  it('keeps a Reporter from cancelling: not offered in the widget, refused by the server', async () => {
    const p = await draftRequest();
    const reporter = await buildUser(t.container, { name: 'Rory Reporter' });
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
    await put(p, '/merge', { auto_merge: true, should_remove_source_branch: true });
    const widget = await t.app.inject({
      url: `/${p.fullPath}/-/merge_requests/1/widget.json`,
      headers: reporter.headers,
    });
    expect(widget.json<Widget>().current_user).toMatchObject({
      can_cancel_automatic_merge: false,
      can_remove_source_branch: false,
    });
    const refused = await post(p, '/cancel_merge_when_pipeline_succeeds', reporter);
    expect(refused.statusCode).toBe(403);
    expect((await show(p)).merge_when_pipeline_succeeds).toBe(true);
    expect(await systemNoteTexts(p)).not.toContain('canceled the automatic merge');
  });

  it('shows the auto-merge’s own choice to delete the source branch in the widget', async () => {
    const p = await draftRequest();
    const cached = async () =>
      (
        await t.app.inject({
          url: `/${p.fullPath}/-/merge_requests/1/cached_widget.json`,
          headers: owner.headers,
        })
      ).json<CachedWidget>();
    await put(p, '/merge', { auto_merge: true, should_remove_source_branch: false });
    expect(await cached()).toMatchObject({ auto_merge_enabled: true, should_remove_source_branch: false });
    await post(p, '/cancel_auto_merge');
    await put(p, '/merge', { auto_merge: true, should_remove_source_branch: true });
    expect(await cached()).toMatchObject({ auto_merge_enabled: true, should_remove_source_branch: true });
  });

  it('refuses to cancel what is not set with 409, in GitLab’s words', async () => {
    const p = await draftRequest();
    const response = await post(p, '/cancel_auto_merge');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "Can't cancel the automatic merge" });
  });

  it('gives up on a conflict, with the widget’s message and a note saying why', async () => {
    const p = await draftRequest();
    await put(p, '/merge', { auto_merge: true });
    await pushToMain(p, { path: 'cart.ts', content: 'export const cart = [];\n' });
    await put(p, '', { draft: false });
    await settled(p, (mr) => !mr.merge_when_pipeline_succeeds);
    const after = await show(p);
    expect(after).toMatchObject({
      state: 'opened',
      merge_when_pipeline_succeeds: false,
      detailed_merge_status: 'conflict',
    });
    expect((await page(p)).merge_error).toBe(AUTO_MERGE_FAILED);
    // Written in the name of the user who set the auto-merge.
    expect(await systemNotesOf(p)).toContainEqual({
      note: 'aborted the automatic merge because merge conflicts must be resolved',
      authorId: owner.id,
    });
  });

  it('waits for a rebase in a fast-forward project, then merges the rebased branch', async () => {
    const p = await draftRequest({ merge_method: 'ff' });
    await put(p, '', { draft: false });
    await pushToMain(p, { path: 'docs.md', content: 'docs\n' });
    expect((await show(p)).detailed_merge_status).toBe('need_rebase');
    expect((await put(p, '/merge', { auto_merge: true })).json<MergeRequestDetail>().state).toBe('opened');
    await put(p, '/rebase', {});
    await settled(p, (mr) => mr.state === 'merged');
  });

  it('refuses a request that cannot wait its way to mergeable with 405', async () => {
    const p = await draftRequest();
    await put(p, '', { state_event: 'close' });
    expect((await put(p, '/merge', { auto_merge: true })).statusCode).toBe(405);
  });
});
