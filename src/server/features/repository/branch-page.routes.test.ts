import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, pushFile } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { branchRef, resolveCommit } from '../../git/repository';

describe('DELETE {project}/-/branches/{branch}, the widget’s source branch removal', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    reporter = await buildUser(t.container);
  });
  afterAll(() => t.close());

  it('deletes a branch with slashes in its name and answers GitLab’s message', async () => {
    const p = await buildProject(t.container, owner);
    await pushFile(p, 'feature/cart', { path: 'cart.ts', content: 'export {};\n' });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/${p.fullPath}/-/branches/feature/cart`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Branch was deleted' });
    expect(await resolveCommit(p.gitDir, branchRef('feature/cart'))).toBeNull();
  });

  it('refuses readers, the default branch and unknown branches', async () => {
    const p = await buildProject(t.container, owner);
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n' });
    const remove = (user: TestUser, branch: string) =>
      t.app.inject({ method: 'DELETE', url: `/${p.fullPath}/-/branches/${branch}`, headers: user.headers });
    expect((await remove(reporter, 'feature')).statusCode).toBe(403);
    expect((await remove(owner, 'main')).statusCode).toBe(400);
    expect((await remove(owner, 'nowhere')).statusCode).toBe(404);
    expect(await resolveCommit(p.gitDir, branchRef('feature'))).not.toBeNull();
  });
});
