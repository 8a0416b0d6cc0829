import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const SECRET = 'Leaked signing key';

describe('GitLab Flavored Markdown in issues and notes', () => {
  let t: TestApp;
  let browser: Browser;
  let url: string;
  let ada: TestUser;
  let grace: TestUser;
  let eve: TestUser;
  let project: ProjectContext;
  let issueUrl: string;
  let adaPage: Page;
  let gracePage: Page;
  let evePage: Page;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await buildUser(t.container, { name: 'Ada Lovelace' });
    grace = await buildUser(t.container, { name: 'Grace Hopper' });
    eve = await buildUser(t.container, { name: 'Eve Outsider' });
    project = await buildProject(t.container, ada, { visibility: 'public' });
    await addProjectMember(t.container, project, grace, ACCESS_LEVELS.developer);
    await t.container.issues.create(ada, project.project.id, { title: 'Checkout times out' });
    await t.container.issues.create(ada, project.project.id, { title: SECRET, confidential: true });
    await buildMergeRequest(t.container, ada, project, { title: 'Add a cart' });
    const { record } = await t.container.issues.create(ada, project.project.id, {
      title: 'Release checklist',
      description: 'Before the release:\n\n- [ ] Reproduce the timeout\n- [ ] Ship the fix',
    });
    issueUrl = `/${project.fullPath}/-/issues/${record.issue.iid}`;
    url = await t.listen();
    browser = await launchBrowser();
    adaPage = await signedInPage(browser, url, ada);
    gracePage = await signedInPage(browser, url, grace);
    evePage = await signedInPage(browser, url, eve);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await screenshot(adaPage, `debug-markdown-${ctx.task.name.slice(0, 20)}`);
  });

  const activity = (page: Page) => page.getByRole('region', { name: 'Activity' });
  const description = (page: Page) => page.getByRole('region', { name: 'Description' });
  const commentForm = (page: Page) => page.getByRole('form', { name: 'Add a comment' });
  const noteWith = (page: Page, text: string) => activity(page).locator('li.note', { hasText: text });
  const box = (scope: Locator, item: string) =>
    scope.locator('li.task-list-item', { hasText: item }).locator('input[type="checkbox"]');

  async function openIssue(page: Page): Promise<void> {
    await page.goto(issueUrl);
    await page.getByRole('heading', { name: 'Release checklist' }).waitFor();
    await activity(page).locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  }

  it('previews and posts a note whose references are links and whose emoji is shown', async () => {
    await openIssue(adaPage);
    const form = commentForm(adaPage);
    await form.locator('textarea').fill(`See #1, !1 and #2 with @${grace.username} :tada:`);
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = form.locator('.md-editor__preview');
    await preview.locator('a.gfm-issue', { hasText: '#1' }).waitFor();
    await screenshot(adaPage, 'markdown-preview-references');
    await form.getByRole('button', { name: 'Write' }).click();
    await form.getByRole('button', { name: 'Comment', exact: true }).click();

    const note = noteWith(adaPage, 'See #1');
    const issueLink = note.locator('a.gfm-issue', { hasText: '#1' });
    await issueLink.waitFor();
    expect(await issueLink.getAttribute('title')).toBe('Checkout times out');
    expect(await issueLink.getAttribute('href')).toBe(`/${project.fullPath}/-/issues/1`);
    expect(await note.locator('a.gfm-merge_request').getAttribute('title')).toBe('Add a cart');
    expect(await note.locator('a.gfm-issue', { hasText: '#2' }).getAttribute('title')).toBe(SECRET);
    expect(await note.locator('a.gfm-project_member').textContent()).toBe(`@${grace.username}`);
    expect(await note.locator('gl-emoji[data-name="tada"]').textContent()).toBe('🎉');
    await screenshot(adaPage, 'markdown-note-references');
  });

  it('shows a non-member the confidential reference as text, without its title', async () => {
    await openIssue(evePage);
    const note = noteWith(evePage, 'See #1');
    await note.locator('a.gfm-issue', { hasText: '#1' }).waitFor();
    expect(await note.locator('a.gfm-issue').count()).toBe(1);
    expect(await note.textContent()).toContain('and #2 with');
    expect(await evePage.content()).not.toContain(SECRET);
    await screenshot(evePage, 'markdown-note-references-outsider');
  });

  it('ticks a task of the issue description, and another viewer sees it without reloading', async () => {
    await openIssue(gracePage);
    await openIssue(adaPage);
    const reproduce = box(description(adaPage), 'Reproduce the timeout');
    expect(await reproduce.isEnabled()).toBe(true);
    await reproduce.check();
    await activity(adaPage).getByText('marked the checklist item').waitFor();
    expect(await box(description(adaPage), 'Reproduce the timeout').isChecked()).toBe(true);
    await expect
      .poll(() => box(description(gracePage), 'Reproduce the timeout').isChecked(), { timeout: 5_000 })
      .toBe(true);
    expect(await box(description(adaPage), 'Ship the fix').isChecked()).toBe(false);
    await screenshot(adaPage, 'markdown-issue-task-ticked');

    await openIssue(evePage);
    expect(await box(description(evePage), 'Reproduce the timeout').isChecked()).toBe(true);
    expect(await box(description(evePage), 'Ship the fix').isDisabled()).toBe(true);
  });

  it('ticks a task of a note for its author; others see the box disabled and ticked', async () => {
    await openIssue(adaPage);
    await openIssue(gracePage);
    const form = commentForm(adaPage);
    await form.locator('textarea').fill('Release steps:\n\n- [ ] Tag v1.2\n- [ ] Announce');
    await form.getByRole('button', { name: 'Comment', exact: true }).click();
    const note = noteWith(adaPage, 'Release steps');
    await box(note, 'Announce').waitFor();
    const noteId = Number((await note.getAttribute('id'))?.replace('note_', ''));
    await box(note, 'Announce').check();
    const stored = async () => (await t.container.notes.noteRecord(noteId)).note.note;
    await expect.poll(stored).toBe('Release steps:\n\n- [ ] Tag v1.2\n- [x] Announce');
    await openIssue(adaPage);
    expect(await box(noteWith(adaPage, 'Release steps'), 'Announce').isChecked()).toBe(true);
    await screenshot(adaPage, 'markdown-note-task-ticked');

    const graceNote = noteWith(gracePage, 'Release steps');
    await expect.poll(() => box(graceNote, 'Announce').isChecked(), { timeout: 5_000 }).toBe(true);
    expect(await box(graceNote, 'Tag v1.2').isDisabled()).toBe(true);
  });
});
