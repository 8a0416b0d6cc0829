import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { conformanceSetup, gitlabClient, type GitlabClient } from '../support/gitlab-client';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { runPythonGitlab } from '../support/python-gitlab';

/** The address conformanceSetup's server already listens on. */
const urlOf = (setup: ReturnType<typeof conformanceSetup>) =>
  `http://127.0.0.1:${(setup.t.app.server.address() as AddressInfo).port}`;

describe('approvals through @gitbeaker/rest', () => {
  const setup = conformanceSetup();
  let approver: TestUser;
  let asApprover: GitlabClient;
  beforeAll(async () => {
    const { t, project } = setup;
    approver = await buildUser(t.container);
    await addProjectMember(t.container, project, approver, ACCESS_LEVELS.developer);
    asApprover = gitlabClient(urlOf(setup), approver.token);
  });

  it('configures the project, adds a rule, approves and unapproves', async () => {
    const { t, owner, project, gitlab } = setup;
    const id = project.project.id;
    const settings = await gitlab.MergeRequestApprovals.editConfiguration(id, {
      resetApprovalsOnPush: false,
    });
    expect(settings).toMatchObject({ reset_approvals_on_push: false, merge_requests_author_approval: false });
    const rule = await gitlab.MergeRequestApprovals.createApprovalRule(id, 'Reviewers', 1, {
      userIds: [approver.id],
    });
    expect(rule).toMatchObject({ name: 'Reviewers', approvals_required: 1, users: [{ id: approver.id }] });
    const mr = await buildMergeRequest(t.container, owner, project);
    const iid = mr.mergeRequest.iid;
    expect(await gitlab.MergeRequestApprovals.showConfiguration(id, { mergerequestIId: iid })).toMatchObject({
      approvals_required: 1,
      approvals_left: 1,
      approved: false,
    });
    await expect(
      asApprover.MergeRequestApprovals.approve(id, iid, { sha: '0'.repeat(40) }),
    ).rejects.toThrow();
    const approved = await asApprover.MergeRequestApprovals.approve(id, iid, {
      sha: mr.mergeRequest.headSha ?? '',
    });
    expect(approved).toMatchObject({ approvals_left: 0, approved: true });
    const state = await gitlab.MergeRequestApprovals.showApprovalState(id, iid);
    expect(state.rules).toMatchObject([{ name: 'Reviewers', approved: true }]);
    await asApprover.MergeRequestApprovals.unapprove(id, iid);
    expect(await gitlab.MergeRequestApprovals.showConfiguration(id, { mergerequestIId: iid })).toMatchObject({
      approvals_left: 1,
    });
    const own = await gitlab.MergeRequestApprovals.createApprovalRule(id, 'Just this one', 0, {
      mergerequestIId: iid,
    });
    expect(await gitlab.MergeRequestApprovals.allApprovalRules(id, { mergerequestIId: iid })).toMatchObject([
      { id: own.id, name: 'Just this one' },
    ]);
    await gitlab.MergeRequestApprovals.removeApprovalRule(id, own.id, { mergerequestIId: iid });
    await gitlab.MergeRequestApprovals.removeApprovalRule(id, rule.id);
    expect(await gitlab.MergeRequestApprovals.allApprovalRules(id)).toEqual([]);
  });
});

describe('approval rules with a hidden group through @gitbeaker/rest', () => {
  const setup = conformanceSetup();

  it('answers contains_hidden_groups to a Maintainer outside the group, and keeps the group on their edit', async () => {
    const { t, owner, project } = setup;
    const id = project.project.id;
    const maintainer = await buildUser(t.container);
    await addProjectMember(t.container, project, maintainer, ACCESS_LEVELS.maintainer);
    const secret = await t.container.groups.createGroup(owner, {
      name: 'Secret',
      path: 'secret-approvers',
      visibility: 'private',
    });
    const rule = await setup.gitlab.MergeRequestApprovals.createApprovalRule(id, 'Secret', 1, {
      groupIds: [secret.group.id],
    });
    expect(rule).toMatchObject({ contains_hidden_groups: false, groups: [{ id: secret.group.id }] });
    const asMaintainer = gitlabClient(urlOf(setup), maintainer.token);
    expect(await asMaintainer.MergeRequestApprovals.showApprovalRule(id, rule.id)).toMatchObject({
      contains_hidden_groups: true,
      groups: [],
    });
    await asMaintainer.MergeRequestApprovals.editApprovalRule(id, rule.id, 'Secret', 2, { groupIds: [] });
    expect(await setup.gitlab.MergeRequestApprovals.showApprovalRule(id, rule.id)).toMatchObject({
      approvals_required: 2,
      groups: [{ id: secret.group.id }],
    });
    const removed = await asMaintainer.MergeRequestApprovals.editApprovalRule(id, rule.id, 'Secret', 2, {
      groupIds: [],
      removeHiddenGroups: true,
    });
    expect(removed).toMatchObject({ contains_hidden_groups: false, groups: [] });
  });
});

describe('approvals through python-gitlab', () => {
  const setup = conformanceSetup();

  it('drives settings, project and merge request rules, approve and unapprove', async () => {
    const { t, owner } = setup;
    const approver = await buildUser(t.container);
    const project = await buildProject(t.container, owner, { path: 'approvals' });
    await addProjectMember(t.container, project, approver, ACCESS_LEVELS.developer);
    const mr = await buildMergeRequest(t.container, owner, project);
    const results = await runPythonGitlab<Record<string, unknown>>(
      'approvals.py',
      { url: urlOf(setup), token: owner.token },
      {
        project_id: project.project.id,
        iid: mr.mergeRequest.iid,
        approver_id: approver.id,
        approver_token: approver.token,
      },
    );
    expect(results).toEqual({
      settings: [false, false],
      rule: ['Reviewers', 1, [approver.username]],
      rules: [['Reviewers', 2]],
      before: [1, 1, false],
      stale_sha: {
        status: 409,
        message: `SHA does not match HEAD of source branch: ${mr.mergeRequest.headSha}`,
        error: 'GitlabMRApprovalError',
      },
      approved: [0, [approver.username]],
      state: [['Reviewers', true]],
      after_unapprove: 1,
      unapprove_again: { status: 404, message: '404 Not Found', error: 'GitlabMRApprovalError' },
      mr_rules: ['Just this one'],
      mr_rules_after_delete: [],
      // A copy asking more than its project rule: the project rule's count, and overridden.
      copied: [{ approvals_required: 1 }, true],
      coverage: ['report_approver', 'code_coverage'],
      tags: [],
      project_rules_after_delete: 0,
    });
  });
});
