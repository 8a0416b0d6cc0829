import { describe, expect, it } from 'vitest';
import { screenshot, signedInPage } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildMergeRequest } from '../support/merge-request-factories';

const LOCKED =
  'Approval rules can\'t be edited in this merge request: the project\'s setting "Prevent editing approval rules in merge requests" is on.';

/** 002 §3, §5 in the browser: a merge request's own approval rules, on its edit form. */
describe("a merge request's approval rules in the browser", () => {
  const s = signedInProject({ visibility: 'private', developer: true });
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    s.t.app.inject({
      method,
      url: `/api/v4/projects/${s.project.project.id}${url}`,
      headers: s.owner.headers,
      ...(payload ? { payload } : {}),
    });

  it('overrides the project rules: edits one, with the form checks, adds and removes one', async () => {
    const { t, owner, developer, project, browser, baseUrl } = s;
    expect(
      (await api('POST', '/approval_rules', { name: 'QA', approvals_required: 1, user_ids: [owner.id] }))
        .statusCode,
    ).toBe(201);
    const mr = await buildMergeRequest(t.container, owner, project, { title: 'Add the cart' });
    const iid = mr.mergeRequest.iid;
    const page = await signedInPage(browser, baseUrl, developer);
    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}`);
    await page
      .getByRole('group', { name: 'Merge request actions' })
      .getByRole('button', { name: 'Edit' })
      .click();
    const section = page.getByRole('group', { name: 'Approval rules' });
    const table = section.getByRole('table', { name: 'Merge request approval rules' });
    await table.getByRole('cell', { name: 'QA', exact: true }).waitFor();
    await section
      .getByText("This merge request follows the project's approval rules.", { exact: false })
      .waitFor();

    // Fewer approvals than the project rule asks: refused by the form, nothing sent.
    await section.getByRole('button', { name: 'Edit QA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit approval rule' });
    await dialog.getByLabel('Required number of approvals').fill('0');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Please enter a number greater than 1 (from the project settings)').waitFor();
    await dialog.getByLabel('Required number of approvals').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Please enter a valid number').waitFor();
    await screenshot(page, 'mr-approval-rules-form-errors');
    expect((await api('GET', `/merge_requests/${iid}/approval_rules`)).json()).toEqual([]);
    await dialog.getByLabel('Required number of approvals').fill('2');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('row', { name: /QA/ }).getByRole('cell', { name: '2', exact: true }).waitFor();
    expect((await api('GET', `/merge_requests/${iid}/approval_rules`)).json()).toMatchObject([
      {
        name: 'QA',
        approvals_required: 2,
        users: [{ id: owner.id }],
      },
    ]);

    // A new rule: a name and approvers are needed, and a name taken is said so.
    await section.getByRole('button', { name: 'Add approval rule' }).click();
    const add = page.getByRole('dialog', { name: 'Add approval rule' });
    await add.getByRole('button', { name: 'Save changes' }).click();
    await add.getByText('Please provide a name').waitFor();
    await add.getByText('Please select and add a member').waitFor();
    await add.getByLabel('Rule name').fill('QA');
    await add.getByRole('button', { name: 'Add approvers' }).click();
    await page.getByRole('textbox', { name: 'Search users or groups' }).fill('Ada');
    await page.getByRole('menuitemcheckbox', { name: /Ada Lovelace/ }).click();
    await add.getByRole('list', { name: 'Approvers' }).getByText('Ada Lovelace', { exact: true }).waitFor();
    await add.getByRole('button', { name: 'Save changes' }).click();
    await add.getByText('Rule name is already taken.').waitFor();
    await add.getByLabel('Rule name').fill('Security');
    await add.getByRole('button', { name: 'Save changes' }).click();
    await add.waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: 'Security', exact: true }).waitFor();
    await screenshot(page, 'mr-approval-rules-overridden');

    await section.getByRole('button', { name: 'Remove QA' }).click();
    await table.getByRole('cell', { name: 'QA', exact: true }).waitFor({ state: 'detached' });
    const stored = (await api('GET', `/merge_requests/${iid}/approval_rules`)).json<{ name: string }[]>();
    expect(stored.map((rule) => rule.name)).toEqual(['Security']);
    // The project's own rule is untouched.
    expect((await api('GET', '/approval_rules')).json()).toMatchObject([
      { name: 'QA', approvals_required: 1 },
    ]);
    await page.context().close();
  });

  it('shows the rules read-only, and says why, where the project prevents editing them', async () => {
    const { t, owner, developer, project, browser, baseUrl } = s;
    await api('POST', '/approval_rules', { name: 'Docs', approvals_required: 1, user_ids: [owner.id] });
    const off = await api('PUT', '/merge_request_approval_setting', {
      allow_overrides_to_approver_list_per_merge_request: false,
    });
    expect(off.statusCode).toBe(200);
    const mr = await buildMergeRequest(t.container, owner, project, { title: 'Add the checkout' });
    const page = await signedInPage(browser, baseUrl, developer);
    await page.goto(`/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`);
    await page
      .getByRole('group', { name: 'Merge request actions' })
      .getByRole('button', { name: 'Edit' })
      .click();
    const section = page.getByRole('group', { name: 'Approval rules' });
    await section.getByText(LOCKED).waitFor();
    await section.getByRole('cell', { name: 'Docs', exact: true }).waitFor();
    expect(await section.getByRole('button').count()).toBe(0);
    await screenshot(page, 'mr-approval-rules-locked');
    // The server refuses the edit too.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/merge_requests/${mr.mergeRequest.iid}/approval_rules`,
      headers: developer.headers,
      payload: { name: 'Mine', approvals_required: 1 },
    });
    expect(refused.statusCode).toBe(403);
    await page.context().close();
  });
});
