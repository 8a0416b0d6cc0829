import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { gitlabClient } from '../support/gitlab-client';
import { addProjectMember, pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const REVERT_FAILED =
  'Sorry, we cannot revert this commit automatically. This commit may already have been reverted, or a more recent commit may have updated some of its content.';

describe('reverting and cherry-picking commits through @gitbeaker/rest', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let p: ProjectContext;
  let gitlab: ReturnType<typeof gitlabClient>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    reporter = await buildUser(t.container);
    p = await buildProject(t.container, owner);
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
    gitlab = gitlabClient(await t.listen(), owner.token);
  });
  afterAll(() => t.close());

  const head = async (branch: string) => resolveCommit(p.gitDir, branchRef(branch));
  const post = (user: TestUser, url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${p.project.id}${url}`,
      payload,
      headers: user.headers,
    });

  it('reverts a commit on a branch with git’s message, and the file is back', async () => {
    const added = await pushFile(p, 'main', {
      path: 'cart.ts',
      content: 'export {};\n',
      message: 'Add the cart',
    });
    const reverted = await gitlab.Commits.revert(p.project.id, added, 'main');
    expect(reverted).toMatchObject({
      title: 'Revert "Add the cart"',
      message: `Revert "Add the cart"\n\nThis reverts commit ${added}.`,
      parent_ids: [added],
    });
    expect(await head('main')).toBe(reverted.id);
    const files = await gitlab.Repositories.allRepositoryTrees(p.project.id, { ref: 'main' });
    expect(files.map((file) => file.path)).not.toContain('cart.ts');
  });

  it('cherry-picks a commit of another branch, keeping its author and naming its origin', async () => {
    const picked = await pushFile(p, 'feature', {
      path: 'docs.md',
      content: 'docs\n',
      message: 'Write docs',
    });
    const commit = await gitlab.Commits.cherryPick(p.project.id, picked, 'main');
    expect(commit).toMatchObject({
      title: 'Write docs',
      message: `Write docs\n\n(cherry picked from commit ${picked})`,
      author_name: 'Ada Lovelace',
    });
  });

  it('answers a dry run without writing anything', async () => {
    const added = await pushFile(p, 'main', { path: 'dry.txt', content: 'dry\n' });
    const before = await head('main');
    const response = await post(owner, `/repository/commits/${added}/revert`, {
      branch: 'main',
      dry_run: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ dry_run: 'success' });
    expect(await head('main')).toBe(before);
  });

  it('refuses a revert that would change nothing, in GitLab’s words, and writes nothing', async () => {
    const added = await pushFile(p, 'main', { path: 'twice.txt', content: 'x\n', message: 'Add twice' });
    await gitlab.Commits.revert(p.project.id, added, 'main');
    const before = await head('main');
    const response = await post(owner, `/repository/commits/${added}/revert`, { branch: 'main' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: REVERT_FAILED });
    expect(await head('main')).toBe(before);
  });

  it('refuses readers who may not push, unknown commits and missing branches', async () => {
    const added = await pushFile(p, 'main', { path: 'guarded.txt', content: 'x\n' });
    expect((await post(reporter, `/repository/commits/${added}/revert`, { branch: 'main' })).statusCode).toBe(
      403,
    );
    expect(
      (await post(owner, `/repository/commits/${'f'.repeat(40)}/revert`, { branch: 'main' })).statusCode,
    ).toBe(404);
    expect(
      (await post(owner, `/repository/commits/${added}/cherry_pick`, { branch: 'nowhere' })).statusCode,
    ).toBe(404);
    expect((await post(owner, `/repository/commits/${added}/revert`, {})).statusCode).toBe(400);
  });
});
