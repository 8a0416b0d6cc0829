import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { openChangesTab, type ChangesTab } from '../support/changes-tab';
import { humanSize } from '../../src/web/features/diffs/viewerKind';
import { bmp, png } from '../support/images';

const logoBefore = png(120, 80, [220, 40, 40]);
const logoAfter = png(160, 100, [40, 160, 60]);
const banner = png(90, 30, [30, 90, 200]);
const oldIcon = png(32, 32, [120, 120, 120]);
// Uncompressed, so that a few changed pixels leave it similar enough for git to see a rename.
const brand = bmp(60, 40, [240, 180, 20]);
const brandEdited = Buffer.from(brand).fill(0x30, 600, 900);
const badge = png(24, 24, [10, 200, 200]);

describe('image diffs on the Changes tab', () => {
  let tab: ChangesTab;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    tab = await openChangesTab({
      base: [
        { action: 'create', path: 'logo.png', content: logoBefore },
        { action: 'create', path: 'icons/old.png', content: oldIcon },
        { action: 'create', path: 'brand.bmp', content: brand },
        { action: 'create', path: 'badge.png', content: badge },
      ],
      changes: [
        { action: 'update', path: 'logo.png', content: logoAfter },
        { action: 'create', path: 'banner.png', content: banner },
        { action: 'delete', path: 'icons/old.png' },
        { action: 'delete', path: 'brand.bmp' },
        { action: 'create', path: 'art/brand.bmp', content: brandEdited },
        { action: 'delete', path: 'badge.png' },
        { action: 'create', path: 'art/badge.png', content: badge },
      ],
      title: 'A greener logo',
    });
    ({ page, url } = tab);
  });
  afterAll(async () => {
    await tab?.close();
  });

  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const shot = (name: string, file = 'logo.png') => screenshot(region(file), name);

  it('shows a replaced image 2-up with its dimensions, then in swipe and onion skin modes', async () => {
    await page.goto(url);
    const logo = region('logo.png');
    // Each side's file size, then its width and height once decoded.
    await logo.getByText(`${humanSize(logoBefore.length)} | W: 120px | H: 80px`, { exact: true }).waitFor();
    await logo.getByText(`${humanSize(logoAfter.length)} | W: 160px | H: 100px`, { exact: true }).waitFor();
    await shot('diffs-image-2up');

    await logo.getByRole('button', { name: 'Swipe' }).click();
    const frame = logo.locator('.diff-image__frame');
    // The frame is the larger image plus 2 px.
    expect(
      await frame.evaluate((el) => [(el as HTMLElement).offsetWidth, (el as HTMLElement).offsetHeight]),
    ).toEqual([162, 102]);
    const box = (await frame.boundingBox())!;
    const bar = logo.getByRole('separator', { name: 'Swipe' });
    const barLeft = () => bar.evaluate((el) => Math.round(parseFloat((el as HTMLElement).style.left)));
    // The bar is dragged by itself; past the frame it stops at the frame's width.
    const grab = async () => {
      const handle = (await bar.boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, box.y + 50);
      await page.mouse.down();
    };
    await grab();
    await page.mouse.move(box.x + box.width + 300, box.y + 50);
    await page.mouse.up();
    expect(await barLeft()).toBe(162);
    await grab();
    await page.mouse.move(box.x + 60, box.y + 50);
    await page.mouse.up();
    expect(await barLeft()).toBe(60);
    // Focused, it moves with the arrow keys.
    await bar.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await barLeft()).toBe(50);
    await shot('diffs-image-swipe');

    await logo.getByRole('button', { name: 'Onion skin' }).click();
    await logo.getByLabel('Opacity').fill('0.5');
    expect(
      await logo
        .locator('.diff-image__layer')
        .nth(1)
        .evaluate((el) => (el as HTMLElement).style.opacity),
    ).toBe('0.5');
    await shot('diffs-image-onion');
  });

  it('shows a new, a deleted and a renamed image alone, each with its size and dimensions', async () => {
    await page.goto(url);
    const added = region('banner.png');
    await added.getByText('New', { exact: true }).waitFor();
    await added.getByText(`${humanSize(banner.length)} | W: 90px | H: 30px`, { exact: true }).waitFor();
    expect(await added.locator('img').count()).toBe(1);
    expect(await added.getByRole('button', { name: 'Swipe' }).count()).toBe(0);
    await shot('diffs-image-new', 'banner.png');

    const deleted = region('icons/old.png');
    await deleted.getByText('Deleted', { exact: true }).waitFor();
    await deleted.getByText(`${humanSize(oldIcon.length)} | W: 32px | H: 32px`, { exact: true }).waitFor();
    expect(await deleted.locator('img').getAttribute('alt')).toBe('icons/old.png before');
    await shot('diffs-image-deleted', 'icons/old.png');

    // Renamed with changes: the new image alone, and where it came from.
    const renamed = region('art/brand.bmp');
    await renamed.getByText('Renamed', { exact: true }).waitFor();
    await renamed
      .getByText(`${humanSize(brandEdited.length)} | W: 60px | H: 40px`, { exact: true })
      .waitFor();
    expect(await renamed.getByText('Renamed from brand.bmp').isVisible()).toBe(true);
    expect(await renamed.locator('img').count()).toBe(1);
    expect(await renamed.getByRole('button', { name: 'Onion skin' }).count()).toBe(0);
    await shot('diffs-image-renamed', 'art/brand.bmp');
  });

  it('says an image renamed with no changes is renamed, and links to the file at the head commit', async () => {
    await page.goto(url);
    const badgeFile = region('art/badge.png');
    await badgeFile.getByText('File renamed with no changes.').waitFor();
    const link = badgeFile
      .locator('.diff-viewer-message')
      .getByRole('link', { name: /^View file @ [0-9a-f]{8}$/ });
    expect(await link.getAttribute('href')).toMatch(/\/-\/blob\/[0-9a-f]{40}\/art\/badge\.png$/);
    expect(await badgeFile.getByRole('button', { name: 'Show file contents' }).count()).toBe(0);
    await shot('diffs-image-renamed-unchanged', 'art/badge.png');
  });

  it('puts the swipe bar back in the middle 400 ms after the last resize', async () => {
    await page.goto(url);
    const logo = region('logo.png');
    await logo.getByText('W: 160px | H: 100px', { exact: false }).waitFor();
    await logo.getByRole('button', { name: 'Swipe' }).click();
    const bar = logo.getByRole('separator', { name: 'Swipe' });
    await bar.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('71');
    // The page notes when each resize happened and when the bar moved.
    await bar.evaluate((el) => {
      const log: Array<[string, number]> = [];
      (window as unknown as { swipeLog: typeof log }).swipeLog = log;
      window.addEventListener('resize', () => log.push(['resize', performance.now()]));
      new MutationObserver(() => log.push(['moved', performance.now()])).observe(el, {
        attributes: true,
        attributeFilter: ['style'],
      });
    });
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.waitForTimeout(200);
    await page.setViewportSize({ width: 1100, height: 900 });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('81');
    const log = await page.evaluate(
      () => (window as unknown as { swipeLog: Array<[string, number]> }).swipeLog,
    );
    const moves = log.filter(([kind]) => kind === 'moved');
    const lastResize = Math.max(...log.filter(([kind]) => kind === 'resize').map(([, at]) => at));
    // One move, debounced: none while resizing, and the reset no sooner than 400 ms after the last resize.
    expect(moves).toHaveLength(1);
    expect(moves[0]![1] - lastResize).toBeGreaterThanOrEqual(395);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
