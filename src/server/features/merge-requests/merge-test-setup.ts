import { afterAll, beforeAll, expect } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { pushFile } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { MergeRequestDetail, MergeRequestPage } from '../../../shared/api/mergeRequests';
import type { UpdateProjectBody } from '../../../shared/api/projects';
import { branchRef, resolveCommit } from '../../git/repository';
import type { ProjectContext } from '../projects/projects.service';

/**
 * What the merge test files start from: an app with an owner, and the calls they all make (the REST
 * merge, the page's merge call, reading the request back). Call it in a describe block; it registers
 * beforeAll/afterAll, so `t` and `owner` are there once the tests run.
 */
export function mergeTestSetup() {
  const app = {} as { t: TestApp; owner: TestUser };
  beforeAll(async () => {
    app.t = await createTestApp();
    app.owner = await buildUser(app.t.container, { name: 'Olivia Owner' });
  });
  afterAll(() => app.t.close());

  const mrUrl = (p: ProjectContext, iid = 1) => `/api/v4/projects/${p.project.id}/merge_requests/${iid}`;
  const pageUrl = (p: ProjectContext, iid = 1) => `/${p.fullPath}/-/merge_requests/${iid}`;

  const merge = (user: TestUser | null, p: ProjectContext, payload: Record<string, unknown> = {}, iid = 1) =>
    app.t.app.inject({ method: 'PUT', url: `${mrUrl(p, iid)}/merge`, payload, headers: user?.headers ?? {} });
  const mergeCall = (user: TestUser | null, p: ProjectContext, payload: Record<string, unknown>, iid = 1) =>
    app.t.app.inject({
      method: 'POST',
      url: `${pageUrl(p, iid)}/merge`,
      payload,
      headers: user?.headers ?? {},
    });
  const show = async (p: ProjectContext, iid = 1) =>
    (await app.t.app.inject({ url: mrUrl(p, iid), headers: app.owner.headers })).json<MergeRequestDetail>();
  const page = async (p: ProjectContext, user: TestUser = app.owner, iid = 1) =>
    (
      await app.t.app.inject({ url: `${pageUrl(p, iid)}.json`, headers: user.headers })
    ).json<MergeRequestPage>();
  const head = (p: ProjectContext, branch: string) => resolveCommit(p.gitDir, branchRef(branch));

  async function projectWith(settings: UpdateProjectBody = {}) {
    const p = await buildProject(app.t.container, app.owner);
    if (Object.keys(settings).length > 0)
      await app.t.container.projects.updateProject(app.owner, p.project.id, settings);
    return p;
  }

  /** A project with a two-commit merge request from `feature` into `main`, and main moved on since. */
  async function diverged(settings: UpdateProjectBody = {}) {
    const p = await projectWith(settings);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
    await pushFile(p, 'feature', { path: 'cart.test.ts', content: 'test\n', message: 'Test the cart' });
    await pushFile(p, 'main', { path: 'docs.md', content: 'docs\n', message: 'Write docs' });
    await app.t.container.mergeRequests.create(app.owner, p.project.id, {
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

  return {
    get t() {
      return app.t;
    },
    get owner() {
      return app.owner;
    },
    mrUrl,
    pageUrl,
    merge,
    mergeCall,
    show,
    page,
    head,
    projectWith,
    diverged,
    expectNothingWritten,
  };
}
