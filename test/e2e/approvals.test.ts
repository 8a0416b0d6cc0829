import { describe, expect, it } from 'vitest';
import { addGraceAsApprover } from '../support/approvals-browser';
import { screenshot, signedInPage } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildMergeRequest } from '../support/merge-request-factories';

/** 002 §2, §4, §5, §8 in the browser: approving with a password, revoking, the rules, the settings. */
describe('merge request approvals in the browser', () => {
  const s = signedInProject({ visibility: 'private', developer: true });
  const api = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
    s.t.app.inject({
      method,
      url: `/api/v4/projects/${s.project.project.id}${url}`,
      headers: s.owner.headers,
      payload,
    });

  it('approves with the password (refusing a wrong one), shows the rules, and revokes', async () => {
    const { t, owner, developer, project, browser, baseUrl } = s;
    const rule = await api('POST', '/approval_rules', {
      name: 'QA',
      approvals_required: 1,
      user_ids: [developer.id],
    });
    expect(rule.statusCode).toBe(201);
    const settings = await api('PUT', '/merge_request_approval_setting', {
      require_password_to_approve: true,
    });
    expect(settings.statusCode).toBe(200);
    const mr = await buildMergeRequest(t.container, owner, project, { title: 'Add the cart' });
    const page = await signedInPage(browser, baseUrl, developer);
    await page.goto(`/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`);
    const approvals = page.getByRole('region', { name: 'Approvals' });
    await approvals.getByText('Requires 1 approval from QA.').waitFor();
    await screenshot(page, 'approvals-widget-required');

    await approvals.getByRole('button', { name: 'Approve', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Enter your password to approve' });
    expect(await page.locator('form#approvals-auth').count()).toBe(1);
    await modal.getByLabel('Your password').fill('not my password');
    await modal.getByRole('button', { name: 'Approve' }).click();
    await modal.getByText('Approval password is invalid.').waitFor();
    await screenshot(page, 'approvals-password-invalid');

    await modal.getByLabel('Your password').fill(developer.password);
    await modal.getByRole('button', { name: 'Approve' }).click();
    await approvals.getByRole('button', { name: 'Revoke approval' }).waitFor();
    await approvals.getByText('Approved by you').waitFor();
    await approvals.getByRole('button', { name: 'Expand approval rules' }).click();
    const table = approvals.getByRole('table', { name: 'Approval rules' });
    await table.getByText('1 of 1').waitFor();
    expect(await table.getByRole('link', { name: developer.name }).count()).toBeGreaterThan(0);
    await screenshot(page, 'approvals-approved-rules');

    await approvals.getByRole('button', { name: 'Revoke approval' }).click();
    await approvals.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    await approvals.getByText('Requires 1 approval from QA.').waitFor();
    await page.context().close();
  });

  it('adds a rule through the form, with its checks, and saves an approval setting', async () => {
    const { page, project, developer } = s;
    await page.goto(`/${project.fullPath}/-/settings/merge_requests`);
    const section = page.getByRole('region', { name: 'Merge request approvals' });
    await section
      .getByRole('table', { name: 'Approval rules' })
      .getByRole('cell', { name: 'QA', exact: true })
      .waitFor();

    await section.getByRole('button', { name: 'Add approval rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add approval rule' });
    await dialog.getByLabel('Rule name').fill('Security');
    await dialog.getByLabel('Required number of approvals').fill('-1');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Please enter a non-negative number').waitFor();
    await dialog.getByText('Please select and add a member').waitFor();
    await screenshot(page, 'approvals-rule-form-errors');

    // A rule with approvers needs a name (without both, the form sets the fallback count).
    await dialog.getByLabel('Rule name').fill('');
    await dialog.getByLabel('Required number of approvals').fill('2');
    await addGraceAsApprover(page, dialog);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Please provide a name').waitFor();

    await dialog.getByLabel('Rule name').fill('QA');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Rule name is already taken.').waitFor();

    await dialog.getByLabel('Rule name').fill('Security');
    await dialog.getByRole('button', { name: 'Target branch' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'All protected branches' }).click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = section.getByRole('row', { name: /Security/ });
    await row.getByText('All protected branches').waitFor();
    expect(await row.getByText(developer.name).count()).toBe(1);

    const settings = section.getByRole('form', { name: 'Approval settings' });
    await settings.getByLabel('Prevent approvals by users who add commits').check();
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await settings.getByText('Merge request approval settings have been updated.').waitFor();
    await screenshot(page, 'approvals-settings-saved');
    await page.reload();
    expect(await settings.getByLabel('Prevent approvals by users who add commits').isChecked()).toBe(true);
  });
});
