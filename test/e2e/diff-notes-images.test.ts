import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles } from '../../src/server/git/commits';
import type { Discussion } from '../../src/shared/api/notes';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { bmp } from '../support/images';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { testAuthor } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const LOGO = 'logo.bmp';

describe('image comments in the swipe and onion skin modes', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    const project = await buildProject(t.container, owner, { visibility: 'private' });
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Add a logo',
      author: testAuthor,
      changes: [{ action: 'create', path: LOGO, content: bmp(120, 80, [220, 40, 40]) }],
    });
    await commitFiles(project.gitDir, {
      branch: 'feature',
      startBranch: 'main',
      message: 'A bigger, greener logo',
      author: testAuthor,
      changes: [{ action: 'update', path: LOGO, content: bmp(160, 100, [40, 160, 60]) }],
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      title: 'A greener logo',
    });
    base = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const logo = () => page.getByRole('region', { name: LOGO, exact: true });
  const frame = () => logo().locator('.diff-image__frame');
  const overlay = () => frame().getByRole('button', { name: 'Add image comment' });
  const shot = (name: string) => screenshot(logo(), name);
  const imagePoints = async () =>
    (await t.app.inject({ method: 'GET', url: `${base}/discussions.json`, headers: owner.headers }))
      .json<Discussion[]>()
      .filter((d) => d.position?.position_type === 'image')
      .map((d) => ({ note: d.notes[0]?.note, ...d.position }));

  /** Where a pin's centre sits on the new image, in pixels from its top left corner. */
  const pinPoint = async (pin: Locator) => {
    const [image, mark] = [(await overlay().boundingBox())!, (await pin.boundingBox())!];
    return [Math.round(mark.x + mark.width / 2 - image.x), Math.round(mark.y + mark.height / 2 - image.y)];
  };

  const comment = async (x: number, y: number, text: string) => {
    const box = (await overlay().boundingBox())!;
    await page.mouse.click(box.x + x, box.y + y);
    const form = logo().getByRole('form', { name: 'New comment' });
    await form.getByRole('textbox', { name: 'Comment' }).fill(text);
    return form;
  };

  it('adds a comment on the new image in swipe mode, its numbered pin over the image', async () => {
    await page.goto(`${base}/diffs`);
    await logo().getByText('W: 160px | H: 100px').waitFor();
    await logo().getByRole('button', { name: 'Swipe' }).click();
    // The comment layer covers the new image exactly, at its natural size.
    await overlay().waitFor();
    const box = (await overlay().boundingBox())!;
    expect([box.width, box.height]).toEqual([160, 100]);

    const form = await comment(40, 50, 'Swiped: the left edge is off');
    await form.getByRole('button', { name: 'Add comment now' }).click();
    const pin = frame().getByRole('link', { name: 'Thread 1' });
    await pin.waitFor();
    expect(await pinPoint(pin)).toEqual([40, 50]);
    await logo().locator('.image-notes__list').getByText('Swiped: the left edge is off').waitFor();
    expect(await imagePoints()).toEqual([
      expect.objectContaining({
        note: 'Swiped: the left edge is off',
        x: 40,
        y: 50,
        width: 160,
        height: 100,
      }),
    ]);

    // The bar still drags, and the pin stays where it was put.
    const bar = logo().getByRole('separator', { name: 'Swipe' });
    const handle = (await bar.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + 50);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, handle.y + 50);
    await page.mouse.up();
    expect(await bar.getAttribute('aria-valuenow')).toBe('121');
    expect(await pinPoint(pin)).toEqual([40, 50]);
    await shot('diff-notes-image-swipe');
  });

  it('adds a comment in onion skin mode, numbered after the first, both pins shown', async () => {
    await logo().getByRole('button', { name: 'Onion skin' }).click();
    await overlay().waitFor();
    const first = frame().getByRole('link', { name: 'Thread 1' });
    expect(await pinPoint(first)).toEqual([40, 50]);
    await logo().getByLabel('Opacity').fill('0.5');

    const form = await comment(120, 25, 'Onion: this corner moved');
    // The new comment's marker shows where the form points while it is open.
    await frame().locator('.image-notes__pin--new').waitFor();
    await form.getByRole('button', { name: 'Add comment now' }).click();
    const second = frame().getByRole('link', { name: 'Thread 2' });
    await second.waitFor();
    expect(await pinPoint(second)).toEqual([120, 25]);
    await shot('diff-notes-image-onion');
  });

  it('shows both pins on the new image in 2-up, and in swipe mode after a reload', async () => {
    await logo().getByRole('button', { name: '2-up' }).click();
    const after = logo().locator('.diff-image__side--new');
    await after.getByRole('link', { name: 'Thread 2' }).waitFor();
    expect(await after.getByRole('link', { name: /^Thread / }).count()).toBe(2);
    await shot('diff-notes-image-2up');

    await page.reload();
    await logo().getByText('W: 160px | H: 100px').waitFor();
    await logo().getByRole('button', { name: 'Swipe' }).click();
    await frame().getByRole('link', { name: 'Thread 2' }).waitFor();
    expect(await pinPoint(frame().getByRole('link', { name: 'Thread 1' }))).toEqual([40, 50]);
    expect(await pinPoint(frame().getByRole('link', { name: 'Thread 2' }))).toEqual([120, 25]);
  });
});
