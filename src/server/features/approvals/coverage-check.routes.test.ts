import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { ProjectRuleJson } from '../../../shared/api/approvals';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

type StateRule = {
  name: string;
  rule_type: string;
  report_type: string | null;
  approvals_required: number;
  approved: boolean;
};
type MergeRequest = {
  id: number;
  iid: number;
  sha: string;
  diff_refs: { base_sha: string };
  detailed_merge_status: string;
};

/**
 * The Coverage-Check rule (report type code_coverage) with real pipelines: commit statuses report
 * coverage, the head pipeline's is compared with the target branch's at the request's base.
 */
describe('the Coverage-Check approval rule', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let reviewer: TestUser;
  let project: ProjectContext;
  let mr: MergeRequest;

  const url = (path: string) => `/api/v4/projects/${project.project.id}${path}`;
  const send = (user: TestUser, method: 'POST' | 'PUT' | 'GET', path: string, payload?: object) =>
    t.app.inject({ method, url: url(path), headers: user.headers, ...(payload ? { payload } : {}) });
  /** An external CI job of `ref` at `sha` reports its state and coverage (the pipeline's is its jobs' mean). */
  const report = async (sha: string, ref: string, state: string, coverage?: number, name = 'tests') => {
    const sent = await send(owner, 'POST', `/statuses/${sha}`, {
      state,
      ref,
      name,
      ...(coverage === undefined ? {} : { coverage }),
    });
    expect(sent.statusCode, sent.body).toBe(201);
  };
  const coverageRule = async () => {
    const state = (await send(developer, 'GET', `/merge_requests/${mr.iid}/approval_state`)).json<{
      rules: StateRule[];
    }>();
    return state.rules.find((rule) => rule.name === 'Coverage-Check');
  };
  const mergeStatus = async () =>
    (await send(developer, 'GET', `/merge_requests/${mr.iid}`)).json<MergeRequest>().detailed_merge_status;
  const pushToFeature = async (path: string) => {
    const file = await send(developer, 'POST', `/repository/files/${path}`, {
      branch: 'feature',
      content: path,
      commit_message: `Add ${path}`,
    });
    expect(file.statusCode, file.body).toBe(201);
    return (await send(developer, 'GET', `/merge_requests/${mr.iid}`)).json<MergeRequest>().sha;
  };

  beforeAll(async () => {
    t = await createTestApp();
    [owner, developer, reviewer] = [
      await buildUser(t.container),
      await buildUser(t.container),
      await buildUser(t.container),
    ];
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reviewer, ACCESS_LEVELS.developer);
    const file = await send(developer, 'POST', '/repository/files/a.txt', {
      branch: 'feature',
      start_branch: 'main',
      content: 'a',
      commit_message: 'A change with tests',
    });
    expect(file.statusCode, file.body).toBe(201);
    mr = (
      await send(developer, 'POST', '/merge_requests', {
        source_branch: 'feature',
        target_branch: 'main',
        title: 'Covered',
      })
    ).json<MergeRequest>();
  });
  afterAll(() => t.close());

  it('is created by its name as GitLab does: a report approver rule of report type code_coverage', async () => {
    const created = await send(owner, 'POST', '/approval_rules', {
      name: 'Coverage-Check',
      approvals_required: 1,
      user_ids: [reviewer.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<ProjectRuleJson>()).toMatchObject({
      name: 'Coverage-Check',
      rule_type: 'report_approver',
      report_type: 'code_coverage',
      approvals_required: 1,
      eligible_approvers: [{ username: reviewer.username }],
    });
    expect((await send(owner, 'GET', '/approval_rules')).json<ProjectRuleJson[]>()).toHaveLength(1);
  });

  it('refuses the name and the report type apart, and unknown report types, writing nothing', async () => {
    const refusals = [
      [
        { name: 'Coverage-Check', rule_type: 'regular' },
        { message: { name: ['Coverage-Check is reserved for code_coverage report type'] } },
      ],
      [
        { name: 'Coverage-Check', rule_type: 'report_approver', report_type: 'license_scanning' },
        { message: { name: ['Coverage-Check is reserved for code_coverage report type'] } },
      ],
      [
        { name: 'Coverage', report_type: 'code_coverage' },
        { message: { report_type: ['code_coverage only supports Coverage-Check name'] } },
      ],
    ] as const;
    for (const [body, message] of refusals) {
      const refused = await send(owner, 'POST', '/approval_rules', { approvals_required: 1, ...body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual(message);
    }
    const unknown = await send(owner, 'POST', '/approval_rules', {
      name: 'X',
      approvals_required: 1,
      report_type: 'coverage',
    });
    expect(unknown.statusCode).toBe(400);
    const [rule] = (await send(owner, 'GET', '/approval_rules')).json<ProjectRuleJson[]>();
    const renamed = await send(owner, 'PUT', `/approval_rules/${rule!.id}`, { name: 'Coverage' });
    expect(renamed.json()).toEqual({
      message: { report_type: ['code_coverage only supports Coverage-Check name'] },
    });
    expect((await send(owner, 'GET', '/approval_rules')).json<ProjectRuleJson[]>()).toMatchObject([
      { name: 'Coverage-Check', report_type: 'code_coverage' },
    ]);
  });

  it('is required while the head pipeline has not finished with a coverage', async () => {
    expect(await coverageRule()).toMatchObject({
      rule_type: 'report_approver',
      report_type: 'code_coverage',
      approvals_required: 1,
      approved: false,
    });
    expect(await mergeStatus()).toBe('not_approved');
    await report(mr.sha, 'feature', 'running', 95);
    expect(await coverageRule()).toMatchObject({ approvals_required: 1, approved: false });
  });

  it('is not required when the target branch has no pipeline at the base (GitLab: nothing to compare)', async () => {
    const told: number[] = [];
    const stop = t.deps.bus.subscribe((event) => {
      if (event.type === 'merge_request.approval_state_updated') told.push(event.mergeRequestId);
    });
    await report(mr.sha, 'feature', 'success', 95);
    // The head pipeline finished: live approval states are told to read again.
    await expect.poll(() => told).toContain(mr.id);
    stop();
    expect(await coverageRule()).toMatchObject({ approvals_required: 0, approved: true });
    expect(await mergeStatus()).toBe('mergeable');
  });

  it('is required when the base pipeline has no coverage, then compares the two', async () => {
    const base = mr.diff_refs.base_sha;
    await report(base, 'main', 'success');
    expect(await coverageRule()).toMatchObject({ approvals_required: 1, approved: false });
    await report(base, 'main', 'success', 90, 'coverage');
    // The base pipeline's coverage is the mean of its jobs' (90); the head's 95 did not fall.
    expect(await coverageRule()).toMatchObject({ approvals_required: 0, approved: true });
    const approvals = (await send(developer, 'GET', `/merge_requests/${mr.iid}/approvals`)).json();
    expect(approvals).toMatchObject({ approved: true, approvals_left: 0 });
  });

  it('is required again when a new head pipeline reports lower coverage, and an approval satisfies it', async () => {
    const head = await pushToFeature('b.txt');
    expect(await coverageRule()).toMatchObject({ approvals_required: 1, approved: false });
    await report(head, 'feature', 'success', 89.5);
    expect(await coverageRule()).toMatchObject({ approvals_required: 1, approved: false });
    expect(await mergeStatus()).toBe('not_approved');
    const approved = await send(reviewer, 'POST', `/merge_requests/${mr.iid}/approve`);
    expect(approved.statusCode, approved.body).toBe(201);
    expect(await coverageRule()).toMatchObject({ approvals_required: 1, approved: true });
    expect(await mergeStatus()).toBe('mergeable');
  });

  it('counts a failed head pipeline that reported coverage, as GitLab counts any complete one', async () => {
    const head = await pushToFeature('c.txt');
    await report(head, 'feature', 'failed', 90);
    expect(await coverageRule()).toMatchObject({ approvals_required: 0, approved: true });
  });
});
