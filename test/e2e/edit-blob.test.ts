import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { commitFiles, readCommit } from '../../src/server/git/commits';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, pushFile, testAuthor } from '../support/merge-request-factories';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { createTestApp, type TestApp } from '../support/test-app';

const FILE_CHANGED = 'You are attempting to update a file that has changed since you started editing it.';

describe('the single-file editor', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let p: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    p = await buildProject(t.container, owner, { visibility: 'public' });
    await pushFile(p, 'feature/cart', {
      path: 'src/cart.ts',
      content: 'export const cart = [];\n',
      message: 'Add a cart',
    });
    await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: 'feature/cart',
      title: 'Add a cart',
    });
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const editor = () => page.getByLabel('Contents of src/cart.ts');
  const changesTab = () => `/${p.fullPath}/-/merge_requests/1/diffs`;

  async function openEditorFromChangesTab() {
    await page.goto(changesTab());
    await page.getByRole('link', { name: 'Edit src/cart.ts in single-file editor' }).click();
    await page.waitForURL((url) => url.pathname.includes('/-/edit/feature/cart/src/cart.ts'));
    await editor().waitFor();
  }

  it('edits a file from the Changes tab, commits it, and is back on the Changes tab with the new line', async () => {
    await openEditorFromChangesTab();
    expect(await editor().inputValue()).toBe('export const cart = [];\n');
    expect(await page.getByLabel('Commit message').inputValue()).toBe('Update cart.ts');
    expect(await page.getByLabel('Target branch').inputValue()).toBe('feature/cart');
    await editor().fill('export const cart = [];\nexport const total = 0;\n');
    await screenshot(page, 'edit-blob-form');

    await page.getByRole('button', { name: 'Commit changes' }).click();
    await page.waitForURL((url) => url.pathname === changesTab());
    await page.getByText('export const total = 0;').waitFor();
    const head = await readCommit(p.gitDir, 'refs/heads/feature/cart');
    expect(head).toMatchObject({ title: 'Update cart.ts', author: { name: 'Ada Lovelace' } });
  });

  it('refuses an edit started before someone else changed the file, with the server’s message', async () => {
    await openEditorFromChangesTab();
    await commitFiles(p.gitDir, {
      branch: 'feature/cart',
      message: 'Meanwhile, elsewhere',
      author: testAuthor,
      changes: [{ action: 'update', path: 'src/cart.ts', content: 'export const cart = [1];\n' }],
    });
    await editor().fill('export const cart = [2];\n');
    await page.getByRole('button', { name: 'Commit changes' }).click();
    await page.getByText(FILE_CHANGED).waitFor();
    expect(new URL(page.url()).pathname).toContain('/-/edit/');
    await screenshot(page, 'edit-blob-stale');
  });

  it('asks before unsaved changes are left behind', async () => {
    await openEditorFromChangesTab();
    await editor().fill('export const cart = [3];\n');
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without committing?' });
    await dialog.waitFor();
    await screenshot(page, 'edit-blob-leave');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    expect(await editor().inputValue()).toBe('export const cart = [3];\n');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page
      .getByRole('alertdialog', { name: 'Leave without committing?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await page.waitForURL((url) => url.pathname === changesTab());
  });

  it('shows a Developer the server’s refusal on a protected branch, and commits to a new branch instead', async () => {
    const developer = await buildUser(t.container, { name: 'Grace Hopper' });
    await addProjectMember(t.container, p, developer, ACCESS_LEVELS.developer);
    const devPage = await signedInPage(browser, new URL(page.url()).origin, developer);
    await devPage.goto(`/${p.fullPath}/-/blob/main/README.md`);
    await devPage.getByRole('link', { name: 'Edit', exact: true }).click();
    const contents = devPage.getByLabel('Contents of README.md');
    await contents.fill('# Read me first\n');
    await devPage.getByRole('button', { name: 'Commit changes' }).click();
    await devPage.getByText('You are not allowed to push into this branch').waitFor();
    await screenshot(devPage, 'edit-blob-refused');

    await devPage.getByLabel('Target branch').fill('docs/readme');
    await devPage.getByText('A new branch is created from main.').waitFor();
    await devPage.getByRole('button', { name: 'Commit changes' }).click();
    await devPage.waitForURL((url) => url.pathname === `/${p.fullPath}/-/blob/docs/readme/README.md`);
    expect(await readCommit(p.gitDir, 'refs/heads/docs/readme')).toMatchObject({ title: 'Update README.md' });
    await devPage.context().close();
  });
});
