import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateProjectBody } from '../../src/shared/api/projects';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { readCommit } from '../../src/server/git/commits';
import { branchRef, resolveCommit, ZERO_SHA } from '../../src/server/git/repository';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the merge request widget', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    // Auto-merge and rebase run as jobs, as they do in the server.
    t.container.jobs.start((error) => console.error(error));
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), owner);
  });
  afterAll(async () => {
    await t?.container.jobs.stop();
    await browser?.close();
    await t?.close();
  });

  const widget = () => page.getByRole('region', { name: 'Merge' });
  const head = (p: ProjectContext, branch: string) => resolveCommit(p.gitDir, branchRef(branch));
  const api = (p: ProjectContext, suffix = '') => `/api/v4/projects/${p.project.id}${suffix}`;
  const inject = (method: 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, payload, headers: owner.headers });

  /** A project whose `branch` holds two commits, with `main` moved on meanwhile, and its merge request !1. */
  async function requestFrom(
    branch: string,
    options: { title?: string; settings?: UpdateProjectBody; mainMoves?: boolean } = {},
  ) {
    const p = await buildProject(t.container, owner, { visibility: 'public' });
    if (options.settings) await t.container.projects.updateProject(owner, p.project.id, options.settings);
    await pushFile(p, branch, {
      path: 'src/cart.ts',
      content: 'export const cart = [];\n',
      message: 'Add a cart',
    });
    await pushFile(p, branch, { path: 'src/cart.test.ts', content: 'test\n', message: 'Test the cart' });
    if (options.mainMoves ?? true)
      await pushFile(p, 'main', {
        path: 'CHANGELOG.md',
        content: '# Changes\n',
        message: 'Start a changelog',
      });
    await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: branch,
      title: options.title ?? 'Add a cart',
    });
    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    return p;
  }

  it('merges a ready request with squash and source branch removal, then shows the merged panel', async () => {
    const p = await requestFrom('feature/cart');
    const mainBefore = await head(p, 'main');
    await widget().getByText('Ready to merge!').waitFor();
    expect(await widget().getByLabel('Delete source branch').isChecked()).toBe(true);
    await widget().getByText('2 commits and 1 merge commit will be added to main.').waitFor();
    await widget().getByLabel('Squash commits').check();
    await widget()
      .getByText('1 commit and 1 merge commit will be added to main (squashes 2 commits).')
      .waitFor();
    await widget().getByLabel('Edit commit message').check();
    expect(await widget().getByLabel('Merge commit message').getAttribute('rows')).toBe('7');
    await screenshot(page, 'merge-widget-ready');

    await widget().getByRole('button', { name: 'Merge', exact: true }).click();
    await widget().getByText('Merged by Ada Lovelace').waitFor();
    await widget().getByText('The source branch has been deleted.').waitFor();
    await page.locator('.mr-header').getByText('Merged', { exact: true }).waitFor();
    const landed = await head(p, 'main');
    await widget()
      .getByRole('link', { name: landed?.slice(0, 8) })
      .waitFor();
    expect(await widget().getByRole('button', { name: 'Delete source branch' }).count()).toBe(0);
    await screenshot(page, 'merge-widget-merged');

    expect(await head(p, 'feature/cart')).toBeNull();
    const merge = await readCommit(p.gitDir, landed ?? '');
    expect(merge?.parentShas[0]).toBe(mainBefore);
    const squash = await readCommit(p.gitDir, merge?.parentShas[1] ?? '');
    expect(squash?.message).toBe('Add a cart');
  });

  it('offers to delete the source branch a merge kept', async () => {
    const p = await requestFrom('feature/keep');
    await widget().getByLabel('Delete source branch').uncheck();
    await widget().getByRole('button', { name: 'Merge', exact: true }).click();
    await widget().getByText('Merged by Ada Lovelace').waitFor();
    expect(await head(p, 'feature/keep')).not.toBeNull();
    await screenshot(page, 'merge-widget-merged-branch-kept');
    const deleteButton = widget().getByRole('button', { name: 'Delete source branch' });

    // A deletion that fails says so, and leaves the branch and the button.
    const branchPath = `**/${p.fullPath}/-/branches/feature/keep`;
    await page.route(branchPath, (route) =>
      route.fulfill({ status: 500, body: '{"message":"500 Internal Server Error"}' }),
    );
    await deleteButton.click();
    await widget()
      .getByText('Something went wrong while deleting the source branch. Please try again.')
      .waitFor();
    expect(await head(p, 'feature/keep')).not.toBeNull();
    await screenshot(page, 'merge-widget-delete-branch-failed');
    await page.unroute(branchPath);

    // The page's own branch route answers 'Branch was deleted', and the widget refreshes on it.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'DELETE'),
      deleteButton.click(),
    ]);
    expect(new URL(answer.url()).pathname).toBe(`/${p.fullPath}/-/branches/feature/keep`);
    expect(await answer.json()).toEqual({ message: 'Branch was deleted' });
    await widget().getByText('The source branch has been deleted.').waitFor();
    expect(await deleteButton.count()).toBe(0);
    expect(await head(p, 'feature/keep')).toBeNull();
  });

  it('says why a merge failed, counts down to a refresh, then keeps the error as an alert', async () => {
    const p = await requestFrom('clash', { mainMoves: false });
    await widget().getByText('Ready to merge!').waitFor();
    // Main moves under the page without announcing it, so the widget still offers the merge.
    await pushFile(p, 'main', {
      path: 'src/cart.ts',
      content: 'export const cart = 1;\n',
      message: 'Theirs',
    });
    await widget().getByRole('button', { name: 'Merge', exact: true }).click();
    await widget().getByText('Merge conflicts must be resolved.', { exact: true }).first().waitFor();
    await widget()
      .getByText(/^Refreshing in \d+ seconds to show the updated status…$/)
      .waitFor();
    await screenshot(page, 'merge-widget-failed');

    await widget().getByRole('button', { name: 'Refresh now' }).click();
    await widget().getByText('Merge conflicts must be resolved. Try again.').waitFor();
    await widget().getByText('Merge blocked: 1 check failed').waitFor();
    expect(await widget().getByRole('button', { name: 'Merge', exact: true }).count()).toBe(0);
    await screenshot(page, 'merge-widget-merge-error');
  });

  it('sets auto-merge on a draft, then merges by itself once the draft is marked ready', async () => {
    const p = await requestFrom('feature/tax', { title: 'Draft: Add tax' });
    await widget().getByText('Merge blocked: 1 check failed').waitFor();
    await widget().getByText('Merge request must not be draft.').waitFor();
    // Collapsed, the list holds what fails; expanded, what passes too, failures first.
    expect(await widget().getByText('Merge request must be open.').count()).toBe(0);
    await widget().getByRole('button', { name: 'Expand merge checks' }).click();
    const checks = await widget().getByRole('listitem').allInnerTexts();
    expect(checks[0]).toBe('Merge request must not be draft.');
    expect(checks).toContain('Merge request must be open.');
    await screenshot(page, 'merge-widget-draft');
    await widget().getByRole('button', { name: 'Collapse merge checks' }).click();
    await widget().getByRole('button', { name: 'Set to auto-merge' }).click();
    await widget().getByText('Set to merge when all merge checks pass').waitFor();
    await widget().getByRole('button', { name: 'Cancel auto-merge' }).waitFor();
    await screenshot(page, 'merge-widget-auto-merge');

    expect((await inject('PUT', api(p, '/merge_requests/1'), { draft: false })).statusCode).toBe(200);
    await widget().getByText('Merged by Ada Lovelace').waitFor();
    expect(await head(p, 'feature/tax')).toBeNull();
  });

  it('sets auto-merge while threads are open, then merges by itself when the last one is resolved here', async () => {
    const p = await requestFrom('feature/threads', {
      settings: { only_allow_merge_if_all_discussions_are_resolved: true },
    });
    for (const body of ['Should the cart be empty at first?', 'Please test an empty cart.']) {
      const started = await t.app.inject({
        method: 'POST',
        url: api(p, '/merge_requests/1/discussions'),
        payload: { body },
        headers: owner.headers,
      });
      expect(started.statusCode).toBe(201);
    }
    await page.reload();
    await widget().getByText('Open threads must be resolved.').waitFor();
    await widget().getByRole('button', { name: 'Set to auto-merge' }).click();
    await widget().getByText('Set to merge when all merge checks pass').waitFor();

    const activity = page.getByRole('region', { name: 'Activity' });
    const resolve = (text: string) =>
      activity
        .locator('li.discussion', { hasText: text })
        .locator('.discussion__footer')
        .getByRole('button', { name: 'Resolve thread' })
        .click();
    await resolve('Should the cart be empty at first?');
    await activity.getByText('Resolved by Ada Lovelace').waitFor();
    // One thread is still open: the request keeps waiting.
    await widget().getByText('Open threads must be resolved.').waitFor();
    expect(await head(p, 'feature/threads')).not.toBeNull();
    await screenshot(page, 'merge-widget-auto-merge-waits-for-threads');

    await resolve('Please test an empty cart.');
    await widget().getByText('Merged by Ada Lovelace').waitFor();
    await page.locator('.mr-header').getByText('Merged', { exact: true }).waitFor();
    await screenshot(page, 'merge-widget-auto-merged-after-threads');
    expect(await head(p, 'feature/threads')).toBeNull();
    const merged = (await t.container.mergeRequests.show(owner, p.project.id, 1)).mergeRequest;
    expect([merged.state, merged.mergedById]).toEqual(['merged', owner.id]);
  });

  it('rebases a fast-forward request after confirmation, then offers the merge', async () => {
    const p = await requestFrom('feature/ff', { settings: { merge_method: 'ff' } });
    const check = 'Merge request must be rebased, because a fast-forward merge is not possible.';
    await widget().getByText(check).waitFor();
    await screenshot(page, 'merge-widget-needs-rebase');

    await widget().getByRole('button', { name: 'Rebase source branch' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Rebase source branch?' });
    await dialog
      .getByText('This will rebase all commits from the source branch onto the target branch.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Rebase' }).click();
    await widget().getByText('Scheduled a rebase of branch feature/ff.').waitFor();
    await widget().getByText('Ready to merge!').waitFor();
    await widget().getByRole('button', { name: 'Merge', exact: true }).waitFor();
    await screenshot(page, 'merge-widget-rebased');

    await widget().getByRole('button', { name: 'Merge', exact: true }).click();
    await widget().getByText('Merged by Ada Lovelace').waitFor();
    // A fast-forward: main is now the rebased branch's last commit.
    expect((await readCommit(p.gitDir, (await head(p, 'main')) ?? ''))?.message).toBe('Test the cart');
  });

  it('blocks a merge of a head pushed after the page loaded until the changes are reviewed', async () => {
    const p = await requestFrom('feature/moving');
    await widget().getByText('Ready to merge!').waitFor();
    // A push to the source branch, announced as `git push` announces it.
    const before = (await head(p, 'feature/moving')) ?? ZERO_SHA;
    const after = await pushFile(p, 'feature/moving', {
      path: 'late.txt',
      content: 'late\n',
      message: 'Late',
    });
    await t.container.gitHttp.announcePush(
      {
        project: p,
        actor: owner,
        changes: [{ ref: branchRef('feature/moving'), oldSha: before, newSha: after }],
      },
      (error) => {
        throw error;
      },
    );
    await widget()
      .getByText('Merge blocked: to see new changes and rerun this merge check, refresh this page.')
      .waitFor();
    expect(await widget().getByRole('button', { name: 'Merge', exact: true }).count()).toBe(0);
    await screenshot(page, 'merge-widget-sha-mismatch');

    await widget().getByRole('link', { name: 'Review changes' }).click();
    await page.waitForURL((url) => url.pathname === `/${p.fullPath}/-/merge_requests/1/diffs`);
    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widget().getByRole('button', { name: 'Merge', exact: true }).waitFor();
  });

  it('reopens a closed request', async () => {
    const p = await requestFrom('feature/closed');
    await widget().getByText('Ready to merge!').waitFor();
    expect((await inject('PUT', api(p, '/merge_requests/1'), { state_event: 'close' })).statusCode).toBe(200);
    await page.reload();
    await widget().getByText('Closed by Ada Lovelace').waitFor();
    await screenshot(page, 'merge-widget-closed');

    await widget().getByRole('button', { name: 'Reopen' }).click();
    await widget().getByText('Ready to merge!').waitFor();
    await page.locator('.mr-header').getByText('Open', { exact: true }).waitFor();
  });

  it('names a missing source branch', async () => {
    const p = await requestFrom('feature/gone');
    await widget().getByText('Ready to merge!').waitFor();
    const deleted = await inject(
      'DELETE',
      api(p, `/repository/branches/${encodeURIComponent('feature/gone')}`),
    );
    expect(deleted.statusCode).toBe(204);
    await page.reload();
    await widget().getByText('The source branch feature/gone does not exist.').waitFor();
    await widget().getByText('Please restore it or use a different source branch.').waitFor();
    await screenshot(page, 'merge-widget-missing-branch');
  });

  it('says an archived project’s requests cannot be merged', async () => {
    const p = await requestFrom('feature/archived');
    await widget().getByText('Ready to merge!').waitFor();
    await t.container.projects.setArchived(owner, p.project.id, true);
    await page.reload();
    await widget()
      .getByText('Merge unavailable: merge requests are read-only on archived projects.')
      .waitFor();
    await screenshot(page, 'merge-widget-archived');
  });
});
