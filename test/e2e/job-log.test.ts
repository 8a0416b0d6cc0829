import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobTrace } from '../../src/shared/api/jobTrace';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { commitCiConfig, instanceRunnerToken } from '../support/ci';
import { fakeRunner } from '../support/fake-runner';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const E = '\x1b';
const LINES = 200_000;
/** A page draws the rows in view and a margin around them, never the whole log. */
const MAX_LINE_NODES = 200;
/** A running job's page reads its log every 3 seconds. */
const POLLED = { timeout: 10_000 };

describe('the job log', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let owner: TestUser;
  let project: ProjectContext;
  let runner: ReturnType<typeof fakeRunner>;
  let page: Page;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    project = await buildProject(t.container, owner);
    runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
    await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      'big:\n  script: [make]\nlive:\n  script: [make]\n',
    );
    baseUrl = await t.listen();
    browser = await launchBrowser();
    page = await signedInPage(browser, baseUrl, owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Sends `text` as the job's log from `offset`, in pieces as a runner does; answers the new end. */
  async function send(job: { id: number; token: string }, text: string, offset = 0): Promise<number> {
    const bytes = Buffer.from(text);
    const PIECE = 512 * 1024;
    for (let at = 0; at < bytes.length; at += PIECE) {
      // Pieces cut at a byte, as a runner's are; the log's text is ASCII here.
      const piece = bytes.subarray(at, at + PIECE).toString('latin1');
      const response = await runner.log(job, piece, offset + at);
      expect(response.statusCode, response.body).toBe(202);
    }
    return offset + bytes.length;
  }

  const lineNodes = () => page.locator('.ci-log__line').count();

  it('draws only the lines in view of a 200,000-line log, and finds a line far down by scrolling', async () => {
    const job = await runner.take();
    const lines = [
      `${start('setup', '[collapsed=true]')}${E}[36;1mPreparing${E}[0;m`,
      'inside setup',
      end('setup'),
    ];
    for (let i = 4; i <= LINES; i++) lines.push(`${E}[32mline ${i}${E}[0m of the long log`);
    await send(job, `${lines.join('\n')}\n`);
    await runner.finish(job, 'success');

    await page.goto(`/${project.fullPath}/-/jobs/${job.id}`);
    const log = page.getByRole('log', { name: 'Job log' });
    await log.getByText('line 4 of the long log', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await lineNodes()).toBeLessThan(MAX_LINE_NODES);
    // Colours stay: the line's number is green.
    expect(await log.locator('.ansi-green-fg', { hasText: /^line 5$/ }).count()).toBe(1);
    // The collapsed section opens and closes as before.
    const header = log.getByRole('button', { name: /Preparing/ });
    expect(await header.getAttribute('aria-expanded')).toBe('false');
    await header.click();
    await log.getByText('inside setup', { exact: true }).waitFor();
    await header.click();
    await expect.poll(() => log.getByText('inside setup', { exact: true }).count()).toBe(0);

    // The page is as tall as the whole log; a line far down is there once scrolled to.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(LINES * 19);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight * 0.75 }));
    await expect.poll(() => log.locator('.ci-log__number').first().innerText()).not.toBe('1');
    const first = Number(await log.locator('.ci-log__number').first().innerText());
    expect(first).toBeGreaterThan(140_000);
    expect(await lineNodes()).toBeLessThan(MAX_LINE_NODES);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
    await log.getByText(`line ${LINES} of the long log`, { exact: true }).waitFor();
    expect(await lineNodes()).toBeLessThan(MAX_LINE_NODES);
    await screenshot(page, 'job-log-200k-end', { fullPage: false });
  });

  it('appends a running job’s new lines, reading the log only from where it left off', async () => {
    const job = await runner.take();
    const reads: { url: string; trace: JobTrace }[] = [];
    page.on('response', (response) => {
      if (!response.url().includes(`/-/jobs/${job.id}/trace.json`)) return;
      void response
        .json()
        .then((trace: JobTrace) => reads.push({ url: response.url(), trace }))
        .catch(() => undefined);
    });
    let offset = await send(job, `${E}[33mfirst line${E}[0m\nsecond line\n`);
    await page.goto(`/${project.fullPath}/-/jobs/${job.id}`);
    const log = page.getByRole('log', { name: 'Job log' });
    await log.getByText('second line', { exact: true }).waitFor();

    offset = await send(job, 'third line\n', offset);
    await log.getByText('third line', { exact: true }).waitFor(POLLED);
    await send(job, 'fourth line\n', offset);
    await runner.finish(job, 'success');
    await log.getByText('fourth line', { exact: true }).waitFor(POLLED);
    // Each line once, in order: appended, not drawn again nor twice.
    expect(await log.locator('.ci-log__text').allInnerTexts()).toEqual([
      'first line',
      'second line',
      'third line',
      'fourth line',
    ]);
    // After the first read, each asked from where the last ended and carried only what was new.
    const first = reads[0]!;
    expect(first.url).not.toContain('state=');
    const later = reads.slice(1);
    expect(later.length).toBeGreaterThan(0);
    for (const read of later) {
      expect(read.url).toMatch(/state=\d+/);
      expect(read.trace.append).toBe(true);
      expect(read.trace.content).not.toContain('first line');
    }
    expect(later.map((read) => read.trace.content).join('')).toBe('third line\nfourth line\n');
    await screenshot(page, 'job-log-live');
  });
});

function start(name: string, options = ''): string {
  return `section_start:1700000000:${name}${options}\r${E}[0K`;
}
function end(name: string): string {
  return `section_end:1700000003:${name}\r${E}[0K`;
}
