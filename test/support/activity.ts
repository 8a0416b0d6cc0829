import type { Locator, Page } from 'playwright-core';
import type { CurrentUser } from '../../src/server/auth/current-user';
import type { NewNoteInput } from '../../src/server/features/notes/notes.service';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import type { NoteableType } from '../../src/shared/api/notes';
import type { TestApp } from './test-app';

/** The Activity section of an issue or merge request page, and the parts of it browser tests use. */
export const activity = (page: Page): Locator => page.getByRole('region', { name: 'Activity' });
export const commentForm = (page: Page): Locator => page.getByRole('form', { name: 'Add a comment' });
/** The markdown editor's text area inside a form. */
export const editorIn = (form: Locator): Locator => form.locator('textarea').first();
export const noteWith = (page: Page, text: string): Locator =>
  activity(page).locator('li.note', { hasText: text });
export const threadWith = (page: Page, text: string): Locator =>
  activity(page).locator('li.discussion', { hasText: text });
export const systemNoteWith = (page: Page, text: string): Locator =>
  activity(page).locator('li.system-note', { hasText: text });

/** Loads a page and waits until its threads are shown (the loading skeletons gone). */
export async function openActivity(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await activity(page).getByRole('heading', { name: 'Activity' }).waitFor();
  await activity(page).getByRole('list', { name: 'Loading activity' }).waitFor({ state: 'detached' });
}

/** Writes a note through the notes service, as the page would, and returns it. */
export async function writeNote(
  t: TestApp,
  author: CurrentUser,
  on: { project: ProjectContext; type: NoteableType; iid: number },
  input: NewNoteInput,
) {
  const noteable = await t.container.noteables.byIid(author, on.type, on.project.project.id, on.iid);
  return (await t.container.notes.create(author, noteable, input)).note;
}
