import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { pushFile } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { MergeRequestDetail } from '../../../shared/api/mergeRequests';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import { branchRef, resolveCommit } from '../../git/repository';
import type { ProjectContext } from '../projects/projects.service';
import { MAX_RETARGET_MERGE_REQUESTS } from './retarget.service';

const DELETED_NOTE = 'deleted the `feature-1` branch. This merge request now targets the `main` branch';

describe('retargeting the requests whose target branch a merge deleted (GitLab’s retarget chain)', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
  });
  afterAll(() => t.close());

  const mrUrl = (p: ProjectContext, iid: number) => `/api/v4/projects/${p.project.id}/merge_requests/${iid}`;
  const get = async <T>(url: string) => (await t.app.inject({ url, headers: owner.headers })).json<T>();
  const show = (p: ProjectContext, iid: number) => get<MergeRequestDetail>(mrUrl(p, iid));
  const versions = (p: ProjectContext, iid: number) =>
    get<Array<{ start_commit_sha: string; base_commit_sha: string }>>(`${mrUrl(p, iid)}/versions`);
  const notes = (p: ProjectContext, iid: number) =>
    get<Array<{ body: string; system: boolean; author: { username: string } }>>(`${mrUrl(p, iid)}/notes`);
  const widget = (p: ProjectContext, iid: number) =>
    get<CachedWidget>(`/${p.fullPath}/-/merge_requests/${iid}/cached_widget.json`);

  /**
   * A stack: !1 `feature-1` → main, !2 `feature-2` → `feature-1` (built on it), and !3 `other` →
   * `release`, a branch no merge touches.
   */
  async function stacked() {
    const p = await buildProject(t.container, owner);
    const open = (source_branch: string, target_branch: string) =>
      t.container.mergeRequests.create(owner, p.project.id, {
        source_branch,
        target_branch,
        title: `Add ${source_branch}`,
      });
    await pushFile(p, 'feature-1', { path: 'cart.ts', content: 'cart\n' });
    await open('feature-1', 'main');
    await pushFile(p, 'feature-2', { path: 'checkout.ts', content: 'checkout\n' }, 'feature-1');
    await open('feature-2', 'feature-1');
    await pushFile(p, 'release', { path: 'notes.md', content: 'notes\n' });
    await pushFile(p, 'other', { path: 'other.ts', content: 'other\n' }, 'release');
    await open('other', 'release');
    return p;
  }

  /** Merges !1, then waits for what the merge runs after its answer: the retarget chain. */
  const mergeFirst = async (p: ProjectContext, payload: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `${mrUrl(p, 1)}/merge`,
      payload,
      headers: owner.headers,
    });
    await t.container.background.settled();
    return response;
  };

  it('moves the stacked request to main with a new version, marks it retargeted and says why', async () => {
    const p = await stacked();
    const feature1 = await resolveCommit(p.gitDir, branchRef('feature-1'));
    const response = await mergeFirst(p, { should_remove_source_branch: true });
    expect(response.statusCode).toBe(200);
    expect(await resolveCommit(p.gitDir, branchRef('feature-1'))).toBeNull();

    const moved = await show(p, 2);
    expect(moved).toMatchObject({ state: 'opened', source_branch: 'feature-2', target_branch: 'main' });
    // GitLab's REST API does not show the flag; the widget and GraphQL do.
    expect(moved).not.toHaveProperty('retargeted');
    expect((await widget(p, 2)).retargeted).toBe(true);

    const [latest, first] = await versions(p, 2);
    expect(first).toBeDefined();
    const mainHead = await resolveCommit(p.gitDir, branchRef('main'));
    // Compared with main now: what feature-1 brought is merged there, so it is the base.
    expect(latest).toMatchObject({ start_commit_sha: mainHead, base_commit_sha: feature1 });
    expect((await t.app.inject({ url: `${mrUrl(p, 2)}/commits`, headers: owner.headers })).json()).toEqual([
      expect.objectContaining({ title: 'Update checkout.ts' }),
    ]);

    expect(await notes(p, 2)).toContainEqual(
      expect.objectContaining({
        body: DELETED_NOTE,
        system: true,
        author: expect.objectContaining({ username: owner.username }),
      }),
    );
  });

  it('leaves a request whose target was not deleted as it was', async () => {
    const p = await stacked();
    await mergeFirst(p, { should_remove_source_branch: true });
    expect(await show(p, 3)).toMatchObject({ target_branch: 'release' });
    expect((await widget(p, 3)).retargeted).toBe(false);
    expect(await versions(p, 3)).toHaveLength(1);
    expect((await notes(p, 3)).map((note) => note.body)).not.toContainEqual(
      expect.stringContaining('deleted the'),
    );
  });

  it('keeps the stacked request on its target when the merge keeps the source branch', async () => {
    const p = await stacked();
    expect((await mergeFirst(p, { should_remove_source_branch: false })).statusCode).toBe(200);
    expect(await show(p, 2)).toMatchObject({ target_branch: 'feature-1' });
    expect((await widget(p, 2)).retargeted).toBe(false);
    expect(await versions(p, 2)).toHaveLength(1);
  });

  it('follows the project’s “delete source branch” default when the merge does not say', async () => {
    const p = await stacked();
    await t.container.projects.updateProject(owner, p.project.id, { remove_source_branch_after_merge: true });
    await mergeFirst(p, {});
    expect(await show(p, 2)).toMatchObject({ target_branch: 'main' });
  });

  it('retargets when auto-merge merges, and shows retargeted in GraphQL', async () => {
    const p = await stacked();
    const response = await t.app.inject({
      method: 'POST',
      url: `/${p.fullPath}/-/merge_requests/1/merge`,
      payload: {
        sha: await resolveCommit(p.gitDir, branchRef('feature-1')),
        auto_merge_strategy: 'merge_when_checks_pass',
        should_remove_source_branch: true,
      },
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    await expect.poll(async () => (await show(p, 2)).target_branch).toBe('main');
    const graphql = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: owner.headers,
      payload: {
        query:
          'query($path: ID!) { project(fullPath: $path) { a: mergeRequest(iid: "2") { retargeted } b: mergeRequest(iid: "3") { retargeted } } }',
        variables: { path: p.fullPath },
      },
    });
    expect(graphql.json()).toEqual({
      data: { project: { a: { retargeted: true }, b: { retargeted: false } } },
    });
  });

  it('leaves a request as it was when the move is refused, and the merge still succeeds', async () => {
    const p = await stacked();
    // feature-2 → main is open already, and one pair of branches has one open request.
    await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: 'feature-2',
      target_branch: 'main',
      title: 'Add feature-2 to main',
    });
    const response = await mergeFirst(p, { should_remove_source_branch: true });
    expect(response.json<MergeRequestDetail>().state).toBe('merged');
    expect(await show(p, 2)).toMatchObject({ state: 'opened', target_branch: 'feature-1' });
    expect((await widget(p, 2)).retargeted).toBe(false);
  });

  it(`moves at most ${MAX_RETARGET_MERGE_REQUESTS} requests, as GitLab`, async () => {
    const p = await stacked();
    for (let n = 0; n < MAX_RETARGET_MERGE_REQUESTS; n++) {
      await pushFile(p, `more-${n}`, { path: `more-${n}.ts`, content: `${n}\n` }, 'feature-1');
      await t.container.mergeRequests.create(owner, p.project.id, {
        source_branch: `more-${n}`,
        target_branch: 'feature-1',
        title: `More ${n}`,
      });
    }
    await mergeFirst(p, { should_remove_source_branch: true });
    const targets = await Promise.all([2, 4, 5, 6, 7].map(async (iid) => (await show(p, iid)).target_branch));
    expect(targets).toEqual(['main', 'main', 'main', 'main', 'feature-1']);
  });
});
