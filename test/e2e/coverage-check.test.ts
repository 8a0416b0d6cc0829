import { describe, expect, it } from 'vitest';
import { addGraceAsApprover } from '../support/approvals-browser';
import { screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildMergeRequest } from '../support/merge-request-factories';

/** The Coverage-Check rule in the browser: enabled on the settings page, shown in the widget's rules. */
describe('the Coverage-Check approval rule in the browser', () => {
  const s = signedInProject({ visibility: 'private', developer: true });
  const api = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    s.t.app.inject({
      method,
      url: `/api/v4/projects/${s.project.project.id}${url}`,
      headers: s.owner.headers,
      ...(payload ? { payload } : {}),
    });
  const report = async (sha: string, ref: string, name: string, coverage: number) =>
    expect(
      (await api('POST', `/statuses/${sha}`, { state: 'success', ref, name, coverage })).statusCode,
    ).toBe(201);

  it('is enabled from the project settings, as GitLab offers it, with its approvers', async () => {
    const { page, project } = s;
    await page.goto(`/${project.fullPath}/-/settings/merge_requests`);
    const section = page.getByRole('region', { name: 'Merge request approvals' });
    const offered = section.getByRole('table', { name: 'Unconfigured approval rules' });
    await offered.getByText('Requires approval for decreases in test coverage.').waitFor();
    await screenshot(page, 'coverage-check-unconfigured');

    await offered.getByRole('button', { name: 'Enable Coverage-Check' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add approval rule' });
    expect(await dialog.getByLabel('Rule name').inputValue()).toBe('Coverage-Check');
    await addGraceAsApprover(page, dialog);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = section
      .getByRole('table', { name: 'Approval rules' })
      .getByRole('row', { name: /Coverage-Check/ });
    await row.getByText('A merge request approval is required when test coverage declines.').waitFor();
    await offered.waitFor({ state: 'detached' });
    await screenshot(page, 'coverage-check-enabled');
    const rules = (await api('GET', '/approval_rules')).json<
      Array<{ rule_type: string; report_type: string }>
    >();
    expect(rules).toMatchObject([{ rule_type: 'report_approver', report_type: 'code_coverage' }]);
  });

  it('shows in the widget’s rules table, required while coverage fell and not once it rose', async () => {
    const { t, owner, project, page } = s;
    const mr = await buildMergeRequest(t.container, owner, project, { title: 'Fewer tests' });
    const shown = (await api('GET', `/merge_requests/${mr.mergeRequest.iid}`)).json<{
      sha: string;
      source_branch: string;
      target_branch: string;
      diff_refs: { base_sha: string };
    }>();
    await report(shown.diff_refs.base_sha, shown.target_branch, 'tests', 80);
    await report(shown.sha, shown.source_branch, 'tests', 70);

    await page.goto(`/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`);
    const approvals = page.getByRole('region', { name: 'Approvals' });
    await approvals.getByText('Requires 1 approval from Coverage-Check.').waitFor();
    await approvals.getByRole('button', { name: 'Expand approval rules' }).click();
    const table = approvals.getByRole('table', { name: 'Approval rules' });
    await table.getByText('A merge request approval is required when test coverage declines.').waitFor();
    await table.getByRole('link', { name: 'Learn more about Coverage-Check' }).waitFor();
    await table.getByText('0 of 1').waitFor();
    await screenshot(page, 'coverage-check-widget-required');

    // A second job lifts the head pipeline's coverage to 85: the open page follows without a reload.
    await report(shown.sha, shown.source_branch, 'more tests', 100);
    await approvals.getByText('Approval is optional').waitFor();
    await screenshot(page, 'coverage-check-widget-optional');
  });
});
