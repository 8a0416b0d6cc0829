import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles, type FileChange } from '../../src/server/git/commits';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser } from '../support/factories';
import { testAuthor } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the Changes tab: versions and commit by commit', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let project: ProjectContext;
  let url: string;
  let firstCommit: string;
  let secondCommit: string;

  async function push(message: string, changes: FileChange[]) {
    const oldSha = (await resolveCommit(project.gitDir, branchRef('feature/tax')))!;
    const newSha = await commitFiles(project.gitDir, {
      branch: 'feature/tax',
      message,
      author: testAuthor,
      changes,
    });
    await t.container.mergeRequests.handlePush({
      projectId: project.project.id,
      changes: [{ ref: branchRef('feature/tax'), oldSha, newSha }],
    });
    return newSha;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Start',
      author: testAuthor,
      changes: [{ action: 'create', path: 'src/shop.ts', content: 'export const name = "shop";\n' }],
    });
    firstCommit = await commitFiles(project.gitDir, {
      branch: 'feature/tax',
      startBranch: 'main',
      message: 'Rename the shop',
      author: testAuthor,
      changes: [{ action: 'update', path: 'src/shop.ts', content: 'export const name = "store";\n' }],
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature/tax',
      title: 'Tax',
    });
    secondCommit = await push('Add a tax rate', [
      { action: 'create', path: 'src/tax.ts', content: 'export const rate = 0.2;\n' },
    ]);
    url = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}/diffs`;
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const region = (path: string) => page.getByRole('region', { name: path, exact: true });
  const stats = () => page.getByRole('status').getAttribute('aria-label');
  const versionSelect = () => page.getByLabel('Version', { exact: true });
  const compareSelect = () => page.getByLabel('Compare with');

  it("offers every version, and the target's head, its base or an older version to compare with", async () => {
    await page.goto(url);
    await region('src/tax.ts').locator('.diff-table').waitFor();
    expect(await stats()).toBe('2 files. Added 2 lines. Removed 1 lines.');
    expect(await versionSelect().locator('option').allInnerTexts()).toEqual([
      'latest version (2 commits)',
      'version 1 (1 commit)',
    ]);
    expect(await compareSelect().locator('option').allInnerTexts()).toEqual([
      'main (HEAD)',
      'main (base)',
      'version 1',
    ]);
    await screenshot(page, 'diffs-versions');
  });

  it('compares the latest version with an older one: only what the later push changed', async () => {
    await compareSelect().selectOption({ label: 'version 1' });
    await page.waitForURL((u) => u.searchParams.get('start_sha') === firstCommit);
    await expect.poll(stats).toBe('1 file. Added 1 lines. Removed 0 lines.');
    await region('src/tax.ts').locator('.diff-table').waitFor();
    expect(await region('src/shop.ts').count()).toBe(0);
    await compareSelect().selectOption({ label: 'main (base)' });
    await expect.poll(stats).toBe('2 files. Added 2 lines. Removed 1 lines.');
  });

  it("compares with the target's head as merged, leaving out what the target already has", async () => {
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Meanwhile on main',
      author: testAuthor,
      changes: [{ action: 'create', path: 'src/other.ts', content: 'export const other = 1;\n' }],
    });
    await page.goto(url);
    await compareSelect().selectOption({ label: 'main (HEAD)' });
    await page.waitForURL((u) => u.searchParams.get('diff_head') === 'true');
    await region('src/tax.ts').locator('.diff-table').waitFor();
    expect(await stats()).toBe('2 files. Added 2 lines. Removed 1 lines.');
    expect(await region('src/other.ts').count()).toBe(0);
    expect(await compareSelect().inputValue()).toBe('HEAD');
    await screenshot(page, 'diffs-versions-head');
  });

  it('shows an older version on its own', async () => {
    await versionSelect().selectOption({ label: 'version 1 (1 commit)' });
    await page.waitForURL((u) => u.searchParams.has('diff_id'));
    await expect.poll(stats).toBe('1 file. Added 1 lines. Removed 1 lines.');
    await region('src/shop.ts').locator('.diff-table').waitFor();
    expect(await region('src/tax.ts').count()).toBe(0);
    // The oldest version has only the base to compare with, and still leads back to the latest.
    expect(await compareSelect().locator('option').allInnerTexts()).toEqual(['main (base)']);
    await versionSelect().selectOption({ label: 'latest version (2 commits)' });
    await page.waitForURL((u) => !u.searchParams.has('diff_id'));
    await region('src/tax.ts').locator('.diff-table').waitFor();
  });

  it('steps from commit to commit, only where a neighbour exists', async () => {
    await page.goto(`${url}?commit_id=${firstCommit}`);
    await page.getByText('Rename the shop').waitFor();
    await region('src/shop.ts').locator('.diff-table').waitFor();
    expect(await page.getByRole('button', { name: 'Previous commit' }).isDisabled()).toBe(true);
    const next = page.getByRole('button', { name: 'Next commit' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await screenshot(page, 'diffs-commit');
    await next.click();
    await page.waitForURL((u) => u.searchParams.get('commit_id') === secondCommit);
    await page.getByText('Add a tax rate').waitFor();
    await region('src/tax.ts').locator('.diff-table').waitFor();
    expect(await region('src/shop.ts').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Next commit' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous commit' }).isEnabled()).toBe(true);
  });
});
