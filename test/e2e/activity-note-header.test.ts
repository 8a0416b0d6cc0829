import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mergeRequests, users } from '../../src/server/db/schema';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { activity, noteWith, openActivity, writeNote } from '../support/activity';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser } from '../support/factories';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** Spec 001 section 2.3: who wrote a note, as its header says it. */
describe('the note header', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let project: ProjectContext;
  let mrUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    const ada = await buildUser(t.container, { name: 'Ada Lovelace' });
    const mae = await buildUser(t.container, { name: 'Mae Maintainer' });
    const olly = await buildUser(t.container, { name: 'Olly Outsider' });
    const gus = await buildUser(t.container, { name: 'Gus Gone' });
    project = await buildProject(t.container, ada, { visibility: 'public' });
    await addProjectMember(t.container, project, mae, ACCESS_LEVELS.maintainer);
    await addProjectMember(t.container, project, gus, ACCESS_LEVELS.reporter);
    // Olly is no member, but a merge request of his went into the default branch (as from a fork).
    const earlier = await buildMergeRequest(t.container, ada, project, { title: 'Outside help' });
    await t.container.db
      .update(mergeRequests)
      .set({ authorId: olly.id, state: 'merged' })
      .where(eq(mergeRequests.id, earlier.mergeRequest.id));
    const mr = await buildMergeRequest(t.container, ada, project, { title: 'Add a cart' });
    const on = { project, type: 'MergeRequest' as const, iid: mr.mergeRequest.iid };
    mrUrl = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    await writeNote(t, ada, on, { body: 'I opened this merge request.' });
    await writeNote(t, mae, on, { body: 'Reviewed as a maintainer.' });
    await writeNote(t, olly, on, { body: 'Thanks for merging my last one.' });
    await writeNote(t, mae, on, { body: 'Only members read this.', internal: true });
    await writeNote(t, gus, on, { body: 'Written before Gus left.' });
    // No screen deletes users yet; the database keeps their notes without an author.
    await t.container.db.delete(users).where(eq(users.id, gus.id));
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), ada);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshot(page, `debug-note-header-${ctx.task.id}`);
  });

  // Shown badges: a tooltip waits hidden beside its badge.
  const badges = (text: string) => noteWith(page, text).locator('.note-header__badges > :visible');
  const badgeTexts = async (text: string) => (await badges(text).allInnerTexts()).map((s) => s.trim());

  it('badges the author of the merge request and their role', async () => {
    await openActivity(page, mrUrl);
    expect(await badgeTexts('I opened this merge request.')).toEqual(['Author', 'Owner']);
    const author = badges('I opened this merge request.').filter({ hasText: 'Author' });
    expect(await author.getAttribute('title')).toBe('This user is the author of this merge request.');
    const header = noteWith(page, 'I opened this merge request.').locator('.note-header');
    expect(await header.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toMatch(/^\/user-/);
  });

  it("shows a member's project role, and a non-member who contributed before as Contributor", async () => {
    expect(await badgeTexts('Reviewed as a maintainer.')).toEqual(['Maintainer']);
    expect(await badges('Reviewed as a maintainer.').getAttribute('title')).toBe(
      'This user has the Maintainer role in the project.',
    );
    expect(await badgeTexts('Thanks for merging my last one.')).toEqual(['Contributor']);
    expect(await badges('Thanks for merging my last one.').getAttribute('title')).toBe(
      'This user has previously committed to this project.',
    );
  });

  it('marks an internal note, with the tooltip "This internal note will always remain confidential"', async () => {
    expect(await badgeTexts('Only members read this.')).toEqual(['Internal note', 'Maintainer']);
    const tooltip = page.getByText('This internal note will always remain confidential', { exact: true });
    expect(await tooltip.isVisible()).toBe(false);
    await badges('Only members read this.').getByText('Internal note').hover();
    await tooltip.waitFor();
    await screenshot(page, 'note-header-badges');
  });

  it('says "A deleted user" for a note whose author was deleted, without a link or a username', async () => {
    const header = noteWith(page, 'Written before Gus left.').locator('.note-header');
    expect(await header.locator('.note-header__author').innerText()).toBe('A deleted user');
    expect(await header.getByRole('link', { name: 'A deleted user' }).count()).toBe(0);
    expect(await header.locator('.note-header__username').count()).toBe(0);
    expect(await badgeTexts('Written before Gus left.')).toEqual([]);
    expect(await activity(page).getByText('Gus Gone').count()).toBe(0);
  });
});
