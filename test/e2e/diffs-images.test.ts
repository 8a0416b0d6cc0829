import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles } from '../../src/server/git/commits';
import { launchBrowser, newContext, screenshotsDir, signIn } from '../support/browser';
import { buildProject, buildUser } from '../support/factories';
import { testAuthor } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** A PNG of one colour: enough for the browser to decode and measure. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image diffs on the Changes tab', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await buildUser(t.container);
    const project = await buildProject(t.container, owner, { visibility: 'public' });
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Add a logo',
      author: testAuthor,
      changes: [{ action: 'create', path: 'logo.png', content: png(120, 80, [220, 40, 40]) }],
    });
    await commitFiles(project.gitDir, {
      branch: 'feature/logo',
      startBranch: 'main',
      message: 'A bigger, greener logo',
      author: testAuthor,
      changes: [{ action: 'update', path: 'logo.png', content: png(160, 100, [40, 160, 60]) }],
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature/logo',
      title: 'A greener logo',
    });
    url = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}/diffs`;
    browser = await launchBrowser();
    page = await (await newContext(browser, await t.listen())).newPage();
    await signIn(page, owner.username, owner.password);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shot = (name: string) =>
    page
      .getByRole('region', { name: 'logo.png' })
      .screenshot({ path: path.join(screenshotsDir, `${name}.png`) });

  it('shows a replaced image 2-up with its dimensions, then in swipe and onion skin modes', async () => {
    await page.goto(url);
    const logo = page.getByRole('region', { name: 'logo.png' });
    await logo.getByText('W: 120px | H: 80px').waitFor();
    await logo.getByText('W: 160px | H: 100px').waitFor();
    await shot('diffs-image-2up');

    await logo.getByRole('button', { name: 'Swipe' }).click();
    const frame = logo.locator('.diff-image__frame');
    // The frame is the larger image plus 2 px.
    expect(
      await frame.evaluate((el) => [(el as HTMLElement).offsetWidth, (el as HTMLElement).offsetHeight]),
    ).toEqual([162, 102]);
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 50);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width + 300, box.y + 50);
    await page.mouse.up();
    expect(
      await logo.locator('.diff-image__swipe-bar').evaluate((el) => (el as HTMLElement).style.left),
    ).toBe('162px');
    await page.mouse.move(box.x + 60, box.y + 50);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 50);
    await page.mouse.up();
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
});
