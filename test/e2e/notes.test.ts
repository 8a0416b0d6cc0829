import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { launchBrowser, LIVE, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const DEVELOPER = 30;

describe('the Activity section of a merge request', () => {
  let t: TestApp;
  let browser: Browser;
  let url: string;
  let ada: TestUser;
  let grace: TestUser;
  let eve: TestUser;
  let project: ProjectContext;
  let mrUrl: string;
  let adaPage: Page;
  let gracePage: Page;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await buildUser(t.container, { name: 'Ada Lovelace' });
    grace = await buildUser(t.container, { name: 'Grace Hopper' });
    eve = await buildUser(t.container, { name: 'Eve Outsider' });
    project = await buildProject(t.container, ada, { visibility: 'public' });
    await addProjectMember(t.container, project, grace, DEVELOPER);
    const mr = await buildMergeRequest(t.container, ada, project, {
      source_branch: 'feature/cart',
      title: 'Add a cart',
      description: 'A cart to put things in.',
    });
    mrUrl = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    url = await t.listen();
    browser = await launchBrowser();
    adaPage = await signedInPage(browser, url, ada);
    gracePage = await signedInPage(browser, url, grace);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      await screenshot(adaPage, `debug-ada-${ctx.task.name.slice(0, 20)}`);
      await screenshot(gracePage, `debug-grace-${ctx.task.name.slice(0, 20)}`);
    }
  });

  const activity = (page: Page) => page.getByRole('region', { name: 'Activity' });
  const commentForm = (page: Page) => page.getByRole('form', { name: 'Add a comment' });
  const editor = (scope: Locator) => scope.locator('textarea').first();
  const noteWith = (page: Page, text: string) => activity(page).locator('li.note', { hasText: text });
  const threadWith = (page: Page, text: string) => activity(page).locator('li.discussion', { hasText: text });

  const footerButton = (thread: Locator, name: string) =>
    thread.locator('.discussion__footer').getByRole('button', { name });

  async function openActivity(page: Page): Promise<void> {
    await page.goto(mrUrl);
    await activity(page).getByRole('heading', { name: 'Activity' }).waitFor();
    await activity(page).locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  }

  it('starts empty, with the comment form', async () => {
    await openActivity(adaPage);
    await activity(adaPage).getByText('No activity yet').waitFor();
    await commentForm(adaPage).getByRole('button', { name: 'Comment', exact: true }).waitFor();
    await screenshot(adaPage, 'notes-empty');
  });

  it('posts a comment with Ctrl+Enter, and a second browser sees it without a reload', async () => {
    await openActivity(gracePage);
    await openActivity(adaPage);
    await editor(commentForm(adaPage)).fill('Looks good, one question about the cart size.');
    await screenshot(adaPage, 'notes-form');
    await editor(commentForm(adaPage)).press('Control+Enter');
    await noteWith(adaPage, 'one question about the cart size').locator('.note-header__author').waitFor();
    await noteWith(gracePage, 'one question about the cart size').waitFor(LIVE);
    expect(await editor(commentForm(adaPage)).inputValue()).toBe('');
  });

  it('turns the comment into a thread when Grace replies, and Ada resolves it', async () => {
    await openActivity(gracePage);
    await noteWith(gracePage, 'one question about the cart size')
      .getByRole('button', { name: 'Reply to comment' })
      .click();
    const reply = gracePage.locator('form.note-form--reply');
    await editor(reply).fill('It holds 20 items.');
    await reply.getByRole('button', { name: 'Add comment now' }).click();
    const thread = threadWith(gracePage, 'It holds 20 items.');
    await footerButton(thread, 'Resolve thread').waitFor();

    const adaThread = threadWith(adaPage, 'It holds 20 items.');
    await footerButton(adaThread, 'Resolve thread').click();
    await adaThread.getByText('Resolved by Ada Lovelace').waitFor();
    await thread.getByText('Resolved by Ada Lovelace').waitFor();
  });

  it('shows an internal note to a member and not to a non-member', async () => {
    await commentForm(adaPage).getByLabel('Make this an internal note').check();
    await editor(commentForm(adaPage)).fill('Internal: the cart limit comes from the warehouse.');
    await commentForm(adaPage).getByRole('button', { name: 'Comment', exact: true }).click();
    const note = noteWith(gracePage, 'the cart limit comes from the warehouse');
    await note.getByText('Internal note', { exact: true }).waitFor();

    const evePage = await signedInPage(browser, url, eve);
    await openActivity(evePage);
    await noteWith(evePage, 'one question about the cart size').waitFor();
    expect(await noteWith(evePage, 'the cart limit comes from the warehouse').count()).toBe(0);
    await evePage.context().close();
  });

  it('keeps review comments pending until the review is submitted', async () => {
    await openActivity(adaPage);
    await editor(commentForm(adaPage)).fill('Please rename the cart module.');
    await commentForm(adaPage).getByRole('button', { name: 'Start a review' }).click();
    const review = activity(adaPage).getByRole('region', { name: 'Your review' });
    await review.getByText('1 pending comment').waitFor();
    await review.getByText('Pending', { exact: true }).waitFor();
    await editor(commentForm(adaPage)).fill('And add a test for an empty cart.');
    await commentForm(adaPage).getByRole('button', { name: 'Add to review' }).click();
    await review.getByText('2 pending comments').waitFor();
    await screenshot(adaPage, 'notes-review');

    await openActivity(gracePage);
    expect(await noteWith(gracePage, 'Please rename the cart module.').count()).toBe(0);

    await review.getByRole('button', { name: 'Submit review', expanded: false }).click();
    await review
      .getByRole('dialog', { name: 'Submit your review' })
      .getByRole('button', { name: 'Submit review' })
      .click();
    await review.waitFor({ state: 'detached' });
    await noteWith(adaPage, 'Please rename the cart module.').locator('.note-header__author').waitFor();
    await noteWith(gracePage, 'And add a test for an empty cart.').waitFor({ timeout: 5_000 });
  });

  it('awards an emoji from the picker', async () => {
    const note = noteWith(adaPage, 'one question about the cart size');
    await note.getByRole('button', { name: 'Add reaction' }).first().click();
    await adaPage.getByRole('textbox', { name: 'Search emoji' }).fill('party popper');
    await adaPage.getByRole('dialog', { name: 'Emoji picker' }).getByRole('button', { name: 'tada' }).click();
    const award = note.getByRole('group', { name: 'Reactions' }).getByRole('button', { pressed: true });
    await award.waitFor();
    expect(await award.innerText()).toContain('1');
  });

  it("names a note's actions in a tooltip on hover and keyboard focus, gone on Escape", async () => {
    const note = noteWith(adaPage, 'one question about the cart size');
    const tooltip = adaPage.locator('.thread-tooltip');
    await note.getByRole('button', { name: 'Reply to comment' }).hover();
    await tooltip.getByText('Reply to comment', { exact: true }).waitFor();
    await screenshot(adaPage, 'notes-action-tooltip');
    await adaPage.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });

    await note.getByRole('button', { name: 'Add reaction' }).first().focus();
    await adaPage.keyboard.press('Tab');
    await tooltip.getByText('Reply to comment', { exact: true }).waitFor();

    // The menu is built when first opened, from the keyboard too, and gives the focus back on Escape.
    await note.getByRole('button', { name: 'More actions' }).focus();
    await adaPage.keyboard.press('Enter');
    await adaPage.getByRole('menuitem', { name: 'Copy link' }).waitFor();
    await adaPage.keyboard.press('Escape');
    await adaPage.getByRole('menuitem', { name: 'Copy link' }).waitFor({ state: 'detached' });
    expect(await adaPage.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'More actions',
    );
  });

  it('edits the last own note with the Up arrow', async () => {
    await editor(commentForm(adaPage)).focus();
    await editor(commentForm(adaPage)).press('ArrowUp');
    const form = activity(adaPage).locator('li.note form');
    expect(await editor(form).inputValue()).toBe('And add a test for an empty cart.');
    await editor(form).fill('And add a test for an empty and a full cart.');
    await editor(form).press('Control+Enter');
    await noteWith(adaPage, 'And add a test for an empty and a full cart.').locator('.note__body').waitFor();
    await screenshot(adaPage, 'notes-threads');
  });

  it('opens a collapsed thread to the note a #note_ link points at', async () => {
    await openActivity(adaPage);
    const thread = threadWith(adaPage, 'one question about the cart size');
    await thread.getByRole('button', { name: /1 reply/ }).click();
    const id = await noteWith(adaPage, 'It holds 20 items.').getAttribute('id');
    await adaPage.goto(`${mrUrl}#${id}`);
    await adaPage.reload();
    const target = adaPage.locator(`#${id}`);
    await target.waitFor();
    expect(await target.getAttribute('class')).toContain('note--target');
    await thread.getByRole('button', { name: 'collapse replies' }).waitFor();
  });

  it('attaches a file to a comment', async () => {
    await commentForm(adaPage)
      .getByLabel('Attach a file', { exact: true })
      .setInputFiles({ name: 'cart-size.txt', mimeType: 'text/plain', buffer: Buffer.from('20 items\n') });
    await expect
      .poll(() => editor(commentForm(adaPage)).inputValue(), { timeout: 10_000 })
      .toMatch(/\[cart-size\.txt\]\(\/uploads\/[0-9a-f]{32}\/cart-size\.txt\)/);
    await editor(commentForm(adaPage)).press('Control+Enter');
    await noteWith(adaPage, 'cart-size.txt').getByRole('link', { name: 'cart-size.txt' }).waitFor();
  });

  it("reports someone else's note to an administrator, a category required", async () => {
    await openActivity(gracePage);
    const note = noteWith(gracePage, 'the cart limit comes from the warehouse');
    await note.getByRole('button', { name: 'More actions' }).click();
    await gracePage.getByRole('menuitem', { name: 'Report abuse' }).click();
    const drawer = gracePage.getByRole('dialog', { name: 'Report abuse to administrator' });
    // Exactly the eight categories of spec 001 section 3, in its order.
    const radios = drawer.getByRole('radio');
    expect(
      await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    ).toEqual(['spam', 'offensive', 'phishing', 'crypto', 'credentials', 'copyright', 'malware', 'other']);
    await drawer.getByRole('button', { name: 'Next' }).click();
    await drawer.getByText('Choose a category.').last().waitFor();
    await drawer.getByLabel('They are posting spam.').check();
    await screenshot(gracePage, 'notes-report-abuse');
    await drawer.getByRole('button', { name: 'Next' }).click();
    await drawer.getByText('Thank you for your report.', { exact: false }).waitFor();
  });

  it('deletes a note after confirmation', async () => {
    const note = noteWith(adaPage, 'Please rename the cart module.');
    await note.getByRole('button', { name: 'More actions' }).click();
    await adaPage.getByRole('menuitem', { name: 'Delete comment' }).click();
    const dialog = adaPage.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete this comment?').waitFor();
    await dialog.getByRole('button', { name: 'Delete comment' }).click();
    await note.waitFor({ state: 'detached' });
    await noteWith(gracePage, 'Please rename the cart module.').waitFor({
      state: 'detached',
      timeout: 5_000,
    });
  });
});
