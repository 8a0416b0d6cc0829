import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles } from '../../src/server/git/commits';
import type { Discussion } from '../../src/shared/api/notes';
import { fileHash, lineCode } from '../../src/shared/diff/lineCode';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { testAuthor } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const numbered = (count: number, changed: Record<number, string> = {}) =>
  Array.from({ length: count }, (_, i) => changed[i + 1] ?? `line ${i + 1}`).join('\n') + '\n';

const APP = 'app.txt';
// Line 5 becomes two lines and line 35 is reworded: the diff hides new lines 10..31 (old 9..30).
const code = (oldLine: number, newLine: number) => lineCode(fileHash(APP), oldLine, newLine);

describe('diff notes on lines expanded around the hunks', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    const project = await buildProject(t.container, owner, { visibility: 'private' });
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Add app.txt',
      author: testAuthor,
      changes: [{ action: 'create', path: APP, content: numbered(40) }],
    });
    await commitFiles(project.gitDir, {
      branch: 'feature',
      startBranch: 'main',
      message: 'Split line five, reword 35',
      author: testAuthor,
      changes: [
        {
          action: 'update',
          path: APP,
          content: numbered(40, { 5: 'line 5a\nline 5b', 35: 'line 35, reworded' }),
        },
      ],
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      title: 'Split five',
    });
    base = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const app = () => page.getByRole('region', { name: APP, exact: true });
  const row = (oldLine: number, newLine: number) => app().locator(`[id="${code(oldLine, newLine)}"]`);
  const threadUnder = (oldLine: number, newLine: number) =>
    app().locator(`[id="${code(oldLine, newLine)}"] + tr.diff-notes-row`);
  const shot = (name: string) => screenshot(app(), name);

  it('comments on an expanded line, and finds the thread on that line after a reload', async () => {
    await page.goto(`${base}/diffs`);
    await app().locator('.diff-line--new').first().waitFor();
    expect(await row(19, 20).count()).toBe(0);
    await app()
      .locator('tr.diff-line--match', { hasText: '@@ -32' })
      .getByRole('button', { name: 'Expand all lines' })
      .click();
    await row(19, 20).waitFor();

    await row(19, 20).hover();
    await row(19, 20)
      .getByRole('button', { name: 'Add a comment to this line or drag for multiple lines' })
      .click();
    const form = app().getByRole('form', { name: 'New comment' });
    await form.getByRole('textbox', { name: 'Comment' }).fill('This line needs the same split');
    // The page as the reader sees it: the file is taller than the window, under the sticky toolbar.
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'diff-notes-context-form', { fullPage: false });
    await form.getByRole('button', { name: 'Add comment now' }).click();
    await threadUnder(19, 20).getByText('This line needs the same split').waitFor();
    await form.waitFor({ state: 'detached' });

    const discussions = (
      await t.app.inject({ method: 'GET', url: `${base}/discussions.json`, headers: owner.headers })
    ).json<Discussion[]>();
    expect(discussions[0]?.position).toMatchObject({ old_line: 19, new_line: 20, new_path: APP });
    expect(discussions[0]?.line_code).toBe(code(19, 20));

    await page.reload();
    // The thread's line is unfolded with 3 lines on each side; the rest of the gap stays hidden.
    await threadUnder(19, 20).getByText('This line needs the same split').waitFor();
    for (const n of [17, 18, 19, 21, 22, 23]) await row(n - 1, n).waitFor();
    expect(await row(15, 16).count()).toBe(0);
    expect(await row(23, 24).count()).toBe(0);
    const matches = app().locator('tr.diff-line--match');
    expect(await matches.count()).toBe(4);
    await shot('diff-notes-context-thread');

    // The rest of the gap still expands, around the thread.
    await matches.nth(2).getByRole('button', { name: 'Expand all lines' }).click();
    await row(23, 24).waitFor();
    expect(await threadUnder(19, 20).getByText('This line needs the same split').isVisible()).toBe(true);
  });

  it('shows the thread on its line in the side-by-side view too', async () => {
    await page.goto(`${base}/diffs?view=parallel`);
    await app().locator('.diff-table--parallel').waitFor();
    await app().locator('.diff-notes-row').getByText('This line needs the same split').waitFor();
    expect(await row(19, 20).count()).toBe(1);
    await shot('diff-notes-context-parallel');
  });
});
