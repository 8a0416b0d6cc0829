import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequestDetail } from '../../../shared/api/mergeRequests';
import type { UpdateProjectBody } from '../../../shared/api/projects';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, pushFile } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { listCommits } from '../../git/commits';
import { branchRef, isAncestor, resolveCommit } from '../../git/repository';
import type { ProjectContext } from '../projects/projects.service';
import { REBASE_FAILURES } from './rebase.service';

describe('rebasing merge requests', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    reporter = await buildUser(t.container, { name: 'Rory Reporter' });
  });
  afterAll(() => t.close());

  const mrUrl = (p: ProjectContext) => `/api/v4/projects/${p.project.id}/merge_requests/1`;
  const rebase = (user: TestUser | null, p: ProjectContext, query = '') =>
    t.app.inject({ method: 'PUT', url: `${mrUrl(p)}/rebase${query}`, headers: user?.headers ?? {} });
  const show = async (p: ProjectContext) =>
    (
      await t.app.inject({ url: `${mrUrl(p)}?include_rebase_in_progress=true`, headers: owner.headers })
    ).json<MergeRequestDetail>();
  const head = async (p: ProjectContext, branch: string) =>
    (await resolveCommit(p.gitDir, branchRef(branch))) ?? '';

  /** `feature` (two commits) was branched before `main` moved on. */
  async function diverged(settings: UpdateProjectBody = {}, onMain = { path: 'docs.md', content: 'docs\n' }) {
    const p = await buildProject(t.container, owner);
    if (Object.keys(settings).length > 0)
      await t.container.projects.updateProject(owner, p.project.id, settings);
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
    await pushFile(p, 'feature', { path: 'cart.test.ts', content: 'test\n', message: 'Test the cart' });
    await pushFile(p, 'main', { ...onMain, message: 'Write docs' });
    await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: 'feature',
      title: 'Add a cart',
    });
    return p;
  }

  it('schedules the rebase (202), then replays the branch onto the target and records a new diff version', async () => {
    const p = await diverged();
    const before = await show(p);
    const response = await rebase(owner, p);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ rebase_in_progress: true });
    expect(await show(p)).toMatchObject({ rebase_in_progress: true, merge_error: null });

    await t.container.jobs.drain();

    const after = await show(p);
    expect(after).toMatchObject({ rebase_in_progress: false, merge_error: null });
    const newHead = await head(p, 'feature');
    expect(after.sha).toBe(newHead);
    expect(after.sha).not.toBe(before.sha);
    expect(await isAncestor(p.gitDir, await head(p, 'main'), newHead)).toBe(true);
    const titles = (await listCommits(p.gitDir, { revision: newHead, limit: 3 })).map((c) => c.title);
    expect(titles).toEqual(['Test the cart', 'Add the cart', 'Write docs']);
    const versions = await t.app.inject({ url: `${mrUrl(p)}/versions`, headers: owner.headers });
    expect(versions.json<unknown[]>()).toHaveLength(2);
  });

  it('turns a fast-forward project’s need_rebase into mergeable, and the merge then lands', async () => {
    const p = await diverged({ merge_method: 'ff' });
    expect((await show(p)).detailed_merge_status).toBe('need_rebase');
    expect((await rebase(owner, p)).statusCode).toBe(202);
    await t.container.jobs.drain();
    expect((await show(p)).detailed_merge_status).toBe('mergeable');
    const rebasedHead = await head(p, 'feature');
    const merged = await t.app.inject({ method: 'PUT', url: `${mrUrl(p)}/merge`, headers: owner.headers });
    expect(merged.statusCode).toBe(200);
    expect(await head(p, 'main')).toBe(rebasedHead);
  });

  it('leaves the branch alone on a conflict and keeps GitLab’s reason in merge_error', async () => {
    const p = await diverged({}, { path: 'cart.ts', content: 'export const cart = [];\n' });
    const sourceBefore = await head(p, 'feature');
    await rebase(owner, p);
    await t.container.jobs.drain();
    expect(await show(p)).toMatchObject({ rebase_in_progress: false, merge_error: REBASE_FAILURES.conflict });
    expect(await head(p, 'feature')).toBe(sourceBefore);
  });

  it('says the rebase failed once an unforeseen error outlasts every attempt, and leaves the branch alone', async () => {
    const p = await diverged();
    const sourceBefore = await head(p, 'feature');
    await rebase(owner, p);
    // The one who asked is gone by the time the job runs: every attempt fails.
    await t.container.db.execute(
      sql`update jobs set payload = payload || '{"userId": 999999}' where kind = 'rebase' and state = 'queued'`,
    );
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await show(p)).toMatchObject({ rebase_in_progress: true, merge_error: null });
      // Due a minute ago: the worker compares with the app's clock, to the millisecond, and the
      // database's now() can be a fraction of one ahead of it.
      await t.container.db.execute(
        sql`update jobs set run_at = now() - interval '1 minute' where kind = 'rebase' and state = 'queued'`,
      );
      await t.container.jobs.drain();
    }
    expect(await show(p)).toMatchObject({
      rebase_in_progress: false,
      merge_error: REBASE_FAILURES.unexpected,
    });
    expect(await head(p, 'feature')).toBe(sourceBefore);
  });

  it('schedules one rebase however often it is asked while one waits', async () => {
    const p = await diverged();
    await rebase(owner, p);
    await rebase(owner, p);
    const ran: number[] = [];
    const unsubscribe = t.container.bus.subscribe((event) => {
      if (event.type === 'repository.pushed' && event.projectId === p.project.id) ran.push(1);
    });
    await t.container.jobs.drain();
    unsubscribe();
    expect((await show(p)).rebase_in_progress).toBe(false);
    expect(ran.length).toBeLessThanOrEqual(1);
    const versions = await t.app.inject({ url: `${mrUrl(p)}/versions`, headers: owner.headers });
    expect(versions.json<unknown[]>()).toHaveLength(2);
  });

  it('refuses those who cannot push to the source branch, and schedules nothing', async () => {
    const p = await diverged();
    const anonymous = await rebase(null, p);
    expect(anonymous.statusCode).toBe(401);
    const response = await rebase(reporter, p);
    expect(response.statusCode).toBe(403);
    expect((await show(p)).rebase_in_progress).toBe(false);
  });

  it('refuses a closed merge request with 422', async () => {
    const p = await diverged();
    await t.app.inject({
      method: 'PUT',
      url: mrUrl(p),
      payload: { state_event: 'close' },
      headers: owner.headers,
    });
    const response = await rebase(owner, p);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Only an open merge request can be rebased' });
  });

  it('answers the widget’s POST {project}/-/merge_requests/{iid}/rebase with skip_ci', async () => {
    const p = await diverged();
    const response = await t.app.inject({
      method: 'POST',
      url: `/${p.fullPath}/-/merge_requests/1/rebase?skip_ci=true`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect((await show(p)).rebase_in_progress).toBe(true);
    await t.container.jobs.drain();
    expect(await isAncestor(p.gitDir, await head(p, 'main'), await head(p, 'feature'))).toBe(true);
  });
});
