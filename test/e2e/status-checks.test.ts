import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('status checks: the settings section and the widget report', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let developer: TestUser;
  let p: ProjectContext;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Grace Hopper' });
    developer = await buildUser(t.container);
    p = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, p, developer, ACCESS_LEVELS.developer);
    browser = await launchBrowser();
    baseUrl = await t.listen();
    page = await signedInPage(browser, baseUrl, owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const checksApi = () => `/api/v4/projects/${p.project.id}/external_status_checks`;
  const registerCheck = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: checksApi(), headers: user.headers, payload });
  const savedChecks = async () =>
    (await t.app.inject({ url: checksApi(), headers: owner.headers })).json<
      Array<{ name: string; external_url: string; protected_branches: Array<{ name: string }> }>
    >();

  it('lets a Maintainer add, edit and remove checks in a modal, with the server’s refusals shown', async () => {
    const protect = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${p.project.id}/protected_branches`,
      headers: owner.headers,
      payload: { name: 'release/*' },
    });
    expect(protect.statusCode).toBe(201);
    await page.goto(`/${p.fullPath}/-/settings/merge_requests`);
    const section = page.getByRole('region', { name: 'Status checks' });
    await section.getByText('No status checks are defined yet.').waitFor();

    await section.getByRole('button', { name: 'Add status check' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add status check' });
    await dialog.getByLabel('Service name').fill('Compliance');
    await dialog.getByLabel('API to check').fill('http://127.0.0.1:9000/hook');
    await dialog.getByRole('button', { name: 'Add status check' }).click();
    await dialog.getByText('External url is blocked: Requests to localhost are not allowed').waitFor();
    await screenshot(page, 'status-checks-modal-refused');
    expect(await savedChecks()).toEqual([]);

    await dialog.getByLabel('API to check').fill('https://compliance.example.com/hook');
    await dialog.getByLabel('release/*').check();
    await dialog.getByRole('button', { name: 'Add status check' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = section.getByRole('row', { name: /Compliance/ });
    await row.getByText('https://compliance.example.com/hook').waitFor();
    await row.getByText('release/*').waitFor();
    expect(await savedChecks()).toEqual([
      expect.objectContaining({
        name: 'Compliance',
        external_url: 'https://compliance.example.com/hook',
        protected_branches: [expect.objectContaining({ name: 'release/*' })],
      }),
    ]);

    await row.getByRole('button', { name: 'Edit Compliance' }).click();
    const edit = page.getByRole('dialog', { name: 'Update status check' });
    await edit.getByLabel('Service name').fill('Legal');
    await edit.getByLabel('release/*').uncheck();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await section.getByRole('row', { name: /Legal/ }).getByText('All branches').waitFor();
    await screenshot(page, 'status-checks-settings');

    await section.getByRole('button', { name: 'Remove Legal' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove status check?' });
    await confirm.getByText('You are about to remove the Legal status check.').waitFor();
    await confirm.getByRole('button', { name: 'Remove status check' }).click();
    await section.getByText('No status checks are defined yet.').waitFor();
    expect(await savedChecks()).toEqual([]);
  });

  it('keeps the section from a Developer, whom the server refuses too', async () => {
    const other = await signedInPage(browser, baseUrl, developer);
    await other.goto(`/${p.fullPath}/-/settings/merge_requests`);
    await other
      .getByText('You need at least the Maintainer role to change this project’s settings.')
      .waitFor();
    expect(await other.getByRole('region', { name: 'Status checks' }).count()).toBe(0);
    const refused = await registerCheck(developer, {
      name: 'Mine',
      external_url: 'https://mine.example.com/',
    });
    expect(refused.statusCode).toBe(403);
    await other.close();
  });

  it('reports each check’s status in the widget and retries a failed one', async () => {
    const created = await registerCheck(owner, {
      name: 'Security scan',
      external_url: 'https://security.example.com/hook',
    });
    expect(created.statusCode).toBe(201);
    const checkId = created.json<{ id: number }>().id;
    const mr = await buildMergeRequest(t.container, owner, p, {
      source_branch: 'login',
      title: 'Login page',
    });
    const url = `/${p.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;

    await page.goto(url);
    const report = page.getByLabel('Status checks', { exact: true });
    await report.getByText('Status checks 1 pending').waitFor();
    await page.getByRole('region', { name: 'Merge' }).getByText('Status checks must pass.').waitFor();

    /** The service's answer, as a Developer's token gives it. */
    const answer = (status: 'passed' | 'failed') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v4/projects/${p.project.id}/merge_requests/${mr.mergeRequest.iid}/status_check_responses`,
        headers: developer.headers,
        payload: { sha: mr.mergeRequest.headSha, external_status_check_id: checkId, status },
      });
    expect((await answer('failed')).statusCode).toBe(201);
    await page.reload();
    await report.getByText('Status checks 1 failed').waitFor();
    await report.getByRole('button', { name: 'Expand' }).click();
    const list = report.getByRole('list', { name: 'Status check list' });
    await list.getByText('Security scan').waitFor();
    await list.getByText('https://security.example.com/hook').waitFor();
    await screenshot(page, 'status-checks-widget-failed');

    await list.getByRole('button', { name: 'Retry Security scan' }).click();
    await report.getByText('Status checks 1 pending').waitFor();
    expect(await list.getByRole('button', { name: 'Retry Security scan' }).count()).toBe(0);

    expect((await answer('passed')).statusCode).toBe(201);
    await report.getByText('Status checks all passed').waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: 'Merge' }).getByText('Ready to merge!').waitFor();
  });
});
