// Whole or virtualized: the Changes tab's file list rendered both ways on the same diffs, in
// headless Chromium, to place the line between the two (WHOLE_LIST_MAX_FILES / _ROWS).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { build, type Plugin } from 'vite';
import { buildUser } from '../test/support/factories';
import { launchBrowser, newContext } from '../test/support/browser';
import { endsBatches } from '../test/support/changes-tab';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createContainer } from '../src/server/container';
import { openDeps } from '../src/server/start';
import { heapMiB, interaction, median, PAGE_PROBES } from './browser';
import { mergeRequestOn } from './fixtures';

export type ListMode = 'whole' | 'virtualized';

export type ListFigures = {
  files: number;
  rows: number;
  mode: ListMode;
  /** Navigation to the frame that first holds a diff row, median of 4 loads. */
  firstRowMs: number;
  /** Main-thread time past 50 ms in each long task, navigation to a second after the last batch, median. */
  blockingMs: number;
  longestTaskMs: number;
  /** Collapse then expand the first file, input to next paint (Event Timing), median of 5 each. */
  collapseMs: number;
  expandMs: number;
  /** The longest frame while the page scrolls to its end a viewport per frame. */
  scrollFrameMs: number;
  domNodes: number;
  heapMiB: number;
};

/** files x changed lines per file (added + removed): from the six-file merge request up to XL's shape. */
const SIZES: Array<[number, number]> = [
  [6, 20],
  [10, 20],
  [10, 40],
  [50, 4],
  [20, 20],
  [20, 30],
  [100, 2],
  [20, 50],
  [50, 40],
];
const LOADS = 4;
const MODES: ListMode[] = ['whole', 'virtualized'];

/** Long tasks, recorded from the page's first byte. */
const LONG_TASK_PROBE = () => {
  const tasks: number[] = [];
  (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
};

/** Sets both limits in the build: Infinity renders every list whole, -1 virtualizes every list. */
function listModePlugin(mode: ListMode): Plugin {
  return {
    name: 'bench-list-mode',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('features/diffs/fileListWindow.ts')) return null;
      const limit = mode === 'whole' ? 'Infinity' : '-1';
      const changed = code.replace(/(WHOLE_LIST_MAX_(?:FILES|ROWS)) = [\d_]+;/g, `$1 = ${limit};`);
      if (changed === code) throw new Error('fileListWindow.ts no longer declares the limits');
      return changed;
    },
  };
}

async function buildFor(mode: ListMode, outDir: string): Promise<void> {
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    plugins: [listModePlugin(mode)],
    build: { outDir, emptyOutDir: true },
  });
}

/** Serves the pages and scripts of `dir`'s build to the context; the server answers the rest. */
async function serveBuild(context: BrowserContext, dir: string): Promise<void> {
  await context.route(
    (url) => url.pathname.startsWith('/assets/'),
    (route) => route.fulfill({ path: path.join(dir, new URL(route.request().url()).pathname) }),
  );
  await context.route('**/*', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ path: path.join(dir, 'index.html') })
      : route.fallback(),
  );
}

/** Scrolls to the end of the page a viewport per frame; the longest frame. */
const scrollThrough = (page: Page) =>
  page.evaluate(async () => {
    // No named functions in here: the bench's loader would wrap them in a helper the page lacks.
    window.scrollTo(0, 0);
    let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    let longest = 0;
    for (let y = 0; y < document.documentElement.scrollHeight - window.innerHeight; y += window.innerHeight) {
      window.scrollTo(0, y + window.innerHeight);
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      longest = Math.max(longest, now - last);
      last = now;
    }
    return longest;
  });

