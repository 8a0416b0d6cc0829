import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { commitFiles } from '../../src/server/git/commits';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { testAuthor } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const SOURCE = [
  'export function total(items: number[]): number {',
  '  let sum = 0;',
  '  for (const item of items) sum += item;',
  '  return sum;',
  '}',
  '',
].join('\n');

describe('diff threads on the Overview', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let project: ProjectContext;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
    const commit = (branch: string, content: string) =>
      commitFiles(project.gitDir, {
        branch,
        startBranch: 'main',
        message: `cart.ts on ${branch}`,
        author: testAuthor,
        changes: [{ action: branch === 'main' ? 'create' : 'update', path: 'src/cart.ts', content }],
      });
    await commit('main', SOURCE);
    await commit('feature', SOURCE.replace('return sum;', 'return Math.round(sum * 100) / 100;'));
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      title: 'Round the cart total',
    });
    base = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    const noteable = await t.container.noteables.byIid(owner, 'MergeRequest', project.project.id, 1);
    const diff = mr.latestDiff!;
    await t.container.notes.create(owner, noteable, {
      body: 'Should this round half up?',
      type: 'DiffNote',
      position: {
        base_sha: diff.baseCommitSha,
        start_sha: diff.startCommitSha,
        head_sha: diff.headCommitSha,
        old_path: 'src/cart.ts',
        new_path: 'src/cart.ts',
        position_type: 'text',
        old_line: null,
        new_line: 4,
      },
    });
    await t.container.notes.create(owner, noteable, { body: 'Looks good overall.' });
    const settled = await t.container.notes.create(owner, noteable, {
      body: 'Is the loop fine?',
      type: 'DiffNote',
      position: {
        base_sha: diff.baseCommitSha,
        start_sha: diff.startCommitSha,
        head_sha: diff.headCommitSha,
        old_path: 'src/cart.ts',
        new_path: 'src/cart.ts',
        position_type: 'text',
        old_line: 3,
        new_line: 3,
      },
    });
    await t.container.notes.resolveDiscussion(owner, noteable, settled.note.discussionId, true);
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the file and the diff lines above a diff thread’s notes, and none above a plain comment', async () => {
    await page.goto(base);
    const thread = page.locator('.discussion', { hasText: 'Should this round half up?' });
    const lines = thread.getByRole('table', { name: 'Diff lines of src/cart.ts' });
    await lines.waitFor();
    await expect(thread.locator('.diff-excerpt__path').textContent()).resolves.toBe('src/cart.ts');
    const rows = await lines.locator('tr').allInnerTexts();
    expect(rows.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      '1 1 export function total(items: number[]): number {',
      '2 2 let sum = 0;',
      '3 3 for (const item of items) sum += item;',
      '4 - return sum;',
      '4 + return Math.round(sum * 100) / 100;',
    ]);
    // The excerpt comes before the notes, in the thread's header.
    const order = await thread.evaluate((element) =>
      [...element.children].map((child) => child.className.split(' ')[0]),
    );
    expect(order.slice(0, 2)).toEqual(['diff-excerpt', 'discussion__notes']);
    const plain = page.locator('.discussion', { hasText: 'Looks good overall.' });
    expect(await plain.locator('.diff-excerpt').count()).toBe(0);
    await thread.scrollIntoViewIfNeeded();
    await screenshot(page, 'diff-excerpt-overview');
  });

  it('loads a resolved diff thread’s lines when asked', async () => {
    await page.goto(base);
    const thread = page.locator('.discussion', { hasText: 'Is the loop fine?' });
    await thread.locator('.diff-excerpt__path').waitFor();
    expect(await thread.getByRole('table').count()).toBe(0);
    await thread.getByRole('button', { name: 'Show the diff lines' }).click();
    const rows = thread.getByRole('table', { name: 'Diff lines of src/cart.ts' }).locator('tr');
    await rows.first().waitFor();
    expect((await rows.allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      '1 1 export function total(items: number[]): number {',
      '2 2 let sum = 0;',
      '3 3 for (const item of items) sum += item;',
    ]);
    await thread.scrollIntoViewIfNeeded();
    await screenshot(page, 'diff-excerpt-resolved');
  });
});
