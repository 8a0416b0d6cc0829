import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequestApprovalsJson, ProjectRuleJson } from '../../../shared/api/approvals';
import type { ProjectContext } from '../projects/projects.service';

/** Project and merge request approval rules, and the settings that decide who edits them. */
describe('approval rules', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let reviewer: TestUser;
  let p: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    [owner, developer, reviewer] = [
      await buildUser(t.container),
      await buildUser(t.container),
      await buildUser(t.container),
    ];
    p = await buildProject(t.container, owner);
    await addProjectMember(t.container, p, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, p, reviewer, ACCESS_LEVELS.developer);
    await buildMergeRequest(t.container, developer, p);
  });
  afterAll(() => t.close());

  const api = () => `/api/v4/projects/${p.project.id}`;
  const mrUrl = () => `${api()}/merge_requests/1`;
  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  it('lets Maintainers create, edit and delete project rules, in GitLab shape', async () => {
    expect(
      (await call(developer, 'POST', `${api()}/approval_rules`, { name: 'QA', approvals_required: 1 }))
        .statusCode,
    ).toBe(403);
    const created = await call(owner, 'POST', `${api()}/approval_rules`, {
      name: 'Security',
      approvals_required: 1,
      user_ids: [reviewer.id],
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json<ProjectRuleJson>();
    expect(rule).toMatchObject({
      name: 'Security',
      rule_type: 'regular',
      approvals_required: 1,
      users: [{ username: reviewer.username }],
      eligible_approvers: [{ username: reviewer.username }],
      protected_branches: [],
      applies_to_all_protected_branches: false,
    });
    const taken = await call(owner, 'POST', `${api()}/approval_rules`, {
      name: 'Security',
      approvals_required: 1,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ message: { name: ['has already been taken'] } });
    const state = (await call(developer, 'GET', `${mrUrl()}/approvals`)).json<MergeRequestApprovalsJson>();
    expect(state).toMatchObject({
      approvals_required: 1,
      approvals_left: 1,
      approval_rules_left: [{ name: 'Security', rule_type: 'regular' }],
    });
    // The reviewer approves under the rule; the developer (the author) may not.
    expect((await call(developer, 'POST', `${mrUrl()}/approve`)).statusCode).toBe(401);
    expect((await call(reviewer, 'POST', `${mrUrl()}/approve`)).statusCode).toBe(201);
    const approvalState = (await call(owner, 'GET', `${mrUrl()}/approval_state`)).json<{
      rules: Array<{ name: string; approved: boolean; approved_by: Array<{ username: string }> }>;
    }>();
    expect(approvalState.rules).toMatchObject([
      { name: 'Security', approved: true, approved_by: [{ username: reviewer.username }] },
    ]);
    const edited = await call(owner, 'PUT', `${api()}/approval_rules/${rule.id}`, { approvals_required: 2 });
    expect(edited.json()).toMatchObject({ approvals_required: 2 });
    expect((await call(owner, 'DELETE', `${api()}/approval_rules/${rule.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `${api()}/approval_rules`)).json()).toEqual([]);
    await call(reviewer, 'POST', `${mrUrl()}/unapprove`);
  });

  it('refuses a Developer editing merge request rules when overriding is off', async () => {
    const off = await call(owner, 'PUT', `${api()}/merge_request_approval_setting`, {
      allow_overrides_to_approver_list_per_merge_request: false,
    });
    expect(off.json()).toMatchObject({
      allow_overrides_to_approver_list_per_merge_request: {
        value: false,
        locked: false,
        inherited_from: null,
      },
    });
    const refused = await call(developer, 'POST', `${mrUrl()}/approval_rules`, {
      name: 'Mine',
      approvals_required: 0,
    });
    expect(refused.statusCode).toBe(403);
    expect((await call(developer, 'GET', `${mrUrl()}/approval_rules`)).json()).toEqual([]);
    await call(owner, 'PUT', `${api()}/merge_request_approval_setting`, {
      allow_overrides_to_approver_list_per_merge_request: true,
    });
    const allowed = await call(developer, 'POST', `${mrUrl()}/approval_rules`, {
      name: 'Mine',
      approvals_required: 1,
      usernames: [reviewer.username],
    });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json()).toMatchObject({ name: 'Mine', users: [{ username: reviewer.username }] });
    const state = (await call(owner, 'GET', `${mrUrl()}/approval_state`)).json<{
      approval_rules_overwritten: boolean;
    }>();
    expect(state.approval_rules_overwritten).toBe(true);
  });

  it('answers the project settings in both of GitLab shapes, and needs one setting to change', async () => {
    const settings = await call(owner, 'POST', `${api()}/approvals`, { reset_approvals_on_push: 'false' });
    expect(settings.statusCode).toBe(201);
    expect(settings.json()).toMatchObject({
      reset_approvals_on_push: false,
      merge_requests_author_approval: false,
      require_password_to_approve: false,
    });
    const put = await call(owner, 'PUT', `${api()}/merge_request_approval_setting`, {});
    expect(put.statusCode).toBe(400);
    expect((await call(owner, 'GET', `${api()}/merge_request_approval_setting`)).json()).toMatchObject({
      retain_approvals_on_push: { value: true },
      allow_author_approval: { value: false },
    });
    expect(
      (await call(developer, 'POST', `${api()}/approvals`, { reset_approvals_on_push: true })).statusCode,
    ).toBe(403);
  });

  it('refuses editing and removing a merge request rule once overriding is off, for the Owner too, and keeps it', async () => {
    const made = await call(developer, 'POST', `${mrUrl()}/approval_rules`, {
      name: 'Kept',
      approvals_required: 1,
      user_ids: [reviewer.id],
    });
    expect(made.statusCode).toBe(201);
    const id = made.json<{ id: number }>().id;
    await call(owner, 'PUT', `${api()}/merge_request_approval_setting`, {
      allow_overrides_to_approver_list_per_merge_request: false,
    });
    for (const user of [developer, owner]) {
      const edit = await call(user, 'PUT', `${mrUrl()}/approval_rules/${id}`, { approvals_required: 0 });
      expect(edit.statusCode).toBe(403);
      expect((await call(user, 'DELETE', `${mrUrl()}/approval_rules/${id}`)).statusCode).toBe(403);
    }
    const rules = (await call(owner, 'GET', `${mrUrl()}/approval_rules`)).json<
      { id: number; approvals_required: number }[]
    >();
    expect(rules.find((rule) => rule.id === id)).toMatchObject({ approvals_required: 1 });
    await call(owner, 'PUT', `${api()}/merge_request_approval_setting`, {
      allow_overrides_to_approver_list_per_merge_request: true,
    });
  });

  it('answers a copied rule with its source_rule, and overridden once it says something else', async () => {
    const project = await call(owner, 'POST', `${api()}/approval_rules`, {
      name: 'Security',
      approvals_required: 2,
      user_ids: [reviewer.id],
    });
    expect(project.statusCode).toBe(201);
    const copied = await call(developer, 'POST', `${mrUrl()}/approval_rules`, {
      approval_project_rule_id: project.json<{ id: number }>().id,
      name: 'Security',
      approvals_required: 2,
    });
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json()).toMatchObject({
      name: 'Security',
      approvals_required: 2,
      source_rule: { approvals_required: 2 },
      overridden: false,
    });
    const id = copied.json<{ id: number }>().id;
    const raised = await call(developer, 'PUT', `${mrUrl()}/approval_rules/${id}`, { approvals_required: 3 });
    expect(raised.json()).toMatchObject({ source_rule: { approvals_required: 2 }, overridden: true });
    const state = (await call(owner, 'GET', `${mrUrl()}/approval_state`)).json<{
      rules: { id: number; source_rule: unknown; overridden: boolean }[];
    }>();
    expect(state.rules.find((rule) => rule.id === id)).toMatchObject({
      source_rule: { approvals_required: 2 },
      overridden: true,
    });
    const own = await call(developer, 'POST', `${mrUrl()}/approval_rules`, {
      name: 'Own',
      approvals_required: 1,
    });
    expect(own.json()).toMatchObject({ source_rule: null, overridden: false });
  });
});