export async function measureDiffList(): Promise<ListFigures[]> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bench-diff-list-'));
  const dirs: Record<ListMode, string> = {
    whole: path.join(tmp, 'whole'),
    virtualized: path.join(tmp, 'virtualized'),
  };
  for (const mode of ['whole', 'virtualized'] as const) await buildFor(mode, dirs[mode]);
  if (!existsSync(path.join(dirs.whole, 'index.html'))) throw new Error('no web build');

  const config = loadConfig({ DATA_DIR: tmp, SEED_DEMO: 'false', RUNNER: 'none', LOG_LEVEL: 'warn' });
  const deps = await openDeps(config);
  const container = createContainer(deps);
  const app = await buildApp(deps, { container });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchBrowser();
  const figures: ListFigures[] = [];
  try {
    const owner = await buildUser(container);
    for (const [files, changed] of SIZES) {
      const mr = await mergeRequestOn(container, owner, files, changed);
      // Every file highlighted before the first load, so both modes read the same batches.
      const meta = await app.inject({ url: `${mr.url}/diffs_metadata.json`, headers: owner.headers });
      const listed = meta.json<{ diff_files: Array<{ added_lines: number; removed_lines: number }> }>();
      for (let offset = 0; offset < files; offset += 30)
        await app.inject({
          url: `${mr.url}/diffs_batch.json?page=${offset}&per_page=30`,
          headers: owner.headers,
        });
      while (container.diffs.pendingHighlights() > 0)
        await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = listed.diff_files.reduce((sum, f) => sum + f.added_lines + f.removed_lines + 6, 0);

      const open = async (mode: ListMode) => {
        const context = await newContext(browser, address);
        await serveBuild(context, dirs[mode]);
        await context.addInitScript(PAGE_PROBES);
        await context.addInitScript(LONG_TASK_PROBE);
        const page = await context.newPage();
        const allIn = page.waitForResponse(endsBatches, { timeout: 120_000 });
        await page.goto(`${mr.url}/diffs`);
        await allIn;
        await page.waitForTimeout(1000);
        const { firstRow, tasks } = await page.evaluate(() => ({
          firstRow: (window as unknown as { __bench: { firstRow: number } }).__bench.firstRow,
          tasks: (window as unknown as { __longTasks: number[] }).__longTasks,
        }));
        const load = {
          firstRow,
          blocking: tasks.reduce((sum, task) => sum + Math.max(0, task - 50), 0),
          longest: Math.max(0, ...tasks),
        };
        return { page, load };
      };
      // The modes take turns at going first, so neither is always the one on a cold page.
      const loads: Record<ListMode, Array<{ firstRow: number; blocking: number; longest: number }>> = {
        whole: [],
        virtualized: [],
      };
      for (let run = 0; run < LOADS; run++)
        for (const mode of run % 2 === 0 ? MODES : [...MODES].reverse()) {
          const { page, load } = await open(mode);
          loads[mode].push(load);
          await page.context().close();
        }
      for (const mode of MODES) {
        const { page } = await open(mode);
        const file = page.locator('section.diff-file').first();
        const name = (await file.getAttribute('aria-label'))!;
        const collapse: number[] = [];
        const expand: number[] = [];
        for (let run = 0; run < 5; run++) {
          collapse.push(await interaction(page, () => page.getByLabel(`Collapse ${name}`).click()));
          expand.push(await interaction(page, () => page.getByLabel(`Expand ${name}`).click()));
        }
        const scrollFrameMs = await scrollThrough(page);
        const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
        figures.push({
          files,
          rows,
          mode,
          firstRowMs: median(loads[mode].map((l) => l.firstRow)),
          blockingMs: median(loads[mode].map((l) => l.blocking)),
          longestTaskMs: median(loads[mode].map((l) => l.longest)),
          collapseMs: median(collapse),
          expandMs: median(expand),
          scrollFrameMs,
          domNodes,
          heapMiB: await heapMiB(page),
        });
        await page.context().close();
        console.log(JSON.stringify(figures.at(-1)));
      }
    }
    return figures;
  } finally {
    await browser.close();
    await app.close();
    await deps.close();
    await rm(tmp, { recursive: true, force: true });
  }
}
