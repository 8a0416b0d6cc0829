import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGroupMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { ProjectRuleJson } from '../../../shared/api/approvals';
import type { GroupContext } from '../groups/groups.service';
import type { ProjectContext } from '../projects/projects.service';

type Row = Record<string, unknown>;
type StateRule = { name: string; groups: Array<{ id: number }>; eligible_approvers: Row[] } & Row;

/**
 * Approval rules naming a private group: a viewer who may not see the group gets
 * `contains_hidden_groups: true` and the group left out (and, outside the project, no eligible
 * approvers), while the group's members still approve.
 */
describe('approval rules with hidden groups', () => {
  let t: TestApp;
  let owner: TestUser;
  let maintainer: TestUser;
  let developer: TestUser;
  let outsider: TestUser;
  let insider: TestUser;
  let visible: TestUser;
  let secret: GroupContext;
  let open: GroupContext;
  let p: ProjectContext;
  let ruleId: number;

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const api = () => `/api/v4/projects/${p.project.id}`;
  const mrUrl = () => `${api()}/merge_requests/1`;
  const groupIds = (groups: Array<{ id: number }>) => groups.map((group) => group.id);

  beforeAll(async () => {
    t = await createTestApp();
    const users = await Promise.all(Array.from({ length: 6 }, () => buildUser(t.container)));
    [owner, maintainer, developer, outsider, insider, visible] = users as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    secret = await t.container.groups.createGroup(owner, {
      name: 'Secret reviewers',
      path: 'secret-reviewers',
      visibility: 'private',
    });
    open = await t.container.groups.createGroup(owner, {
      name: 'Open reviewers',
      path: 'open-reviewers',
      visibility: 'public',
    });
    await addGroupMember(t.container, secret, insider, ACCESS_LEVELS.developer);
    await addGroupMember(t.container, open, visible, ACCESS_LEVELS.developer);
    p = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, p, maintainer, ACCESS_LEVELS.maintainer);
    for (const user of [developer, insider, visible])
      await addProjectMember(t.container, p, user, ACCESS_LEVELS.developer);
    const created = await call(owner, 'POST', `${api()}/approval_rules`, {
      name: 'Reviewers',
      approvals_required: 1,
      group_ids: [secret.group.id, open.group.id],
    });
    expect(created.statusCode).toBe(201);
    ruleId = created.json<ProjectRuleJson>().id;
    await buildMergeRequest(t.container, developer, p);
  });
  afterAll(() => t.close());

  it('shows a group member of it everything, and hides the group from those who may not see it', async () => {
    const [mine] = (await call(owner, 'GET', `${api()}/approval_rules`)).json<ProjectRuleJson[]>();
    expect(mine).toMatchObject({ contains_hidden_groups: false });
    expect(groupIds(mine!.groups).sort()).toEqual([secret.group.id, open.group.id].sort());

    const [asMember] = (await call(developer, 'GET', `${api()}/approval_rules`)).json<ProjectRuleJson[]>();
    expect(asMember).toMatchObject({ contains_hidden_groups: true, groups: [{ id: open.group.id }] });
    // A project member sees the eligible approvers anyway (the members page lists them); the
    // owner founded both groups, so is a member of each.
    const byId = (a: number, b: number) => a - b;
    expect(asMember!.eligible_approvers.map((user) => user.id).sort(byId)).toEqual(
      [owner.id, insider.id, visible.id].sort(byId),
    );

    const shown = (await call(outsider, 'GET', `${api()}/approval_rules/${ruleId}`)).json<ProjectRuleJson>();
    expect(shown).toMatchObject({
      contains_hidden_groups: true,
      groups: [{ id: open.group.id, full_path: 'open-reviewers' }],
      eligible_approvers: [],
    });
  });

  it("answers approval_state and GraphQL the same way, and counts the hidden group's approvals", async () => {
    expect((await call(insider, 'POST', `${mrUrl()}/approve`)).statusCode).toBe(201);
    const state = (await call(outsider, 'GET', `${mrUrl()}/approval_state`)).json<{ rules: StateRule[] }>();
    expect(state.rules).toHaveLength(1);
    expect(state.rules[0]).toMatchObject({
      name: 'Reviewers',
      contains_hidden_groups: true,
      groups: [{ id: open.group.id }],
      eligible_approvers: [],
      approved: true,
      approved_by: [{ id: insider.id }],
    });
    const approvals = (await call(outsider, 'GET', `${mrUrl()}/approvals`)).json<Row>();
    expect(approvals).toMatchObject({ approved: true, approvals_left: 0 });

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: outsider.headers,
      payload: {
        query: `query($path: ID!) { project(fullPath: $path) { mergeRequest(iid: "1") {
          approvalState { rules { name containsHiddenGroups approved
            groups { nodes { id fullPath } } users { nodes { username } } eligibleApprovers { username } } } } } }`,
        variables: { path: p.fullPath },
      },
    });
    const body = response.json<{
      data: { project: { mergeRequest: { approvalState: { rules: Row[] } } } };
    }>();
    expect(body.data.project.mergeRequest.approvalState.rules).toEqual([
      {
        name: 'Reviewers',
        containsHiddenGroups: true,
        approved: true,
        groups: { nodes: [{ id: `gid://gitlab/Group/${open.group.id}`, fullPath: 'open-reviewers' }] },
        users: { nodes: [] },
        eligibleApprovers: [],
      },
    ]);
  });

  it('keeps hidden groups on an edit unless remove_hidden_groups, and never adds a group the editor cannot see', async () => {
    const kept = await call(maintainer, 'PUT', `${api()}/approval_rules/${ruleId}`, {
      group_ids: [open.group.id],
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<ProjectRuleJson>()).toMatchObject({ contains_hidden_groups: true });
    const [stored] = (await call(owner, 'GET', `${api()}/approval_rules`)).json<ProjectRuleJson[]>();
    expect(groupIds(stored!.groups).sort()).toEqual([secret.group.id, open.group.id].sort());

    const removed = await call(maintainer, 'PUT', `${api()}/approval_rules/${ruleId}`, {
      group_ids: [open.group.id],
      remove_hidden_groups: true,
    });
    expect(removed.json<ProjectRuleJson>()).toMatchObject({
      contains_hidden_groups: false,
      groups: [{ id: open.group.id }],
    });

    const added = await call(maintainer, 'POST', `${api()}/approval_rules`, {
      name: 'Guessed',
      approvals_required: 1,
      group_ids: [secret.group.id],
    });
    expect(added.statusCode).toBe(201);
    const [, guessed] = (await call(owner, 'GET', `${api()}/approval_rules`)).json<ProjectRuleJson[]>();
    expect(guessed).toMatchObject({ name: 'Guessed', groups: [], contains_hidden_groups: false });
  });

  it('hides the groups of a merge request rule too', async () => {
    const created = await call(owner, 'POST', `${mrUrl()}/approval_rules`, {
      name: 'Own',
      approvals_required: 1,
      group_ids: [secret.group.id],
    });
    expect(created.statusCode).toBe(201);
    const [own] = (await call(outsider, 'GET', `${mrUrl()}/approval_rules`)).json<ProjectRuleJson[]>();
    expect(own).toMatchObject({
      name: 'Own',
      groups: [],
      contains_hidden_groups: true,
      eligible_approvers: [],
    });
  });
});
