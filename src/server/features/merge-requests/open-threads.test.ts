import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MergeRequestDetail } from '../../../shared/api/mergeRequests';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { pushFile } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

describe('open threads block a merge where the project requires them resolved', () => {
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
  const widget = async (p: ProjectContext) =>
    (
      await t.app.inject({
        url: `/${p.fullPath}/-/merge_requests/1/cached_widget.json`,
        headers: owner.headers,
      })
    ).json<CachedWidget>();
  const threadCheck = async (p: ProjectContext) =>
    (await widget(p)).mergeability_checks.find((check) => check.identifier === 'DISCUSSIONS_NOT_RESOLVED')
      ?.status;

  async function requestWithThread(requireResolved: boolean) {
    const p = await buildProject(t.container, owner);
    await t.container.projects.updateProject(owner, p.project.id, {
      only_allow_merge_if_all_discussions_are_resolved: requireResolved,
    });
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n' });
    await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: 'feature',
      title: 'Add a cart',
    });
    const thread = await t.app.inject({
      method: 'POST',
      url: `${mrUrl(p)}/discussions`,
      payload: { body: 'Should the cart be empty at first?' },
      headers: owner.headers,
    });
    expect(thread.statusCode).toBe(201);
    return { p, discussionId: thread.json<{ id: string }>().id };
  }

  const resolve = (p: ProjectContext, discussionId: string, resolved: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: `${mrUrl(p)}/discussions/${discussionId}?resolved=${resolved}`,
      headers: owner.headers,
    });

  it('blocks with discussions_not_resolved and GitLab’s 405 until the thread is resolved', async () => {
    const { p, discussionId } = await requestWithThread(true);
    expect(await show(p)).toMatchObject({
      detailed_merge_status: 'discussions_not_resolved',
      blocking_discussions_resolved: false,
    });
    expect(await threadCheck(p)).toBe('FAILED');
    expect(
      (await t.app.inject({ method: 'PUT', url: `${mrUrl(p)}/merge`, headers: owner.headers })).statusCode,
    ).toBe(405);

    expect((await resolve(p, discussionId, true)).statusCode).toBe(200);
    expect(await show(p)).toMatchObject({
      detailed_merge_status: 'mergeable',
      blocking_discussions_resolved: true,
    });
    expect(await threadCheck(p)).toBe('SUCCESS');
  });

  it('ignores open threads where the project does not require them resolved', async () => {
    const { p } = await requestWithThread(false);
    expect((await show(p)).detailed_merge_status).toBe('mergeable');
    expect(await threadCheck(p)).toBe('INACTIVE');
  });

  it('lets auto-merge wait for the last thread, and merges when it is resolved', async () => {
    const { p, discussionId } = await requestWithThread(true);
    const set = await t.app.inject({
      method: 'PUT',
      url: `${mrUrl(p)}/merge`,
      payload: { auto_merge: true },
      headers: owner.headers,
    });
    expect(set.json<MergeRequestDetail>()).toMatchObject({
      state: 'opened',
      merge_when_pipeline_succeeds: true,
    });
    await resolve(p, discussionId, true);
    // The resolution queues the auto-merge check a moment after it answers (from the bus).
    await expect
      .poll(
        async () => {
          await t.container.jobs.drain();
          return (await show(p)).state;
        },
        { timeout: 10_000 },
      )
      .toBe('merged');
  });
});
