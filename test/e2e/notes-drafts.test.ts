import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DraftNote } from '../../src/shared/api/notes';
import { screenshot } from '../support/browser';
import { mergeRequestWithThread, signedInProject } from '../support/browser-setup';

describe('pending comments in a thread', () => {
  const setup = signedInProject({ visibility: 'public', developer: true });
  let mrUrl: string;
  let gracePage: Page;

  beforeAll(async () => {
    ({ mrUrl, developerPage: gracePage } = await mergeRequestWithThread(setup, 'Is the limit configurable?'));
    const { t, developer } = setup;
    // Notes and drafts count their ids apart (as in GitLab), and a #note_ link prefers a note: a
    // draft dropped first keeps the pending reply's id from matching the thread's note.
    const dropped = await t.app.inject({
      method: 'POST',
      url: `${mrUrl}/draft_notes`,
      headers: developer.headers,
      payload: { draft_note: { note: 'dropped' } },
    });
    await t.app.inject({ method: 'DELETE', url: dropped.json<DraftNote>().path, headers: developer.headers });
  });

  const thread = () => gracePage.locator('li.discussion', { hasText: 'Is the limit configurable?' });
  const draftItem = () => thread().locator('li.note--draft');
  /** Opens "Submit your review" and submits it as a comment. */
  async function submitReview() {
    const review = gracePage.getByRole('region', { name: 'Your review' });
    await review.getByRole('button', { name: 'Submit review', expanded: false }).click();
    await review
      .getByRole('dialog', { name: 'Submit your review' })
      .getByRole('button', { name: 'Submit review' })
      .click();
  }

  it('adds a reply to the review, resolving the thread once submitted, and says so', async () => {
    await gracePage.goto(mrUrl);
    await thread().getByRole('button', { name: 'Reply…' }).click();
    const form = thread().locator('form.note-form--reply');
    await form.locator('textarea').fill('Yes, through the settings.');
    await form.getByLabel('Resolve thread').check();
    await form.getByRole('button', { name: 'Start a review' }).click();
    await draftItem().getByText('Pending', { exact: true }).waitFor();
    await draftItem().getByText('Thread will be resolved').waitFor();
    expect(await draftItem().getByLabel('Resolve thread').isChecked()).toBe(true);

    await draftItem().getByText('Pending', { exact: true }).hover();
    await gracePage.getByText('Pending comments are hidden until you submit your review.').waitFor();
    await screenshot(gracePage, 'notes-draft-in-thread');
  });

  it('toggles the resolve status of the pending reply', async () => {
    await draftItem().getByLabel('Resolve thread').click();
    await draftItem().getByText('Thread stays open').waitFor();
    expect(await draftItem().getByLabel('Resolve thread').isChecked()).toBe(false);
    const [saved] = await drafts();
    expect(saved?.resolve_discussion).toBe(false);

    await draftItem().getByLabel('Resolve thread').click();
    await draftItem().getByText('Thread will be resolved').waitFor();
    expect((await drafts())[0]?.resolve_discussion).toBe(true);
  });

  it('scrolls to a pending comment a #note_ link names', async () => {
    const [pending] = await drafts();
    await gracePage.goto('about:blank');
    await gracePage.goto(`${mrUrl}#note_${pending!.id}`);
    const target = gracePage.locator('.note--target');
    await target.waitFor();
    expect(await target.getAttribute('id')).toBe(`draft_note_${pending!.id}`);
    expect(await target.isVisible()).toBe(true);
  });

  it('adds to the review with Ctrl+Enter and posts at once with Shift+Ctrl+Enter (forcing the update)', async () => {
    await thread().getByRole('button', { name: 'Reply…' }).click();
    const reply = thread().locator('form.note-form--reply textarea');
    await reply.fill('Also for guests?');
    // The review's last word on the thread: resolved, like the first pending reply.
    await thread().locator('form.note-form--reply').getByLabel('Resolve thread').check();
    await reply.press('Control+Enter');
    await thread().locator('li.note--draft', { hasText: 'Also for guests?' }).waitFor();

    await thread().getByRole('button', { name: 'Reply…' }).click();
    await reply.fill('Posting this one now.');
    await reply.press('Shift+Control+Enter');
    const posted = thread().locator('li.note:not(.note--draft)', { hasText: 'Posting this one now.' });
    await posted.locator('.note-header__author').waitFor();

    const comment = gracePage.getByRole('form', { name: 'Add a comment' }).locator('textarea');
    await comment.fill('A general remark for the review.');
    await comment.press('Control+Enter');
    const review = gracePage.getByRole('region', { name: 'Your review' });
    await review.getByText('A general remark for the review.').waitFor();
    await comment.fill('A general remark for everyone now.');
    await comment.press('Shift+Control+Enter');
    await gracePage
      .locator('li.note:not(.note--draft)', { hasText: 'A general remark for everyone now.' })
      .locator('.note-header__author')
      .waitFor();
    await review.getByText('3 pending comments').waitFor();
    const published = await setup.t.app.inject({ method: 'GET', url: `${mrUrl}/discussions.json` });
    expect(published.body).toContain('Posting this one now.');
    expect(published.body).not.toContain('Also for guests?');
  });

  it('resolves the thread when the review is submitted', async () => {
    await submitReview();
    await thread().getByText('Resolved by Grace Hopper').waitFor();
  });

  it('runs a pending /close when the review is submitted, and publishes the rest of the comment', async () => {
    await thread().getByRole('button', { name: 'Reply…' }).click();
    const form = thread().locator('form.note-form--reply');
    await form.locator('textarea').fill('Superseded by the new checkout.\n/close');
    await form.getByRole('button', { name: 'Start a review' }).click();
    const pending = thread().locator('li.note--draft', { hasText: 'Superseded by the new checkout.' });
    // The command waits below the pending comment's body until the review is submitted.
    await pending.locator('.note__commands', { hasText: '/close' }).waitFor();
    await screenshot(gracePage, 'notes-draft-quick-action');

    await submitReview();
    const published = thread().locator('li.note:not(.note--draft)', {
      hasText: 'Superseded by the new checkout.',
    });
    await published.locator('.note-header__author').waitFor();
    await gracePage.locator('li.system-note', { hasText: 'closed' }).waitFor();
    await gracePage.locator('.mr-header, header').getByText('Closed', { exact: true }).first().waitFor();
    expect(await published.innerText()).not.toContain('/close');
    await screenshot(gracePage, 'notes-draft-quick-action-submitted');
  });

  async function drafts(): Promise<DraftNote[]> {
    const response = await setup.t.app.inject({
      method: 'GET',
      url: `${mrUrl}/draft_notes`,
      headers: setup.developer.headers,
    });
    return response.json<DraftNote[]>();
  }
});
