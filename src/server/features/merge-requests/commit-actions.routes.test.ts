import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import {
  addProjectMember,
  buildMergeRequest,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { Widget } from '../../../shared/api/mergeWidget';
import { readCommit } from '../../git/commits';
import { branchRef, resolveCommit } from '../../git/repository';
import { readPathEntry } from '../../git/tree';
import type { ProjectContext } from '../projects/projects.service';

describe('revert and cherry-pick of a merged request', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let p: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    reporter = await buildUser(t.container);
    p = await buildProject(t.container, owner);
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
    // A maintenance branch from before the merge, to cherry-pick into.
    await pushFile(p, 'stable', { path: 'STABLE.md', content: 'stable\n', message: 'Start stable' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'search', title: 'Add search' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'open', title: 'Still open' });
    const merged = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${p.project.id}/merge_requests/1/merge`,
      headers: owner.headers,
    });
    expect(merged.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const act = (user: TestUser, action: string, payload: object, iid = 1) =>
    t.app.inject({
      method: 'POST',
      url: `/${p.fullPath}/-/merge_requests/${iid}/${action}`,
      headers: user.headers,
      payload,
    });
  const mainHead = () => resolveCommit(p.gitDir, branchRef('main'));
  const abilities = async (user: TestUser) =>
    (
      await t.app.inject({ url: `/${p.fullPath}/-/merge_requests/1/widget.json`, headers: user.headers })
    ).json<Widget>().current_user;

  it('offers the buttons to those who may push, not to a Reporter', async () => {
    expect(await abilities(owner)).toMatchObject({
      can_revert_on_current_merge_request: true,
      can_cherry_pick_on_current_merge_request: true,
    });
    expect(await abilities(reporter)).toMatchObject({
      can_revert_on_current_merge_request: false,
      can_cherry_pick_on_current_merge_request: false,
    });
  });

  it('reverts into a new branch and opens a merge request with the changes', async () => {
    const before = await mainHead();
    const response = await act(owner, 'revert', { target_branch: 'main', create_merge_request: true });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ branch: string; merge_request_path: string }>();
    expect(body.branch).toMatch(/^revert-[0-9a-f]{8}$/);
    expect(body.merge_request_path).toBe(`/${p.fullPath}/-/merge_requests/3`);
    expect(await mainHead()).toBe(before);
    const created = await t.app.inject({
      url: `/api/v4/projects/${p.project.id}/merge_requests/3`,
      headers: owner.headers,
    });
    expect(created.json()).toMatchObject({
      title: 'Revert "Add search"',
      source_branch: body.branch,
      target_branch: 'main',
      state: 'opened',
    });
  });

  it('reverts straight onto the target branch when no merge request is asked for', async () => {
    const before = await mainHead();
    const response = await act(owner, 'revert', { target_branch: 'main' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ branch: 'main', merge_request_path: null });
    expect(await mainHead()).not.toBe(before);
  });

  const stableHead = () => resolveCommit(p.gitDir, branchRef('stable'));
  /** The picked commit sits on `base` and brings the merged request's file. */
  async function expectPickedOnto(branch: string, base: string | null) {
    const head = (await resolveCommit(p.gitDir, branchRef(branch))) ?? '';
    expect((await readCommit(p.gitDir, head))?.parentShas).toEqual([base]);
    expect(await readPathEntry(p.gitDir, head, 'search.txt')).not.toBeNull();
  }

  it('cherry-picks into a new branch off another target and opens a merge request there', async () => {
    const before = await stableHead();
    const response = await act(owner, 'cherry_pick', { target_branch: 'stable', create_merge_request: true });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ branch: string; merge_request_path: string }>();
    expect(body.branch).toMatch(/^cherry-pick-[0-9a-f]{8}$/);
    const iid = Number(body.merge_request_path.split('/').pop());
    expect(body.merge_request_path).toBe(`/${p.fullPath}/-/merge_requests/${iid}`);
    expect(await stableHead()).toBe(before);
    await expectPickedOnto(body.branch, before);
    const created = await t.app.inject({
      url: `/api/v4/projects/${p.project.id}/merge_requests/${iid}`,
      headers: owner.headers,
    });
    expect(created.json()).toMatchObject({
      title: 'Add search (cherry picked into stable)',
      source_branch: body.branch,
      target_branch: 'stable',
      state: 'opened',
    });
  });

  it('cherry-picks straight onto the target branch when no merge request is asked for', async () => {
    const before = await stableHead();
    const response = await act(owner, 'cherry_pick', { target_branch: 'stable' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ branch: 'stable', merge_request_path: null });
    await expectPickedOnto('stable', before);
  });

  it.each([
    ['a Reporter', () => reporter, 'revert', { target_branch: 'main' }, 1, 403],
    ['a request that is not merged', () => owner, 'revert', { target_branch: 'main' }, 2, 422],
    ['no target branch', () => owner, 'cherry_pick', {}, 1, 400],
    ['a target branch that does not exist', () => owner, 'cherry_pick', { target_branch: 'nope' }, 1, 404],
  ])('refuses %s and moves no branch', async (_what, user, action, payload, iid, code) => {
    const before = await mainHead();
    const response = await act(user(), action, payload, iid);
    expect(response.statusCode).toBe(code);
    expect(await mainHead()).toBe(before);
  });
});
