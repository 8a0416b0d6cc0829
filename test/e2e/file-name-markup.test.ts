import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotePosition } from '../../src/shared/api/notes';
import { screenshot } from '../support/browser';
import { openChangesTab, type ChangesTab } from '../support/changes-tab';

/** A file name that would run script if any page took it for markup. */
const NAME = '<img src=x onerror=alert(1)>.md';

/** Elements the name would make if it were parsed: none may exist. */
const injected = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('[onerror], img[src="x"]').length);

describe('markup in a file name, as Chromium renders it', () => {
  let tab: ChangesTab;
  let overview: string;
  const dialogs: string[] = [];

  beforeAll(async () => {
    tab = await openChangesTab({
      base: [{ action: 'create', path: NAME, content: 'one\ntwo\nthree\n' }],
      changes: [{ action: 'update', path: NAME, content: 'one\ntwo, changed\nthree\n' }],
      title: 'Change the notes',
    });
    const { t, owner, project, page } = tab;
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    overview = tab.url.replace(/\/diffs$/, '');
    const noteable = await t.container.noteables.byIid(owner, 'MergeRequest', project.project.id, 1);
    const [version] = await t.container.mergeRequests.versions(owner, project.project.id, 1);
    const position: NotePosition = {
      base_sha: version!.baseCommitSha,
      start_sha: version!.startCommitSha,
      head_sha: version!.headCommitSha,
      old_path: NAME,
      new_path: NAME,
      position_type: 'text',
      old_line: null,
      new_line: 2,
    };
    const write = (body: string) => t.container.notes.create(owner, noteable, { body, position });
    await write('Why the comma?');
    const { note } = await write('```suggestion:-0+0\ntwo, suggested\n```');
    await t.container.suggestions.syncFromNote(note);
    const listed = await t.container.suggestions.forNotes(owner, noteable, [note]);
    const applied = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/suggestions/batch_apply',
      headers: owner.headers,
      payload: {
        ids: listed.get(note.id)?.map((s) => s.id),
        commit_message: 'Apply %{suggestions_count} suggestion(s) to %{file_paths}',
      },
    });
    expect(applied.statusCode, applied.body).toBe(200);
  });
  afterAll(() => tab?.close());

  it('shows it as text in a diff thread’s excerpt on the Overview, and in the push note of the suggestion’s commit', async () => {
    const { page } = tab;
    await page.goto(overview);
    const thread = page.locator('.discussion', { hasText: 'Why the comma?' });
    await expect(thread.locator('.diff-excerpt__path').first().textContent()).resolves.toBe(NAME);
    // Applying the suggestion changed the line, so the push resolved the thread: its lines load when asked.
    await thread.getByRole('button', { name: 'Show the diff lines' }).click();
    await thread.getByRole('table', { name: `Diff lines of ${NAME}` }).waitFor();
    const pushNote = page.locator('li.system-note', { hasText: 'added 1 commit' });
    await pushNote.getByText(`Apply 1 suggestion(s) to ${NAME}`, { exact: false }).first().waitFor();
    expect(await injected(page)).toBe(0);
    await thread.scrollIntoViewIfNeeded();
    await screenshot(page, 'file-name-markup-overview');
  });

  it('shows it as text on the Changes tab and in the commit list', async () => {
    const { page } = tab;
    await page.goto(tab.url);
    await page.getByText('Why the comma?').first().waitFor();
    expect(await injected(page)).toBe(0);
    await screenshot(page, 'file-name-markup-changes');

    await page.goto(`${overview}/commits`);
    const commits = page.getByRole('list', { name: 'Commits' });
    await commits.getByText(`Apply 1 suggestion(s) to ${NAME}`).waitFor();
    expect(await injected(page)).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
