import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { addProjectMember, pushFile } from '../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../shared/access/accessLevels';
import type { MergeRequestDetail, MergeRequestPage } from '../../shared/api/mergeRequests';
import type { UpdateProjectBody } from '../../shared/api/projects';
import type { ProjectContext } from '../features/projects/projects.service';

type Row = Record<string, unknown>;

/** The widget's GraphQL queries (spec 000 §7, 002 §7), in GitLab's shapes, answered as REST answers. */
describe('GraphQL merge request widget queries', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    reporter = await buildUser(t.container, { name: 'Rita Reporter' });
  });
  afterAll(() => t.close());

  /** A private project with a Reporter, and its request !1 from `feature` (one commit adding cart.ts). */
  async function request(settings: UpdateProjectBody = {}, title = 'Add a cart') {
    const p = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
    if (Object.keys(settings).length > 0)
      await t.container.projects.updateProject(owner, p.project.id, settings);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
    await t.container.mergeRequests.create(owner, p.project.id, { source_branch: 'feature', title });
    return p;
  }

  const graphql = async (user: TestUser, text: string, variables: Row) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: user.headers,
      payload: { query: text, variables },
    });
    const body = response.json<{ data?: { project: { mergeRequest: Row } & Row }; errors?: unknown }>();
    expect(body.errors).toBeUndefined();
    if (!body.data) throw new Error('no data');
    return body.data.project;
  };
  const rest = async (p: ProjectContext, user: TestUser = owner) =>
    (
      await t.app.inject({ url: `/api/v4/projects/${p.project.id}/merge_requests/1`, headers: user.headers })
    ).json<MergeRequestDetail>();
  const pageJson = async (p: ProjectContext, user: TestUser = owner) =>
    (
      await t.app.inject({ url: `/${p.fullPath}/-/merge_requests/1.json`, headers: user.headers })
    ).json<MergeRequestPage>();
  const apiPut = (p: ProjectContext, suffix: string, payload: Row = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${p.project.id}/merge_requests/1${suffix}`,
      headers: owner.headers,
      payload,
    });

  it('missingBranchQuery: sourceBranchExists follows the branch', async () => {
    const p = await request();
    const text = `query missingBranchQuery($projectPath: ID!, $iid: String!) {
      workspace: project(fullPath: $projectPath) { id mergeRequest(iid: $iid) { id sourceBranchExists } }
    }`;
    const variables = { projectPath: p.fullPath, iid: '1' };
    const exists = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: owner.headers,
        payload: { query: text, variables },
      });
      return response.json<{ data: { workspace: { mergeRequest: { sourceBranchExists: boolean } } } }>().data
        .workspace.mergeRequest.sourceBranchExists;
    };
    expect([await exists(), (await pageJson(p)).source_branch_exists]).toEqual([true, true]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v4/projects/${p.project.id}/repository/branches/feature`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect([await exists(), (await pageJson(p)).source_branch_exists]).toEqual([false, false]);
  });

  it('autoMergeFailedQuery: mergeError is the reason the last merge did not land', async () => {
    const p = await request();
    const text = `query autoMergeFailedQuery($projectPath: ID!, $iid: String!) {
      project(fullPath: $projectPath) { id mergeRequest(iid: $iid) { id mergeError } }
    }`;
    const mergeError = async () =>
      (await graphql(owner, text, { projectPath: p.fullPath, iid: '1' })).mergeRequest.mergeError;
    expect(await mergeError()).toBeNull();
    // Checked mergeable, then main takes a clashing cart.ts unannounced: the merge itself conflicts.
    expect((await rest(p)).merge_status).toBe('can_be_merged');
    await pushFile(p, 'main', { path: 'cart.ts', content: 'export const cart = 1;\n' });
    expect((await apiPut(p, '/merge')).statusCode).toBe(422);
    const restError = (await rest(p)).merge_error;
    expect(restError).toBe('Merge conflicts must be resolved.');
    expect(await mergeError()).toBe(restError);
  });

  it('autoMergeEnabledEE: the strategy set, who may delete the branch, and the train count', async () => {
    const p = await request({ remove_source_branch_after_merge: true }, 'Draft: Add a cart');
    const text = `query autoMergeEnabledEE($projectPath: ID!, $iid: String!) {
      project(fullPath: $projectPath) {
        id
        mergeRequest(iid: $iid) {
          id
          autoMergeStrategy
          autoMergeEnabled
          mergeUser { id avatarUrl name webUrl }
          targetBranch
          sourceBranch
          forceRemoveSourceBranch
          shouldRemoveSourceBranch
          userPermissions { removeSourceBranch }
          mergeTrainsCount
        }
      }
    }`;
    const asked = async (user: TestUser) =>
      (await graphql(user, text, { projectPath: p.fullPath, iid: '1' })).mergeRequest;
    expect(await asked(owner)).toMatchObject({ autoMergeEnabled: false, autoMergeStrategy: null });
    // A draft waits: auto-merge is set rather than merged.
    expect((await apiPut(p, '/merge', { auto_merge: true })).statusCode).toBe(200);
    const detail = await rest(p);
    expect(detail.merge_when_pipeline_succeeds).toBe(true);
    expect(await asked(owner)).toEqual({
      id: `gid://gitlab/MergeRequest/${detail.id}`,
      autoMergeStrategy: 'merge_when_checks_pass',
      autoMergeEnabled: true,
      mergeUser: null,
      targetBranch: 'main',
      sourceBranch: 'feature',
      forceRemoveSourceBranch: detail.force_remove_source_branch,
      shouldRemoveSourceBranch: detail.should_remove_source_branch,
      userPermissions: { removeSourceBranch: true },
      mergeTrainsCount: 0,
    });
    expect(detail.force_remove_source_branch).toBe(true);
    expect((await asked(reporter)).userPermissions).toEqual({ removeSourceBranch: false });
  });

  it('userPermissions: canMerge and the rest as REST gives them to each role', async () => {
    const p = await request();
    const text = `query userPermissions($fullPath: ID!, $iid: String!) {
      project(fullPath: $fullPath) {
        id
        mergeRequest(iid: $iid) { id userPermissions { canMerge removeSourceBranch updateMergeRequest } }
      }
    }`;
    for (const [user, may] of [
      [owner, true],
      [reporter, false],
    ] as const) {
      const permissions = (await graphql(user, text, { fullPath: p.fullPath, iid: '1' })).mergeRequest
        .userPermissions;
      const page = await pageJson(p, user);
      expect(permissions).toEqual({
        canMerge: page.user.can_merge,
        removeSourceBranch: page.current_user.can_remove_source_branch,
        updateMergeRequest: page.current_user.can_update,
      });
      expect(permissions).toEqual({ canMerge: may, removeSourceBranch: may, updateMergeRequest: may });
    }
  });

  it('merge request state and merge status: open and blocked, then merged by whom and when', async () => {
    const p = await request({ only_allow_merge_if_pipeline_succeeds: true });
    const text = `query getState($projectPath: ID!, $iid: String!) {
      project(fullPath: $projectPath) {
        id
        archived
        onlyAllowMergeIfPipelineSucceeds
        mergeRequest(iid: $iid) {
          id
          state
          mergeStatus
          mergeStatusEnum
          detailedMergeStatus
          mergeOngoing
          mergeError
          commitCount
          diffHeadSha
          sourceBranchExists
          targetBranchExists
          shouldBeRebased
          mergeableDiscussionsState
          squash
          squashOnMerge
          mergeUser { username }
          mergedAt
          userPermissions { canMerge }
        }
      }
    }`;
    const state = () => graphql(owner, text, { projectPath: p.fullPath, iid: '1' });
    const blocked = await rest(p);
    expect(await state()).toMatchObject({
      archived: false,
      onlyAllowMergeIfPipelineSucceeds: true,
      mergeRequest: {
        state: 'opened',
        mergeStatus: blocked.merge_status,
        mergeStatusEnum: blocked.merge_status.toUpperCase(),
        detailedMergeStatus: 'CI_MUST_PASS',
        mergeOngoing: false,
        mergeError: null,
        commitCount: 1,
        diffHeadSha: blocked.sha,
        sourceBranchExists: true,
        targetBranchExists: true,
        shouldBeRebased: false,
        mergeableDiscussionsState: blocked.blocking_discussions_resolved,
        squash: blocked.squash,
        squashOnMerge: blocked.squash_on_merge,
        mergeUser: null,
        mergedAt: null,
        userPermissions: { canMerge: true },
      },
    });
    expect(blocked.detailed_merge_status).toBe('ci_must_pass');

    await t.container.projects.updateProject(owner, p.project.id, {
      only_allow_merge_if_pipeline_succeeds: false,
    });
    expect((await apiPut(p, '/merge')).statusCode).toBe(200);
    const merged = await rest(p);
    expect((await state()).mergeRequest).toMatchObject({
      state: 'merged',
      detailedMergeStatus: 'NOT_OPEN',
      mergeOngoing: false,
      mergeUser: { username: owner.username },
      mergedAt: merged.merged_at,
    });
  });
});
