import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FREQUENT_EMOJI_KEY } from '../../src/shared/notes/emojiAwards';
import { noteWith, openActivity, writeNote } from '../support/activity';
import { newContext, screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildUser, type TestUser } from '../support/factories';
import { buildMergeRequest } from '../support/merge-request-factories';

/** Spec 001 sections 6 and 9: reactions on notes, their tooltips and the picker. */
describe('emoji reactions on notes', () => {
  const setup = signedInProject({ visibility: 'public' });
  let page: Page;
  let mrUrl: string;

  beforeAll(async () => {
    const { t, owner, project } = setup;
    page = setup.page;
    const mr = await buildMergeRequest(t.container, owner, project, { title: 'Add a cart' });
    const iid = mr.mergeRequest.iid;
    mrUrl = `/${project.fullPath}/-/merge_requests/${iid}`;
    const note = await writeNote(t, owner, { project, type: 'MergeRequest', iid }, { body: 'Ship it.' });
    const award = async (user: TestUser, name: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/v4/projects/${project.project.id}/merge_requests/${iid}/notes/${note.id}/award_emoji`,
        headers: user.headers,
        payload: { name },
      });
      expect(answer.statusCode, answer.body).toBe(201);
    };
    // Twelve people give a thumbs up, the viewer among them; two others a party popper.
    await award(owner, 'thumbsup');
    for (let n = 1; n <= 11; n += 1) {
      const fan = await buildUser(t.container, { name: `Fan ${String(n).padStart(2, '0')}` });
      await award(fan, 'thumbsup');
      if (n <= 2) await award(fan, 'tada');
    }
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshot(page, `debug-emoji-${ctx.task.id}`);
  });

  const reactions = (on: Page) => noteWith(on, 'Ship it.').getByRole('group', { name: 'Reactions' });
  const award = (on: Page, name: string) => reactions(on).getByRole('button', { name });
  const picker = () => page.getByRole('dialog', { name: 'Emoji picker' });
  const openPicker = async () => {
    await noteWith(page, 'Ship it.').getByRole('button', { name: 'Add reaction' }).first().click();
    await picker().getByRole('textbox', { name: 'Search emoji' }).waitFor();
  };
  /** The emoji of the picker's first section, in order (one row holds nine). */
  const firstSection = async (): Promise<{ title: string; names: (string | null)[] }> => {
    const rows = picker().locator('.emoji-picker__row');
    const names = await rows
      .nth(1)
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    return { title: await rows.nth(0).innerText(), names };
  };
  /**
   * Points at a reaction until its tooltip shows `text`. In one loaded CI run the tooltip stayed
   * hidden under a still pointer for 30 s (content arriving above the thread can move the button
   * away from it); a reader would point again, and so does this.
   */
  const tooltipOf = async (button: Locator, text: string) => {
    const tooltip = page.getByText(text, { exact: true });
    await expect
      .poll(
        async () => {
          await page.mouse.move(0, 0);
          await button.hover();
          // The tooltip opens 50 ms after the pointer arrives (Primer's short delay).
          return tooltip.waitFor({ timeout: 2_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  };

  it('names up to 10 people in a reaction’s tooltip, the viewer as "You", then "and N more"', async () => {
    await openActivity(page, mrUrl);
    expect(await award(page, 'thumbsup').innerText()).toContain('12');
    await tooltipOf(
      award(page, 'thumbsup'),
      'You, Fan 01, Fan 02, Fan 03, Fan 04, Fan 05, Fan 06, Fan 07, Fan 08, Fan 09, and 2 more reacted with :thumbsup:',
    );
    await screenshot(page, 'emoji-award-tooltip');
    await tooltipOf(award(page, 'tada'), 'Fan 01 and Fan 02 reacted with :tada:');
  });

  it('shows a signed-out visitor the reactions disabled, without the picker', async () => {
    const visitor = await (await newContext(setup.browser, setup.baseUrl)).newPage();
    await openActivity(visitor, mrUrl);
    const thumbsup = award(visitor, 'thumbsup');
    expect(await thumbsup.getAttribute('aria-disabled')).toBe('true');
    expect(await award(visitor, 'tada').getAttribute('aria-disabled')).toBe('true');
    // Who reacted is still there to read; a click awards nothing.
    await thumbsup.hover();
    await visitor.getByText('Fan 01, Fan 02, Fan 03, Fan 04, Fan 05', { exact: false }).waitFor();
    await screenshot(visitor, 'emoji-signed-out');
    const asked: string[] = [];
    visitor.on('request', (request) => asked.push(request.method()));
    expect(await thumbsup.isDisabled()).toBe(true);
    await thumbsup.click({ force: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked.filter((method) => method !== 'GET')).toEqual([]);
    expect(await thumbsup.innerText()).toContain('12');
    expect(await noteWith(visitor, 'Ship it.').getByRole('button', { name: 'Add reaction' }).count()).toBe(0);
    await visitor.context().close();
  });

  it('searches only once typing has paused for 500 ms', async () => {
    await openActivity(page, mrUrl);
    await openPicker();
    const search = picker().getByRole('textbox', { name: 'Search emoji' });
    const results = picker().getByText('Search results', { exact: true });
    // Keys 150 ms apart, 600 ms in all: each one puts the search off again. (At 300 ms apart a
    // loaded machine stretched one gap past 500 ms once.)
    for (const key of ['p', 'a', 'r', 't']) {
      await search.press(key);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await results.count()).toBe(0);
    }
    const lastKey = Date.now();
    await search.press('y');
    await results.waitFor();
    expect(Date.now() - lastKey).toBeGreaterThanOrEqual(500);
    expect(await picker().getByRole('button', { name: 'tada' }).count()).toBe(1);
    await picker().getByRole('button', { name: 'tada' }).click();
    await award(page, 'tada').and(page.locator('[aria-pressed="true"]')).waitFor();
  });

  it('lists at most 9 frequently used emoji that exist, kept in local storage, the last used first', async () => {
    expect(
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), FREQUENT_EMOJI_KEY)) ?? '[]'),
    ).toEqual(['tada']);
    const stored = [
      'rocket',
      'no_such_emoji',
      'eyes',
      'heart',
      'fire',
      'coffee',
      'star',
      'clap',
      'smile',
      'bug',
      'sunny',
    ];
    await page.evaluate(([key, list]) => localStorage.setItem(key, JSON.stringify(list)), [
      FREQUENT_EMOJI_KEY,
      stored,
    ] as const);
    await openActivity(page, mrUrl);
    await openPicker();
    expect(await firstSection()).toEqual({
      title: 'Frequently used',
      names: ['rocket', 'eyes', 'heart', 'fire', 'coffee', 'star', 'clap', 'smile', 'bug'],
    });
    await screenshot(page, 'emoji-picker-frequent');
    await picker().getByRole('textbox', { name: 'Search emoji' }).fill('sunny');
    await picker().getByText('Search results', { exact: true }).waitFor();
    await picker().getByRole('button', { name: 'sunny', exact: true }).click();
    await award(page, 'sunny').waitFor();
    const now = JSON.parse(
      (await page.evaluate((key) => localStorage.getItem(key), FREQUENT_EMOJI_KEY)) ?? '[]',
    );
    expect(now).toEqual(['sunny', 'rocket', 'eyes', 'heart', 'fire', 'coffee', 'star', 'clap', 'smile']);
  });
});
