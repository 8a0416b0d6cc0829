import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGroupMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { ProjectRuleJson } from '../../../shared/api/approvals';
import type { GroupContext } from '../groups/groups.service';
import type { ProjectContext } from '../projects/projects.service';

type Approvals = { approved: boolean; approvals_left: number; approved_by: Array<{ user: { id: number } }> };

/** Who approves, and who edits rules, is read at the moment they act: lost access counts for nothing. */
describe('approvals of people who lose their access', () => {
  let t: TestApp;
  let owner: TestUser;
  let maintainer: TestUser;
  let author: TestUser;
  let reviewer: TestUser;
  let reviewers: GroupContext;
  let p: ProjectContext;
  let ruleId: number;

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const api = () => `/api/v4/projects/${p.project.id}`;
  const mrUrl = () => `${api()}/merge_requests/1`;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, maintainer, author, reviewer] = (await Promise.all(
      Array.from({ length: 4 }, () => buildUser(t.container)),
    )) as [TestUser, TestUser, TestUser, TestUser];
    reviewers = await t.container.groups.createGroup(owner, {
      name: 'Payment reviewers',
      path: 'payment-reviewers',
      visibility: 'private',
    });
    await addGroupMember(t.container, reviewers, reviewer, ACCESS_LEVELS.developer);
    p = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, p, maintainer, ACCESS_LEVELS.maintainer);
    await addProjectMember(t.container, p, author, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, p, reviewer, ACCESS_LEVELS.developer);
    const rule = await call(owner, 'POST', `${api()}/approval_rules`, {
      name: 'Payments',
      approvals_required: 1,
      group_ids: [reviewers.group.id],
    });
    expect(rule.statusCode).toBe(201);
    ruleId = rule.json<ProjectRuleJson>().id;
    await buildMergeRequest(t.container, author, p);
  });
  afterAll(() => t.close());

  it('stops counting a group approver’s approval once they leave the group the rule names', async () => {
    const approved = await call(reviewer, 'POST', `${mrUrl()}/approve`);
    expect(approved.statusCode, approved.body).toBe(201);
    expect((await call(owner, 'GET', `${mrUrl()}/approvals`)).json<Approvals>()).toMatchObject({
      approved: true,
      approvals_left: 0,
    });
    const left = await call(owner, 'DELETE', `/api/v4/groups/${reviewers.group.id}/members/${reviewer.id}`);
    expect(left.statusCode, left.body).toBe(204);
    expect((await call(owner, 'GET', `${mrUrl()}/approvals`)).json<Approvals>()).toMatchObject({
      approved: false,
      approvals_left: 1,
    });
    const state = await call(owner, 'GET', `${mrUrl()}/approval_state`);
    const payments = state
      .json<{
        rules: Array<{ name: string; approved: boolean; eligible_approvers: Array<{ id: number }> }>;
      }>()
      .rules.find((rule) => rule.name === 'Payments');
    expect(payments).toMatchObject({ approved: false });
    expect(payments!.eligible_approvers.map((user) => user.id)).not.toContain(reviewer.id);
    expect((await call(owner, 'GET', mrUrl())).json<{ detailed_merge_status: string }>()).toMatchObject({
      detailed_merge_status: 'not_approved',
    });
  });

  it('refuses rule edits from a Maintainer removed from the project, and keeps the rule as it was', async () => {
    const edited = await call(maintainer, 'PUT', `${api()}/approval_rules/${ruleId}`, {
      approvals_required: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const removed = await call(owner, 'DELETE', `${api()}/members/${maintainer.id}`);
    expect(removed.statusCode).toBe(204);
    // A private project's rules are not even there for someone outside it.
    const refused = await call(maintainer, 'PUT', `${api()}/approval_rules/${ruleId}`, {
      approvals_required: 0,
    });
    expect(refused.statusCode).toBe(404);
    expect((await call(maintainer, 'DELETE', `${api()}/approval_rules/${ruleId}`)).statusCode).toBe(404);
    expect(
      (await call(maintainer, 'POST', `${api()}/approval_rules`, { name: 'Mine', approvals_required: 0 }))
        .statusCode,
    ).toBe(404);
    const rules = (await call(owner, 'GET', `${api()}/approval_rules`)).json<ProjectRuleJson[]>();
    expect(rules).toEqual([expect.objectContaining({ id: ruleId, name: 'Payments', approvals_required: 2 })]);
  });
});
