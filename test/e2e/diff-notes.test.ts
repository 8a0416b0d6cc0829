import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { commitFiles } from '../../src/server/git/commits';
import type { Discussion } from '../../src/shared/api/notes';
import { fileHash, lineCode } from '../../src/shared/diff/lineCode';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { bmp } from '../support/images';
import { addProjectMember, testAuthor } from '../support/merge-request-factories';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { createTestApp, type TestApp } from '../support/test-app';

const numbered = (count: number, changed: Record<number, string> = {}) =>
  Array.from({ length: count }, (_, i) => changed[i + 1] ?? `line ${i + 1}`).join('\n') + '\n';

const APP = 'app.txt';
const LOGO = 'logo.bmp';
/** GitLab's code of an added line: the old side stands after the removed line. */
const addedLine = (newLine: number) => lineCode(fileHash(APP), newLine + 1, newLine);
const contextLine = (line: number) => lineCode(fileHash(APP), line, line);

describe('diff notes on the Changes tab', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let project: ProjectContext;
  let base: string;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Base files',
      author: testAuthor,
      changes: [
        { action: 'create', path: APP, content: numbered(30) },
        { action: 'create', path: LOGO, content: bmp(120, 80, [220, 40, 40]) },
      ],
    });
    await commitFiles(project.gitDir, {
      branch: 'feature',
      startBranch: 'main',
      message: 'Feature work',
      author: testAuthor,
      changes: [
        {
          action: 'update',
          path: APP,
          content: numbered(30, { 5: 'line five, changed', 8: 'line 8, changed' }),
        },
        { action: 'update', path: LOGO, content: bmp(160, 100, [40, 160, 60]) },
      ],
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      title: 'Feature work',
    });
    base = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    browser = await launchBrowser();
    baseUrl = await t.listen();
    page = await signedInPage(browser, baseUrl, owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const app = () => page.getByRole('region', { name: APP, exact: true });
  const logo = () => page.getByRole('region', { name: LOGO, exact: true });
  const commentButton = (code: string) =>
    page
      .locator(`[id="${code}"]`)
      .getByRole('button', { name: 'Add a comment to this line or drag for multiple lines' });
  const discussions = async () =>
    (await t.app.inject({ method: 'GET', url: `${base}/discussions.json`, headers: owner.headers })).json<
      Discussion[]
    >();
  const shot = (name: string, region = app()) => screenshot(region, name);

  const openDiffs = async () => {
    await page.goto(`${base}/diffs`);
    await app().locator('.diff-line--new').first().waitFor();
  };

  it('comments on a line: the thread shows under it and is still there after a reload', async () => {
    await openDiffs();
    await page.locator(`[id="${addedLine(5)}"]`).hover();
    await commentButton(addedLine(5)).click();
    const form = app().getByRole('form', { name: 'New comment' });
    await form.getByText('Commenting on lines').waitFor();
    expect(await form.getByLabel('Start line').inputValue()).toBeTruthy();
    await shot('diff-notes-form');
    await form.getByRole('textbox', { name: 'Comment' }).fill('Why five?');
    await form.getByRole('button', { name: 'Add comment now' }).click();
    const thread = app().locator('.diff-notes-row').getByText('Why five?');
    await thread.waitFor();
    await form.waitFor({ state: 'detached' });

    const [saved] = await discussions();
    expect(saved?.position).toMatchObject({
      position_type: 'text',
      new_path: APP,
      old_line: null,
      new_line: 5,
    });
    expect(saved?.line_code).toBe(addedLine(5));

    await page.reload();
    await app().locator('.diff-notes-row').getByText('Why five?').waitFor();
    // The thread's row comes right after its line.
    expect(
      await page
        .locator(`[id="${addedLine(5)}"] + tr.diff-notes-row`)
        .getByText('Why five?')
        .isVisible(),
    ).toBe(true);
    await shot('diff-notes-line-thread');
  });

  it('a #note_ link on the Changes tab brings its thread into view', async () => {
    const [saved] = await discussions();
    const noteId = saved!.notes[0]!.id;
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1280, height: 320 });
    try {
      await page.goto(`${base}/diffs#note_${noteId}`);
      const note = page.locator(`[id="note_${noteId}"]`);
      await note.waitFor();
      const inView = () =>
        note.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.top < window.innerHeight;
        });
      await expect.poll(inView).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    } finally {
      if (viewport) await page.setViewportSize(viewport);
    }
  });

  it('comments on a range of lines dragged from one comment button to another line', async () => {
    await commentButton(contextLine(2)).hover();
    await page.mouse.down();
    await page.locator(`[id="${contextLine(4)}"] .diff-code`).hover();
    await page.mouse.up();
    const form = app().getByRole('form', { name: 'New comment' });
    await form.getByText('Commenting on lines').waitFor();
    expect(await form.locator('.diff-note-form__range strong').innerText()).toBe('4');
    expect(await form.getByLabel('Start line').locator('option:checked').innerText()).toBe('2');
    await shot('diff-notes-range-form');
    await form.getByRole('textbox', { name: 'Comment' }).fill('These three lines');
    await form.getByRole('button', { name: 'Add comment now' }).click();
    await page
      .locator(`[id="${contextLine(4)}"] + tr.diff-notes-row`)
      .getByText('These three lines')
      .waitFor();

    const range = (await discussions()).find((d) => d.notes[0]?.note === 'These three lines');
    expect(range?.position).toMatchObject({
      old_line: 4,
      new_line: 4,
      line_range: {
        start: { line_code: contextLine(2), type: null, old_line: 2, new_line: 2 },
        end: { line_code: contextLine(4), type: null, old_line: 4, new_line: 4 },
      },
    });
  });

  it('shows the threads side by side: a thread of a new line in the new half, the form on the half clicked', async () => {
    await page.getByRole('button', { name: 'Side-by-side' }).click();
    const row = page.locator(`[id="${addedLine(5)}"] + tr.diff-notes-row`);
    await row.getByText('Why five?').waitFor();
    expect(await row.locator('td').nth(1).getByText('Why five?').isVisible()).toBe(true);
    expect(await row.locator('td').first().innerText()).toBe('');
    await page
      .locator(`[id="${contextLine(6)}"] td.diff-num[data-side="old"]`)
      .getByRole('button', { name: 'Add a comment to this line or drag for multiple lines' })
      .click();
    const form = page.locator(`[id="${contextLine(6)}"] + tr.diff-notes-row td`).first();
    await form.getByRole('form', { name: 'New comment' }).waitFor();
    await shot('diff-notes-parallel');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Inline' }).click();
    await app().locator('.diff-table--inline').waitFor();
  });

  it('pins a comment on a point of the image, numbered, with its thread listed below', async () => {
    const overlay = logo().getByRole('button', { name: 'Add image comment' });
    await overlay.waitFor();
    const box = (await overlay.boundingBox())!;
    await page.mouse.click(box.x + box.width / 4, box.y + box.height / 2);
    const form = logo().getByRole('form', { name: 'New comment' });
    await form.getByRole('textbox', { name: 'Comment' }).fill('This corner is too green');
    await form.getByRole('button', { name: 'Add comment now' }).click();
    await logo().locator('.image-notes__list').getByText('This corner is too green').waitFor();
    const pin = logo().getByRole('link', { name: 'Thread 1' });
    await pin.waitFor();
    expect(await pin.innerText()).toBe('1');
    await shot('diff-notes-image-pin', logo());

    const image = (await discussions()).find((d) => d.position?.position_type === 'image');
    expect(image?.position).toMatchObject({ new_path: LOGO, width: 160, height: 100, y: 50 });
    expect(image?.position?.x).toBeGreaterThanOrEqual(39);
    expect(image?.position?.x).toBeLessThanOrEqual(41);
  });

  it('saves a pending comment on a line, shown "Pending" there and counted in the review', async () => {
    await commentButton(contextLine(3)).click();
    const form = app().getByRole('form', { name: 'New comment' });
    await form.getByRole('textbox', { name: 'Comment' }).fill('Pending thought');
    await form.getByRole('button', { name: 'Start a review' }).click();
    const row = page.locator(`[id="${contextLine(3)}"] + tr.diff-notes-row`);
    await row.getByText('Pending thought').waitFor();
    // The text shows first on the placeholder while the draft is saved; the badge comes with the draft.
    await row.getByText('Pending', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Your review' }).getByText('1 pending comment').waitFor();
    await shot('diff-notes-draft');
    // Nothing is published until the review is submitted.
    expect((await discussions()).some((d) => d.notes[0]?.note === 'Pending thought')).toBe(false);
  });

  it('suggests a change, applies it as a commit on the source branch and shows it applied', async () => {
    await commentButton(addedLine(8)).click();
    const form = app().getByRole('form', { name: 'New comment' });
    await form.getByRole('button', { name: 'Insert suggestion' }).click();
    const editor = form.getByRole('textbox', { name: 'Comment' });
    expect(await editor.inputValue()).toBe('```suggestion:-0+0\nline 8, changed\n```\n');
    await editor.fill('Say it better:\n```suggestion:-0+0\nline 8, better\n```\n');
    await form.getByRole('button', { name: 'Add comment now' }).click();

    const suggestion = app().getByRole('group', { name: 'Suggested change' });
    await suggestion.waitFor();
    expect(await suggestion.locator('.suggestion__line--old').innerText()).toContain('-line 8, changed');
    expect(await suggestion.locator('.suggestion__line--new').innerText()).toContain('+line 8, better');
    await shot('diff-notes-suggestion');

    // A Reporter, who may not push, reads the same page: the button is off and its tooltip says why.
    const reporter = await buildUser(t.container, { name: 'Rory Reporter' });
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    const reporterPage = await signedInPage(browser, baseUrl, reporter);
    await reporterPage.goto(`${base}/diffs`);
    const offered = reporterPage
      .getByRole('region', { name: APP, exact: true })
      .getByRole('group', { name: 'Suggested change' })
      .getByRole('button', { name: 'Apply suggestion' });
    await offered.focus();
    await reporterPage.getByText("You don't have permission to apply this suggestion.").waitFor();
    expect(await offered.isDisabled()).toBe(true);
    await reporterPage.close();

    await suggestion.getByRole('button', { name: 'Apply suggestion' }).click();
    await suggestion.getByRole('textbox', { name: 'Commit message' }).fill('Word line 8 better');
    await suggestion.getByRole('button', { name: 'Apply', exact: true }).click();

    // The push outdates the thread: it moves under the file, applied, with the lines it was written on.
    const outdated = app()
      .getByRole('region', { name: 'Outdated threads' })
      .locator('.diff-outdated__thread', { hasText: 'Say it better' });
    await outdated.getByText('Suggestion applied').waitFor();
    await outdated.getByText('Outdated', { exact: true }).waitFor();
    // The push's note in the thread compares the line as it was with what the suggestion made of it.
    // A thread first shown resolved folds its replies: whether the push's resolution or its move
    // under the file reached the page first decides which.
    const change = outdated.locator('li.system-note', {
      hasText: 'changed this line in version 2 of the diff',
    });
    const unfold = outdated.getByRole('button', { name: 'expand replies' });
    await change.or(unfold).first().waitFor();
    if (await unfold.isVisible()) await unfold.click();
    await change.getByRole('button', { name: 'Compare changes' }).click();
    const lines = change.getByRole('table', { name: 'Changed lines' });
    await lines.locator('td.diff-code.diff-line--old', { hasText: '-line 8, changed' }).waitFor();
    await lines.locator('td.diff-code.diff-line--new', { hasText: '+line 8, better' }).waitFor();
    // The file's own diff (first, above its threads) has the line as applied.
    await app().locator('.diff-line--new').getByText('line 8, better').first().waitFor();
    await screenshot(page, 'diff-notes-suggestion-applied');

    const commits = await t.app.inject({
      method: 'GET',
      url: `/api/v4/projects/${project.project.id}/repository/commits?ref_name=feature`,
      headers: owner.headers,
    });
    expect(commits.json<Array<{ title: string }>>()[0]?.title).toBe('Word line 8 better');
  });
});
