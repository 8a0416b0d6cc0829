import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles } from '../../src/server/git/commits';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser } from '../support/factories';
import { testAuthor } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe("previously merged commits: the Commits tab's dialog and the Changes tab's entry", () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let project: ProjectContext;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    const onMain = async (message: string, path: string, content: string) =>
      commitFiles(project.gitDir, {
        branch: 'main',
        message,
        author: testAuthor,
        changes: [{ action: 'create', path, content }],
      });
    await onMain('Add the tokenizer', 'src/tokenizer.ts', 'export const tokens = [];\n');
    await onMain('Add the price list', 'src/prices.ts', 'export const prices = { tea: 3 };\n');
    await onMain('Describe the release', 'CHANGELOG.md', '# 1.0\n');
    await commitFiles(project.gitDir, {
      branch: 'feature/tax',
      startBranch: 'main',
      message: 'Add a tax rate',
      author: testAuthor,
      changes: [{ action: 'create', path: 'src/tax.ts', content: 'export const rate = 0.2;\n' }],
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature/tax',
      title: 'Tax on prices',
    });
    base = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const dialog = () => page.getByRole('dialog', { name: 'Add previously merged commits' });
  const contextList = () => page.getByRole('list', { name: 'Previously merged commits' });

  it('adds a commit of the target branch through the dialog, found by its message', async () => {
    await page.goto(`${base}/commits`);
    await page.getByRole('list', { name: 'Commits' }).getByText('Add a tax rate').waitFor();
    expect(await contextList().count()).toBe(0);
    await page.getByRole('button', { name: 'Add previously merged commits' }).click();
    await dialog().getByText('Describe the release').waitFor();
    expect(await dialog().getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    // The dialog fades in: the picture waits for it to settle.
    await page.waitForTimeout(300);
    await screenshot(page, 'context-commits-dialog', { fullPage: false });

    await dialog().getByLabel('Search by commit message').fill('price');
    await dialog().getByText('Describe the release').waitFor({ state: 'detached' });
    expect(await dialog().getByRole('checkbox').count()).toBe(1);
    // Keyboard only: tab to the one commit, tick it with space.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await dialog().getByRole('checkbox', { name: 'Add the price list' }).isChecked()).toBe(true);
    await dialog().getByText('1 commit selected').waitFor();
    await screenshot(page, 'context-commits-dialog-search', { fullPage: false });
    await dialog().getByRole('button', { name: 'Save changes' }).click();
    await dialog().waitFor({ state: 'detached' });

    await contextList().getByText('Add the price list').waitFor();
    await screenshot(page, 'context-commits-tab');
  });

  it('shows "previously merged commits" in the Changes tab, with only that commit\'s file', async () => {
    await page.goto(`${base}/diffs`);
    const version = page.getByLabel('Version', { exact: true });
    await page.getByRole('region', { name: 'src/tax.ts', exact: true }).locator('.diff-table').waitFor();
    expect(await version.locator('option').allInnerTexts()).toEqual([
      'latest version (1 commit)',
      'previously merged commits (1 commit)',
    ]);
    await version.selectOption({ label: 'previously merged commits (1 commit)' });
    await page.waitForURL(/only_context_commits=true/);
    const prices = page.getByRole('region', { name: 'src/prices.ts', exact: true });
    await prices.locator('.diff-table').waitFor();
    expect(await prices.locator('.diff-table').innerText()).toContain('export const prices');
    expect(await page.getByRole('region', { name: 'src/tax.ts', exact: true }).count()).toBe(0);
    expect(await version.inputValue()).toBe('context-commits');
    expect(await page.getByLabel('Compare with').count()).toBe(0);
    await screenshot(page, 'context-commits-changes', { fullPage: false });

    await version.selectOption({ label: 'latest version (1 commit)' });
    await page.getByRole('region', { name: 'src/tax.ts', exact: true }).locator('.diff-table').waitFor();
    expect(page.url()).not.toContain('only_context_commits');
  });

  it('removes the commit from the Commits tab, and the Changes tab no longer offers it', async () => {
    await page.goto(`${base}/commits`);
    await contextList().getByText('Add the price list').waitFor();
    await page.getByRole('button', { name: /^Remove .* from the previously merged commits$/ }).click();
    await contextList().waitFor({ state: 'detached' });
    await page.goto(`${base}/diffs`);
    await page.getByRole('region', { name: 'src/tax.ts', exact: true }).locator('.diff-table').waitFor();
    expect(await page.getByLabel('Version', { exact: true }).locator('option').allInnerTexts()).toEqual([
      'latest version (1 commit)',
    ]);
  });
});
