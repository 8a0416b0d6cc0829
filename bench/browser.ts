// The Changes tab in headless Chromium: what a reader waits for, next to a static page of the same files.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, signIn } from '../test/support/browser';
import { endsBatches } from '../test/support/changes-tab';
import { ADD_COMMENT_HINT } from '../src/web/features/diffs/lineRange';
import type { DiffsBatch } from '../src/shared/api/diffs';
import { buildApp, webDistDir } from '../src/server/app';
import type { AppDeps, Container } from '../src/server/container';

export type BrowserFigures = {
  /** L: navigation to the frame that first holds a diff row, median of the runs. */
  lFirstRowMs: number;
  lLcpMs: number;
  floorFirstRowMs: number;
  floorLcpMs: number;
  /** The static page: a click on a row to the next paint (nothing to do), worst of 3, as Event Timing reports it. */
  floorInteractionMs: number;
  floorHeapMiB: number;
  floorDomNodes: number;
  /** XL, once every batch is in: each interaction's Event Timing duration (INP's), worst of 3 (6 for reviewed). */
  xlCollapseMs: number;
  xlExpandMs: number;
  xlReviewedMs: number;
  /** A click on a line's comment button to the paint that shows the new comment form. */
  xlCommentFormMs: number;
  xlAllLoadedMs: number;
  xlHeapMiB: number;
  xlDomNodes: number;
  hugeLineShownMs: number;
  hugeLineHeapMiB: number;
};

const RUNS = 3;
const FLOOR_PAGE = 'bench-floor.html';

/**
 * Records, from the page's first byte, the frame that first holds a diff row, the LCP entries,
 * and each interaction's duration as the browser measures it for INP (Event Timing: from the
 * input to the paint of the frame that follows its handlers, the longest of its events).
 */
export const PAGE_PROBES = () => {
  const bench = { firstRow: -1, lcp: -1, interactions: {} as Record<number, number> };
  (window as unknown as { __bench: typeof bench }).__bench = bench;
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.diff-line--new')) return;
    observer.disconnect();
    requestAnimationFrame((time) => (bench.firstRow = time));
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
      const id = entry.interactionId;
      if (id) bench.interactions[id] = Math.max(bench.interactions[id] ?? 0, entry.duration);
    }
    // The threshold is EVENT_TIMING_THRESHOLD_MS, written out: this function runs in the page.
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

/** The shortest duration Event Timing reports: a quicker interaction is counted as this long. */
export const EVENT_TIMING_THRESHOLD_MS = 16;

type Probe = { firstRow: number; lcp: number; interactions: Record<number, number> };
const probe = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);

/** The floor: the same first 20 files' highlighted rows as plain HTML, no script at all. */
function floorHtml(batch: DiffsBatch): string {
  const files = batch.diff_files.map((file) => {
    const rows = file.highlighted_diff_lines.map((line) => {
      const kind = line.type === 'new' ? ' diff-line--new' : line.type === 'old' ? ' diff-line--old' : '';
      return `<tr class="diff-line${kind}"><td>${line.old_line ?? ''}</td><td>${line.new_line ?? ''}</td><td><pre>${line.rich_text}</pre></td></tr>`;
    });
    return `<section><h2>${file.new_path_html}</h2><table>${rows.join('')}</table></section>`;
  });
  return `<!doctype html><html><head><meta charset="utf-8"><title>Floor</title><style>
body{font-family:sans-serif}pre{margin:0;font:12px monospace}.diff-line--new{background:#e6ffec}
.diff-line--old{background:#ffebe9}.k{color:#cf222e}.s{color:#0a3069}
.c{color:#6e7781}</style></head><body>${files.join('')}</body></html>`;
}

let built: Promise<void> | null = null;

/**
 * Builds the web app into the bench's dist directory, once per bench run: a build left from an
 * earlier run would measure the web code as it was then.
 */
export function ensureWebBuild(): Promise<void> {
  built ??= buildWeb();
  return built;
}

