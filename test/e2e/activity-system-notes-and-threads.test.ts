import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles } from '../../src/server/git/commits';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import type { NotePosition } from '../../src/shared/api/notes';
import { openActivity, systemNoteWith, threadWith, writeNote } from '../support/activity';
import { screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { testAuthor } from '../support/merge-request-factories';

const numbered = (count: number, changed: Record<number, string> = {}) =>
  Array.from({ length: count }, (_, i) => changed[i + 1] ?? `line ${i + 1}`).join('\n') + '\n';

/**
 * Spec 001 sections 2.2, 4 and 9: the system notes of pushes and description changes, threads a
 * push resolved, and jumping between unresolved threads.
 */
describe('system notes and unresolved threads in the Activity section', () => {
  const setup = signedInProject({ visibility: 'private' });
  let page: Page;
  let mrUrl: string;

  beforeAll(async () => {
    const { t, owner, project } = setup;
    page = setup.page;
    const commit = (message: string, path: string, content: string) =>
      commitFiles(project.gitDir, {
        branch: 'feature',
        startBranch: 'main',
        message,
        author: testAuthor,
        changes: [{ action: 'update', path, content }],
      });
    /** Commits one after another on `feature`, then tells the server about them as one push. */
    const push = async (commits: Array<[message: string, path: string, content: string]>) => {
      const oldSha = (await resolveCommit(project.gitDir, branchRef('feature')))!;
      let newSha = oldSha;
      for (const [message, path, content] of commits) newSha = await commit(message, path, content);
      await t.container.pushHooks.run(
        { project, actor: owner, changes: [{ ref: branchRef('feature'), oldSha, newSha }] },
        (error) => {
          throw error;
        },
      );
    };

    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Base files',
      author: testAuthor,
      changes: [
        { action: 'create', path: 'app.txt', content: numbered(10) },
        { action: 'create', path: 'notes.txt', content: 'notes\n' },
      ],
    });
    await commit('Change line five', 'app.txt', numbered(10, { 5: 'line five, changed' }));
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      title: 'A cart',
      description: 'A cart for the shop.',
    });
    const iid = mr.mergeRequest.iid;
    mrUrl = `/${project.fullPath}/-/merge_requests/${iid}`;
    const on = { project, type: 'MergeRequest' as const, iid };
    await t.container.mergeRequests.update(owner, project.project.id, iid, {
      description: 'A basket for the whole shop.',
    });
    const latest = mr.latestDiff!;
    const position: NotePosition = {
      base_sha: latest.baseCommitSha,
      start_sha: latest.startCommitSha,
      head_sha: latest.headCommitSha,
      old_path: 'app.txt',
      new_path: 'app.txt',
      position_type: 'text',
      old_line: null,
      new_line: 5,
    };
    await writeNote(t, owner, on, { body: 'Is five right?', position });
    // Four commits in one push, the last one changing the commented line again.
    await push([
      ['Note one', 'notes.txt', 'notes\none\n'],
      ['Note two', 'notes.txt', 'notes\none\ntwo\n'],
      ['Note three', 'notes.txt', 'notes\none\ntwo\nthree\n'],
      ['Rework line five', 'app.txt', numbered(10, { 5: 'line five, reworked' })],
    ]);
    await push([
      ['Note four', 'notes.txt', 'notes\n4\n'],
      ['Note five', 'notes.txt', 'notes\n4\n5\n'],
      ['Note six', 'notes.txt', 'notes\n4\n5\n6\n'],
    ]);
    for (const body of ['Thread A: naming.', 'Thread B: settled.', 'Thread C: tests.', 'Thread D: docs.']) {
      const note = await writeNote(t, owner, on, { body, type: 'DiscussionNote' });
      if (body.includes('settled')) await t.container.notes.resolveNote(owner, note.id, true);
    }
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshot(page, `debug-system-notes-${ctx.task.id}`);
  });

  describe('a push', () => {
    it('lists up to 3 commits, and folds 4 behind "Show all 4 commits"', async () => {
      await openActivity(page, mrUrl);
      const three = systemNoteWith(page, 'added 3 commits');
      expect(await three.locator('.system-note__commits li').allInnerTexts()).toEqual([
        expect.stringMatching(/^[0-9a-f]{8} Note six$/),
        expect.stringMatching(/^[0-9a-f]{8} Note five$/),
        expect.stringMatching(/^[0-9a-f]{8} Note four$/),
      ]);
      expect(await three.getByRole('button').count()).toBe(0);

      const four = systemNoteWith(page, 'added 4 commits');
      expect(await four.locator('.system-note__commits li').count()).toBe(0);
      const toggle = four.getByRole('button', { name: 'Show all 4 commits' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await four.locator('.system-note__commits li').count()).toBe(4);
      await screenshot(page, 'system-notes-push');
      await four.getByRole('button', { name: 'Hide commits' }).click();
      expect(await four.locator('.system-note__commits li').count()).toBe(0);
    });

    it('shows "Automatically resolved" on a thread whose line the push changed', async () => {
      const thread = threadWith(page, 'Is five right?');
      await thread.getByText('Automatically resolved', { exact: true }).waitFor();
      expect(await thread.getByText(/Resolved by/).count()).toBe(0);
    });

    it('says in the thread that the push changed its line, and compares the old and new line', async () => {
      const thread = threadWith(page, 'Is five right?');
      const expand = thread.getByRole('button', { name: 'expand replies' });
      if (await expand.isVisible()) await expand.click();
      const outdated = thread.locator('li.system-note', { hasText: 'changed this line in' });
      const version = outdated.getByRole('link', { name: 'version 2 of the diff' });
      expect(await version.getAttribute('href')).toMatch(
        new RegExp(`^${mrUrl}/diffs\\?diff_id=\\d+&start_sha=[0-9a-f]{40}#[0-9a-f]{40}_5_5$`),
      );
      const compare = outdated.getByRole('button', { name: 'Compare changes' });
      expect(await compare.getAttribute('aria-expanded')).toBe('false');
      await compare.click();
      const rows = outdated.getByRole('table', { name: 'Changed lines' }).locator('tr');
      await rows.first().waitFor();
      expect((await rows.allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
        '4 4 line 4',
        '5 -line five, changed',
        '5 +line five, reworked',
        '6 6 line 6',
        '7 7 line 7',
      ]);
      await outdated.scrollIntoViewIfNeeded();
      await screenshot(page, 'system-notes-outdated-line');
    });
  });

  it('loads the previous description only when compared, and deletes it to "Deleted"', async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/descriptions/')) asked.push(`${request.method()} ${request.url()}`);
    });
    await openActivity(page, mrUrl);
    const note = systemNoteWith(page, 'changed the description');
    const compare = note.getByRole('button', { name: 'Compare with previous version' });
    await compare.waitFor();
    expect(asked).toEqual([]);

    await compare.click();
    const removed = note.locator('.idiff.deletion', { hasText: 'cart' });
    const added = note.locator('.idiff.addition', { hasText: 'whole' });
    await added.waitFor();
    // Told apart at a glance: the removed words struck through, each side on its own colour.
    const look = (span: typeof added) =>
      span.evaluate((element) => {
        const style = getComputedStyle(element);
        return { line: style.textDecorationLine, background: style.backgroundColor };
      });
    const [was, now] = [await look(removed), await look(added)];
    expect(was.line).toBe('line-through');
    expect(now.line).toBe('none');
    expect(new Set([was.background, now.background, 'rgba(0, 0, 0, 0)']).size).toBe(3);
    expect(asked).toEqual([expect.stringMatching(/^GET .*\/descriptions\/\d+\/diff$/)]);
    await screenshot(note, 'system-notes-description-diff');

    await note.getByRole('button', { name: 'Remove description history' }).click();
    await note.getByText('Deleted', { exact: true }).waitFor();
    expect(asked[1]).toMatch(/^DELETE .*\/descriptions\/\d+$/);
    expect(await compare.count()).toBe(0);

    await openActivity(page, mrUrl);
    await note.getByText('Deleted', { exact: true }).waitFor();
    expect(await compare.count()).toBe(0);
  });

  it('jumps to the next and the previous unresolved thread 200 ms after the click, past resolved ones', async () => {
    await openActivity(page, mrUrl);
    // Where the focus lands and when, measured in the page from each click.
    await page.evaluate(() => {
      const log: Array<{ text: string; after: number }> = [];
      let clickedAt = 0;
      document.addEventListener('click', () => (clickedAt = performance.now()), true);
      document.addEventListener('focusin', (event) => {
        const note = (event.target as HTMLElement).closest('li.note');
        if (note)
          log.push({
            text: note.querySelector('.note__body')?.textContent ?? '',
            after: performance.now() - clickedAt,
          });
      });
      (window as unknown as { jumps: typeof log }).jumps = log;
    });
    const jumps = () =>
      page.evaluate(() => (window as unknown as { jumps: Array<{ text: string; after: number }> }).jumps);
    const jumpButton = (thread: string, direction: 'next' | 'previous') =>
      threadWith(page, thread).getByRole('button', { name: `Go to ${direction} unresolved thread` });

    await jumpButton('Thread A: naming.', 'next').click();
    await expect.poll(jumps).toHaveLength(1);
    const [first] = await jumps();
    expect(first?.text).toBe('Thread C: tests.');
    expect(first?.after).toBeGreaterThanOrEqual(199);

    await jumpButton('Thread C: tests.', 'previous').click();
    await expect.poll(jumps).toHaveLength(2);
    expect((await jumps())[1]?.text).toBe('Thread A: naming.');

    // Two clicks within 200 ms: only the last one jumps (from A, the previous one wraps round to D).
    await page.evaluate(() => {
      const button = (text: string, label: string) =>
        [...document.querySelectorAll('li.discussion')]
          .find((thread) => thread.textContent?.includes(text))
          ?.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
      button('Thread A: naming.', 'Go to next unresolved thread')?.click();
      button('Thread A: naming.', 'Go to previous unresolved thread')?.click();
    });
    await expect.poll(jumps).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await jumps()).slice(2).map((jump) => jump.text)).toEqual(['Thread D: docs.']);
  });
});
