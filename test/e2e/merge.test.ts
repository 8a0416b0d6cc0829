import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { readCommit } from '../../src/server/git/commits';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import { launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('merging from the merge request page', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await pushFile(project, 'feature/cart', {
      path: 'src/cart.ts',
      content: 'export const cart: string[] = [];\n',
      message: 'Add a cart',
    });
    await pushFile(project, 'feature/cart', {
      path: 'src/cart.test.ts',
      content: "import { cart } from './cart';\n\nconsole.assert(cart.length === 0);\n",
      message: 'Test the cart',
    });
    await pushFile(project, 'main', {
      path: 'CHANGELOG.md',
      content: '# Changes\n',
      message: 'Start a changelog',
    });
    await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature/cart',
      title: 'Add a cart',
      description: 'A cart to put things in.',
    });
    browser = await launchBrowser();
    page = await (await newContext(browser, await t.listen())).newPage();
    await signIn(page, owner.username, owner.password);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const head = (branch: string) => resolveCommit(project.gitDir, branchRef(branch));
  const panel = () => page.getByRole('region', { name: 'Merge' });

  it('merges with squash and source branch removal, then shows the merged state', async () => {
    const mainBefore = await head('main');
    await page.goto(`/${project.fullPath}/-/merge_requests/1`);
    await panel().getByText('Ready to merge!').waitFor();
    const removeSource = panel().getByLabel('Delete source branch');
    expect(await removeSource.isChecked()).toBe(true);
    await panel().getByLabel('Squash commits').check();
    await screenshot(page, 'merge-ready');

    await panel().getByRole('button', { name: 'Merge' }).click();
    await panel().getByText('Merged by Ada Lovelace').waitFor();
    await page.locator('.mr-header').getByText('Merged', { exact: true }).waitFor();
    const details = await panel().locator('.mr-merge__details').innerText();
    const landed = await head('main');
    expect(details).toContain(`Changes merged into main with ${landed?.slice(0, 8)}.`);
    expect(details).toContain('The source branch has been deleted');
    await screenshot(page, 'merge-merged');

    expect(await head('feature/cart')).toBeNull();
    const merge = await readCommit(project.gitDir, landed ?? '');
    expect(merge?.parentShas[0]).toBe(mainBefore);
    const squash = await readCommit(project.gitDir, merge?.parentShas[1] ?? '');
    expect(squash?.message).toBe('Add a cart');

    await panel()
      .getByRole('link', { name: landed?.slice(0, 8) })
      .click();
    await page.waitForURL((url) => url.pathname === `/${project.fullPath}/-/commit/${landed}`);
  });

  it('says why a merge failed, in the spec’s words, and keeps the request open', async () => {
    await pushFile(project, 'clash', {
      path: 'CHANGELOG.md',
      content: '# Mine\n',
      message: 'Rewrite the changelog',
    });
    await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'clash',
      title: 'Clash',
    });
    await page.goto(`/${project.fullPath}/-/merge_requests/2`);
    await panel().getByText('Ready to merge!').waitFor();
    // Main moves without announcing it, so the page still offers the merge.
    await pushFile(project, 'main', {
      path: 'CHANGELOG.md',
      content: '# Theirs\n',
      message: 'Rewrite it first',
    });
    await panel().getByRole('button', { name: 'Merge' }).click();
    await panel().getByText('Merge conflicts must be resolved. Try again.').waitFor();
    await screenshot(page, 'merge-failed');
    expect((await t.container.mergeRequests.show(owner, project.project.id, 2)).mergeRequest.state).toBe(
      'opened',
    );
    // The refreshed page now knows the conflict and blocks the merge.
    await panel().getByText('Merge blocked: Merge conflicts must be resolved.').waitFor();
  });
});
