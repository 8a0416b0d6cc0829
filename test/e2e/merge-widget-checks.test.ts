import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the merge widget’s dependency report and merged-state actions', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const widget = () => page.getByRole('region', { name: 'Merge' });

  it('lists what blocks the request, fails the check, and clears once the blocker merges', async () => {
    const p = await buildProject(t.container, owner, { visibility: 'public' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'ui', title: 'Search page' });
    const blocker = await buildMergeRequest(t.container, owner, p, {
      source_branch: 'api',
      title: 'Search API',
    });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${p.project.id}/merge_requests/1/blocks`,
      headers: owner.headers,
      payload: { blocking_merge_request_id: blocker.mergeRequest.id },
    });
    expect(added.statusCode).toBe(201);

    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    const report = page.getByLabel('Merge request dependencies');
    await report.getByText('Depends on 1 merge request being merged').waitFor();
    await report.getByRole('link', { name: '!2' }).waitFor();
    await widget().getByText('Merge request dependencies must be merged.').waitFor();
    await screenshot(page, 'merge-widget-blocking-report');

    const merged = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${p.project.id}/merge_requests/2/merge`,
      headers: owner.headers,
    });
    expect(merged.statusCode).toBe(200);
    await report.getByText('All merge request dependencies have been merged').waitFor();
    await widget().getByText('Ready to merge!').waitFor();
  });

  it('reverts a merged request through the modal into a new merge request', async () => {
    const p = await buildProject(t.container, owner, { visibility: 'public' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'cart', title: 'Add a cart' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${p.project.id}/merge_requests/1/merge`,
      headers: owner.headers,
    });
    const mainBefore = await resolveCommit(p.gitDir, branchRef('main'));

    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widget().getByText('Merged by Ada Lovelace').waitFor();
    await widget().getByRole('button', { name: 'Revert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revert this merge request' });
    await dialog.getByLabel('Revert in branch').waitFor();
    expect(await dialog.getByLabel('Start a new merge request with these changes').isChecked()).toBe(true);
    await screenshot(page, 'merge-widget-revert-modal');
    await dialog.getByRole('button', { name: 'Revert' }).click();

    await page.waitForURL(`**/${p.fullPath}/-/merge_requests/2`);
    await page.getByRole('heading', { name: 'Revert "Add a cart"' }).waitFor();
    expect(await resolveCommit(p.gitDir, branchRef('main'))).toBe(mainBefore);
    await screenshot(page, 'merge-widget-revert-request');
  });

  it('sets a title regex on the settings page, which then blocks a request whose title does not match', async () => {
    const p = await buildProject(t.container, owner, { visibility: 'public' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'docs', title: 'Write docs' });
    await page.goto(`/${p.fullPath}/-/settings/merge_requests`);
    const section = page.getByRole('form', { name: 'Merge request title' });
    await section.getByLabel('Title regex', { exact: true }).fill('(feat');
    await section.getByRole('button', { name: 'Save title settings' }).click();
    await section.getByText('merge_request_title_regex is not a valid regular expression').waitFor();
    await section.getByLabel('Title regex', { exact: true }).fill('^(feat|fix|docs): ');
    await section.getByLabel('Title regex description').fill('Start with feat:, fix: or docs:');
    await section.getByRole('button', { name: 'Save title settings' }).click();
    await section.getByText('Merge request title settings were saved.').waitFor();
    await screenshot(page, 'project-settings-title-regex');

    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widget().getByText('Merge request title must match expected format.').waitFor();
  });
});
