import type { Locator, Page, Route } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  commentForm,
  editorIn,
  noteWith,
  openActivity,
  threadWith,
  writeNote,
} from '../support/activity';
import { screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildMergeRequest } from '../support/merge-request-factories';

/** GitLab's words for `conflictWhileEditing` (spec 001 section 2.4 names the warning, not its text). */
const CONFLICT_WHILE_EDITING =
  'This comment changed after you started editing it. Review the updated comment to ensure information is not lost.';

/** Spec 001 sections 2.4, 4 and 5: the note forms' keyboard, confirmations, autosave and placeholders. */
describe('the note forms of the Activity section', () => {
  const setup = signedInProject({ visibility: 'private', developer: true });
  let page: Page;
  let mrUrl: string;
  let mrId: number;
  let editedNoteId: number;

  beforeAll(async () => {
    const { t, owner, developer, project } = setup;
    page = setup.page;
    const mr = await buildMergeRequest(t.container, owner, project, { title: 'Add a cart' });
    mrId = mr.mergeRequest.id;
    mrUrl = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    const on = { project, type: 'MergeRequest' as const, iid: mr.mergeRequest.iid };
    editedNoteId = (await writeNote(t, owner, on, { body: 'Version one.' })).id;
    await writeNote(t, developer, on, { body: 'Which size should the cart have?', type: 'DiscussionNote' });
    await writeNote(t, owner, on, { body: 'Members only: the warehouse limit.', internal: true });
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshot(page, `debug-note-forms-${ctx.task.id}`);
  });

  const stored = (key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
  const dialog = () => page.getByRole('alertdialog');
  const editForm = (note: Locator) => note.locator('form');
  // Found by its anchor: while it is edited, its text is in the form's text area, not in the note.
  const editedNote = () => activity(page).locator(`#note_${editedNoteId}`);
  const anchoredNote = async (text: string) =>
    activity(page).locator(`#${await noteWith(page, text).getAttribute('id')}`);
  const startEditing = async (note: Locator) => {
    await note.getByRole('button', { name: 'Edit comment' }).click();
    await editForm(note).waitFor();
  };
  const replyForm = (thread: Locator) => thread.locator('form.note-form--reply');

  /**
   * Sends `text` from a form with Ctrl+Enter, its POST held (so the placeholders can be looked at)
   * until it is answered with a 500 (`fail`) or let through (`pass`).
   */
  async function sendHeld(form: Locator, text: string) {
    let hold: (route: Route) => void = () => undefined;
    const arrived = new Promise<Route>((resolve) => (hold = resolve));
    let taken = false;
    const url = `**${mrUrl}/notes`;
    await page.route(url, (route) => {
      if (taken || route.request().method() !== 'POST') return route.fallback();
      taken = true;
      hold(route);
    });
    const answer = async (how: (route: Route) => Promise<void>) => {
      await how(await arrived);
      await page.unroute(url);
    };
    await editorIn(form).fill(text);
    // Posts now: in a reply, and in the comment form once a review has drafts, Ctrl+Enter alone
    // would add to the review instead.
    await editorIn(form).press('Control+Shift+Enter');
    await arrived;
    return {
      fail: () =>
        answer((route) => route.fulfill({ status: 500, json: { message: '500 Internal Server Error' } })),
      pass: () => answer((route) => route.continue()),
    };
  }

  describe('autosave under note/{type}/{id}', () => {
    it('keeps an unsent comment across a reload and forgets it once posted', async () => {
      const key = `note/MergeRequest/${mrId}`;
      await openActivity(page, mrUrl);
      await editorIn(commentForm(page)).fill('A comment that survives a reload.');
      expect(await stored(key)).toBe('A comment that survives a reload.');
      await openActivity(page, mrUrl);
      expect(await editorIn(commentForm(page)).inputValue()).toBe('A comment that survives a reload.');

      await editorIn(commentForm(page)).press('Control+Enter');
      await noteWith(page, 'A comment that survives a reload.').locator('.note__body').waitFor();
      expect(await stored(key)).toBeNull();
      await openActivity(page, mrUrl);
      expect(await editorIn(commentForm(page)).inputValue()).toBe('');
    });

    it('reopens a reply form with its unsent text after a reload', async () => {
      const thread = threadWith(page, 'Which size should the cart have?');
      const id = await thread.getAttribute('data-discussion-id');
      await thread.getByRole('button', { name: 'Reply…' }).click();
      await editorIn(replyForm(thread)).fill('Twenty items, I think.');
      expect(await stored(`note/Discussion/${id}`)).toBe('Twenty items, I think.');
      await openActivity(page, mrUrl);
      expect(await editorIn(replyForm(thread)).inputValue()).toBe('Twenty items, I think.');
    });

    it('keeps an unsaved edit, restored when the note is edited again after a reload', async () => {
      const note = editedNote();
      await startEditing(note);
      await editorIn(editForm(note)).fill('Version one, edited.');
      expect(await stored(`note/Note/${editedNoteId}`)).toBe('Version one, edited.');
      await openActivity(page, mrUrl);
      expect(await editForm(note).count()).toBe(0);
      await startEditing(note);
      expect(await editorIn(editForm(note)).inputValue()).toBe('Version one, edited.');
    });
  });

  describe('Escape and the confirmations of section 5', () => {
    it('asks before an edit with changes is cancelled: "Cancel editing" or "Continue editing"', async () => {
      const note = editedNote();
      await editorIn(editForm(note)).press('Escape');
      await dialog().getByText('Are you sure you want to cancel editing this comment?').waitFor();
      await screenshot(page, 'note-forms-cancel-edit');
      await dialog().getByRole('button', { name: 'Continue editing' }).click();
      await dialog().waitFor({ state: 'detached' });
      expect(await editorIn(editForm(note)).inputValue()).toBe('Version one, edited.');

      await note.getByRole('button', { name: 'Cancel' }).click();
      await dialog().getByRole('button', { name: 'Cancel editing' }).click();
      await editForm(note).waitFor({ state: 'detached' });
      expect(await note.locator('.note__body').innerText()).toBe('Version one.');
      expect(await stored(`note/Note/${editedNoteId}`)).toBeNull();
    });

    it('closes an unchanged edit on Escape without asking', async () => {
      const note = editedNote();
      await startEditing(note);
      await editorIn(editForm(note)).press('Escape');
      await editForm(note).waitFor({ state: 'detached' });
      expect(await dialog().count()).toBe(0);
    });

    it('names an internal note in the edit confirmation', async () => {
      const note = await anchoredNote('Members only: the warehouse limit.');
      await startEditing(note);
      await editorIn(editForm(note)).fill('Members only: the warehouse limit is 20.');
      await editorIn(editForm(note)).press('Escape');
      await dialog().getByText('Are you sure you want to cancel editing this internal note?').waitFor();
      await dialog().getByRole('button', { name: 'Cancel editing' }).click();
      await editForm(note).waitFor({ state: 'detached' });
    });

    it('asks before a reply with text is discarded: "Discard changes" or "Continue editing"', async () => {
      const thread = threadWith(page, 'Which size should the cart have?');
      await editorIn(replyForm(thread)).press('Escape');
      await dialog().getByText('Are you sure you want to cancel creating this comment?').waitFor();
      await screenshot(page, 'note-forms-discard-reply');
      await dialog().getByRole('button', { name: 'Continue editing' }).click();
      expect(await editorIn(replyForm(thread)).inputValue()).toBe('Twenty items, I think.');

      await replyForm(thread).getByRole('button', { name: 'Cancel' }).click();
      await dialog().getByRole('button', { name: 'Discard changes' }).click();
      await replyForm(thread).waitFor({ state: 'detached' });
      expect(await thread.locator('li.note').count()).toBe(1);
    });

    it('closes an empty reply on Escape without asking; an internal thread asks about an "internal note"', async () => {
      const thread = threadWith(page, 'Which size should the cart have?');
      await thread.getByRole('button', { name: 'Reply…' }).click();
      await editorIn(replyForm(thread)).press('Escape');
      await replyForm(thread).waitFor({ state: 'detached' });
      expect(await dialog().count()).toBe(0);

      const internal = noteWith(page, 'Members only: the warehouse limit.');
      await internal.getByRole('button', { name: 'Reply to comment' }).click();
      const form = activity(page).locator('form.note-form--reply');
      await editorIn(form).fill('Noted.');
      await editorIn(form).press('Escape');
      await dialog().getByText('Are you sure you want to cancel creating this internal note?').waitFor();
      await dialog().getByRole('button', { name: 'Discard changes' }).click();
      await form.waitFor({ state: 'detached' });
    });
  });

  it('warns when the note changed elsewhere while it was being edited (conflictWhileEditing)', async () => {
    const note = editedNote();
    await startEditing(note);
    await editorIn(editForm(note)).fill('Version one, my edit.');
    expect(await note.getByText(CONFLICT_WHILE_EDITING).count()).toBe(0);
    await setup.t.container.notes.update(setup.owner, editedNoteId, 'Version two, from another tab.');
    await note.getByText(CONFLICT_WHILE_EDITING).waitFor({ timeout: 5_000 });
    expect(await editorIn(editForm(note)).inputValue()).toBe('Version one, my edit.');
    await screenshot(page, 'note-forms-conflict-while-editing');
    await editorIn(editForm(note)).press('Control+Enter');
    await editForm(note).waitFor({ state: 'detached' });
    expect(await note.locator('.note__body').innerText()).toBe('Version one, my edit.');
  });

  describe('placeholder notes while posting', () => {
    it('shows the comment as a placeholder, removed with the text back in the form when the save fails', async () => {
      const post = await sendHeld(commentForm(page), 'This one fails once.');
      const placeholder = activity(page).locator('li.note--placeholder');
      await placeholder.getByText('This one fails once.').waitFor();
      expect(await placeholder.locator('.note-header__author').innerText()).toBe('Ada Lovelace');
      expect(await placeholder.locator('.note-header__username').innerText()).toBe(
        `@${setup.owner.username}`,
      );
      await screenshot(page, 'note-forms-placeholder');
      await post.fail();
      await placeholder.waitFor({ state: 'detached' });
      await commentForm(page).getByText('500 Internal Server Error').waitFor();
      expect(await editorIn(commentForm(page)).inputValue()).toBe('This one fails once.');
      expect(await noteWith(page, 'This one fails once.').count()).toBe(0);
      await screenshot(page, 'note-forms-save-failed');
      // The alert stays until it is dismissed; the text stays in the form.
      await commentForm(page).getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
      await commentForm(page).getByText('500 Internal Server Error').waitFor({ state: 'detached' });
      expect(await editorIn(commentForm(page)).inputValue()).toBe('This one fails once.');

      await editorIn(commentForm(page)).press('Control+Enter');
      await noteWith(page, 'This one fails once.').locator('.note__body').waitFor();
    });

    it('takes away a reply’s placeholder when its save fails, and shows why', async () => {
      const thread = threadWith(page, 'Which size should the cart have?');
      await thread.getByRole('button', { name: 'Reply…' }).click();
      const post = await sendHeld(replyForm(thread), 'A reply that fails once.');
      const placeholder = thread.locator('li.note--placeholder', { hasText: 'A reply that fails once.' });
      await placeholder.waitFor();
      await post.fail();
      await placeholder.waitFor({ state: 'detached' });
      await replyForm(thread).getByText('500 Internal Server Error').waitFor();
      expect(await editorIn(replyForm(thread)).inputValue()).toBe('A reply that fails once.');
      await replyForm(thread).getByRole('button', { name: 'Cancel' }).click();
      await dialog().getByRole('button', { name: 'Discard changes' }).click();
    });

    it('stands for a note of quick actions only with an italic system note, and no body', async () => {
      const post = await sendHeld(commentForm(page), '/award :tada:');
      const system = activity(page).locator('li.system-note--placeholder');
      expect(await system.locator('em').innerText()).toBe('Applying command to add emoji reaction');
      expect(await activity(page).locator('li.note--placeholder').count()).toBe(0);
      await screenshot(page, 'note-forms-system-placeholder');
      await post.pass();
      await system.waitFor({ state: 'detached' });
      await commentForm(page).getByText('Toggled :tada: emoji award.').waitFor();
      await commentForm(page).getByRole('status').getByRole('button', { name: 'Dismiss' }).click();
      await commentForm(page).getByText('Toggled :tada: emoji award.').waitFor({ state: 'detached' });
      expect(await noteWith(page, '/award').count()).toBe(0);
    });
  });
});