function buildWeb(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], {
      env: { ...process.env, WEB_DIST_DIR: webDistDir },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited ${code}`))));
  });
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function heapMiB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0) / 2 ** 20;
}

/**
 * Clicks and returns the interaction's duration as the page's Event Timing reported it; one under
 * the reporting threshold reports nothing within a second and counts as the threshold.
 */
export async function interaction(page: Page, click: () => Promise<void>): Promise<number> {
  const seen = Object.keys((await probe(page)).interactions).length;
  await click();
  const reported = await page
    .waitForFunction(
      (count) => Object.keys((window as unknown as { __bench: Probe }).__bench.interactions).length > count,
      seen,
      { timeout: 1000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!reported) return EVENT_TIMING_THRESHOLD_MS;
  // A press and its release may reach the page in different frames: their entries come apart.
  await page.waitForTimeout(100);
  const durations = Object.entries((await probe(page)).interactions);
  // Interaction ids grow: the newest is this click's.
  return durations.sort(([a], [b]) => Number(a) - Number(b)).at(-1)![1];
}

/** Waits until the batch that ends the sequence (its files reach the diff's count) has been answered. */
const lastBatch = (page: Page) => page.waitForResponse(endsBatches, { timeout: 300_000 });

export async function measureBrowser(
  deps: AppDeps,
  container: Container,
  targets: { l: string; xl: string; huge: string; firstTwenty: string },
  /** Who opens comment forms on XL (commenting needs a signed-in reader). */
  reader: { username: string; password: string },
): Promise<BrowserFigures> {
  await ensureWebBuild();
  // Written before the app starts: the static plugin serves the files it finds when it registers.
  await writeFile(
    path.join(webDistDir, FLOOR_PAGE),
    floorHtml(JSON.parse(targets.firstTwenty) as DiffsBatch),
  );
  const app = await buildApp(deps, { container });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchBrowser();
  try {
    const open = async (url: string) => {
      const context = await newContext(browser, address);
      await context.addInitScript(PAGE_PROBES);
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(url);
      return { page, context, started };
    };
    const firstRow = async (url: string) => {
      const { page, context } = await open(url);
      await page.locator('.diff-line--new').first().waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.firstRow >= 0);
      await page.waitForTimeout(1000);
      const { firstRow: row, lcp } = await probe(page);
      await context.close();
      return { row, lcp };
    };

    const floor: Array<{ row: number; lcp: number }> = [];
    const l: Array<{ row: number; lcp: number }> = [];
    for (let run = 0; run < RUNS; run++) {
      floor.push(await firstRow(`/${FLOOR_PAGE}`));
      l.push(await firstRow(`${targets.l}/diffs`));
    }
    // The floor of the XL rows: the static page's clicks (nothing happens), heap and DOM.
    const floorPage = await open(`/${FLOOR_PAGE}`);
    await floorPage.page.locator('.diff-line--new').first().waitFor();
    const floorClicks: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const row = floorPage.page.locator('.diff-line--new').nth(run);
      floorClicks.push(await interaction(floorPage.page, () => row.click()));
    }
    const floorDomNodes = await floorPage.page.evaluate(() => document.getElementsByTagName('*').length);
    const floorHeapMiB = await heapMiB(floorPage.page);
    await floorPage.context.close();

    // XL: every batch in (the worst moment for heap and DOM), then interactions on the first file.
    // One cold load only: it is highlight-bound and the longest part of the bench.
    const xlContext = await newContext(browser, address);
    const page = await xlContext.newPage();
    await signIn(page, reader.username, reader.password);
    await xlContext.addInitScript(PAGE_PROBES);
    const allIn = lastBatch(page);
    const xlStarted = Date.now();
    await page.goto(`${targets.xl}/diffs`);
    await allIn;
    const xlAllLoadedMs = Date.now() - xlStarted;
    const file = page.locator('section.diff-file').first();
    const name = (await file.getAttribute('aria-label'))!;
    const collapse: number[] = [];
    const expand: number[] = [];
    const reviewed: number[] = [];
    const commentForm: number[] = [];
    const form = file.getByRole('form', { name: 'New comment' });
    for (let run = 0; run < RUNS; run++) {
      collapse.push(await interaction(page, () => page.getByLabel(`Collapse ${name}`).click()));
      expand.push(await interaction(page, () => page.getByLabel(`Expand ${name}`).click()));
      // Marking reviewed collapses the file; unmarking it expands it again.
      reviewed.push(await interaction(page, () => file.getByLabel('Viewed').click()));
      reviewed.push(await interaction(page, () => file.getByLabel('Viewed').click()));
      // A line's comment button opens the form under the line; Cancel closes it for the next run.
      const line = file.locator('tr.diff-line--new').nth(run);
      await line.hover();
      commentForm.push(
        await interaction(page, () => line.getByRole('button', { name: ADD_COMMENT_HINT }).click()),
      );
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'detached' });
    }
    const xlDomNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const xlHeapMiB = await heapMiB(page);
    await xlContext.close();

    // The 5 MB line: the page says the file is too large rather than trying to lay the line out.
    const huge = await open(`${targets.huge}/diffs`);
    await huge.page.getByText('The diff is too large to show.').first().waitFor({ timeout: 60_000 });
    const hugeLineShownMs = Date.now() - huge.started;
    const hugeLineHeapMiB = await heapMiB(huge.page);
    await huge.context.close();

    return {
      lFirstRowMs: median(l.map((run) => run.row)),
      lLcpMs: median(l.map((run) => run.lcp)),
      floorFirstRowMs: median(floor.map((run) => run.row)),
      floorLcpMs: median(floor.map((run) => run.lcp)),
      floorInteractionMs: Math.max(...floorClicks),
      floorHeapMiB,
      floorDomNodes,
      xlCollapseMs: Math.max(...collapse),
      xlExpandMs: Math.max(...expand),
      xlReviewedMs: Math.max(...reviewed),
      xlCommentFormMs: Math.max(...commentForm),
      xlAllLoadedMs,
      xlHeapMiB,
      xlDomNodes,
      hugeLineShownMs,
      hugeLineHeapMiB,
    };
  } finally {
    await browser.close();
    await app.close();
  }
}
