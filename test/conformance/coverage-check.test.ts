import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { buildUser, type TestUser } from '../support/factories';
import { conformanceSetup } from '../support/gitlab-client';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';

describe('the Coverage-Check rule through @gitbeaker/rest', () => {
  const setup = conformanceSetup();
  let approver: TestUser;
  beforeAll(async () => {
    approver = await buildUser(setup.t.container);
    await addProjectMember(setup.t.container, setup.project, approver, ACCESS_LEVELS.developer);
  });

  it('creates the rule with its report type, and follows the pipelines’ coverage', async () => {
    const { t, owner, project, gitlab } = setup;
    const id = project.project.id;
    const rule = await gitlab.MergeRequestApprovals.createApprovalRule(id, 'Coverage-Check', 1, {
      ruleType: 'report_approver',
      reportType: 'code_coverage',
      userIds: [approver.id],
    });
    expect(rule).toMatchObject({
      name: 'Coverage-Check',
      rule_type: 'report_approver',
      report_type: 'code_coverage',
    });
    const iid = (await buildMergeRequest(t.container, owner, project)).mergeRequest.iid;
    const mr = (await gitlab.MergeRequests.show(id, iid)) as unknown as {
      sha: string;
      source_branch: string;
      target_branch: string;
      diff_refs: { base_sha: string };
    };
    const coverageRule = async () => {
      const state = await gitlab.MergeRequestApprovals.showApprovalState(id, iid);
      return (state.rules as Array<{ name: string }>).find((r) => r.name === 'Coverage-Check');
    };
    expect(await coverageRule()).toMatchObject({
      report_type: 'code_coverage',
      approvals_required: 1,
      approved: false,
    });
    await gitlab.Commits.editStatus(id, mr.diff_refs.base_sha, 'success', {
      ref: mr.target_branch,
      name: 'tests',
      coverage: 80,
    });
    await gitlab.Commits.editStatus(id, mr.sha, 'success', {
      ref: mr.source_branch,
      name: 'tests',
      coverage: 75,
    });
    expect(await coverageRule()).toMatchObject({ approvals_required: 1, approved: false });
    expect(await gitlab.MergeRequestApprovals.showConfiguration(id, { mergerequestIId: iid })).toMatchObject({
      approved: false,
      approvals_left: 1,
    });
    await gitlab.Commits.editStatus(id, mr.sha, 'success', {
      ref: mr.source_branch,
      name: 'more tests',
      coverage: 95,
    });
    // The head pipeline's coverage is its jobs' mean, 85: above the target's 80.
    expect(await coverageRule()).toMatchObject({ approvals_required: 0, approved: true });
    expect(await gitlab.MergeRequestApprovals.showConfiguration(id, { mergerequestIId: iid })).toMatchObject({
      approved: true,
      approvals_left: 0,
    });
  });
});
