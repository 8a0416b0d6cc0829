import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, pushFile } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequestDetail } from '../../../shared/api/mergeRequests';
import { branchRef, resolveCommit } from '../../git/repository';
import type { ProjectContext } from '../projects/projects.service';

type Check = { identifier: string; status: string };

/**
 * 'The merge request approvals are currently syncing.': from the moment a push to the source
 * branch is received until its new head is recorded (with the approvals it removes), merge checks
 * answer APPROVALS_SYNCING and a merge is refused with the spec's text; the mark clears after.
 */
describe('approvals syncing after a push', () => {
  let t: TestApp;
  let owner: TestUser;
  let approver: TestUser;
  let p: ProjectContext;

  const mrUrl = () => `/api/v4/projects/${p.project.id}/merge_requests/1`;
  const head = () => resolveCommit(p.gitDir, branchRef('feature'));
  const show = async () =>
    (await t.app.inject({ method: 'GET', url: mrUrl(), headers: owner.headers })).json<MergeRequestDetail>();
  const checks = async () => {
    const widget = await t.app.inject({
      method: 'GET',
      url: `/${p.fullPath}/-/merge_requests/1/cached_widget.json`,
      headers: owner.headers,
    });
    return widget.json<{ mergeability_checks: Check[] }>().mergeability_checks;
  };
  const merge = async () =>
    t.app.inject({
      method: 'POST',
      url: `/${p.fullPath}/-/merge_requests/1/merge`,
      payload: { sha: await head() },
      headers: owner.headers,
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    approver = await buildUser(t.container);
    p = await buildProject(t.container, owner);
    await addProjectMember(t.container, p, approver, ACCESS_LEVELS.developer);
    const rule = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${p.project.id}/approval_rules`,
      headers: owner.headers,
      payload: { name: 'Any Developer', approvals_required: 1, rule_type: 'any_approver' },
    });
    expect(rule.statusCode).toBe(201);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
    await t.container.mergeRequests.create(owner, p.project.id, { source_branch: 'feature', title: 'Cart' });
  });
  afterAll(() => t.close());

  const row = async () => (await t.container.mergeRequests.rowById((await show()).id))!;

  it('reports APPROVALS_SYNCING and refuses the merge while the approval state is synced, then clears', async () => {
    const approved = await t.app.inject({
      method: 'POST',
      url: `${mrUrl()}/approve`,
      headers: approver.headers,
    });
    expect(approved.statusCode).toBe(201);
    await show(); // settles the git mergeability check
    expect((await show()).detailed_merge_status).toBe('mergeable');
    expect(await checks()).toContainEqual({ identifier: 'APPROVALS_SYNCING', status: 'SUCCESS' });

    const during = await t.container.mergeRequests.whileApprovalsSync(await row(), async () => ({
      status: (await show()).detailed_merge_status,
      checks: await checks(),
      merge: (await merge()).json<unknown>(),
    }));
    expect(during.status).toBe('approvals_syncing');
    expect(during.checks).toContainEqual({ identifier: 'APPROVALS_SYNCING', status: 'FAILED' });
    expect(during.merge).toEqual({
      status: 'failed',
      merge_error: 'The merge request approvals are currently syncing.',
    });

    expect((await row()).approvalsSyncingSince).toBeNull();
    expect((await show()).detailed_merge_status).toBe('mergeable');
  });

  it('clears the mark when the work fails, and a push leaves none behind', async () => {
    await expect(
      t.container.mergeRequests.whileApprovalsSync(await row(), async () => {
        throw new Error('the recompute failed');
      }),
    ).rejects.toThrow('the recompute failed');
    expect((await row()).approvalsSyncingSince).toBeNull();

    const oldSha = (await head()) ?? '';
    const newSha = await pushFile(p, 'feature', { path: 'more.ts', content: 'more\n' });
    await t.container.mergeRequests.handlePush({
      projectId: p.project.id,
      changes: [{ ref: 'refs/heads/feature', oldSha, newSha }],
    });
    expect(await row()).toMatchObject({ headSha: newSha, approvalsSyncingSince: null });
    expect((await show()).detailed_merge_status).not.toBe('approvals_syncing');
  });
});
