// Issue 24's graph figure: the pipeline page of a 500-job pipeline in headless Chromium, each
// interaction timed as INP times it, next to a static page of the same graph on the same server.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { buildApp, webDistDir } from '../src/server/app';
import { launchBrowser, newContext, signIn } from '../test/support/browser';
import { pushFiles, waitUntil } from '../test/support/ci';
import { buildProject } from '../test/support/factories';
import { EVENT_TIMING_THRESHOLD_MS, PAGE_PROBES, ensureWebBuild, interaction } from './browser';
import { largeConfig } from './ci';
import { withBenchServer } from './server';

const FLOOR_PAGE = 'bench-graph-floor.html';
const RUNS = 3;
const JOBS = 500;

export type GraphFigures = {
  jobs: number;
  /** Worst of the runs, each an Event Timing duration (input to the next paint). */
  toJobsTabMs: number;
  toGraphTabMs: number;
  /** A click on the static page's job item (nothing to do): what the browser itself costs. */
  floorMs: number;
  /** Navigation to the frame holding every job item, first load. */
  graphShownMs: number;
  /** "Job dependencies": the same job items in columns of needs. */
  toLayerViewMs: number;
  /** "Show dependencies" on: at 500 jobs, GitLab's warning instead of the links. */
  showLinksMs: number;
  /** "Show links anyways": the click's own paint, the links following in their own render. */
  linksDrawnMs: number;
  /** From that click until the links are in the page, as the test driver sees it (no target). */
  linksOnScreenMs: number;
  links: number;
  /** A hover on a job of the last column: its needs chain highlighted, the rest faded (worst of the runs). */
  hoverMs: number;
  /** Tab from one job of the last column to the next: the focus highlights as a hover does. */
  focusMs: number;
};

type Stage = { name: string; jobs: Array<{ name: string; status: string }> };

/** The floor: the same stages and job items as links in plain HTML, no script. */
function floorHtml(stages: Stage[]): string {
  const columns = stages.map(
    (stage) =>
      `<section class="stage"><h3>${stage.name}</h3><ul>${stage.jobs
        .map((job) => `<li><a class="ci-job-item" href="#${job.name}">${job.status} ${job.name}</a></li>`)
        .join('')}</ul></section>`,
  );
  return `<!doctype html><html><head><meta charset="utf-8"><title>Floor</title><style>
body{font-family:sans-serif}.graph{display:flex;gap:16px}ul{list-style:none;padding:0}
.ci-job-item{display:block;border:1px solid #d0d7de;border-radius:16px;padding:4px 8px;margin:4px 0}
</style></head><body><div class="graph">${columns.join('')}</div></body></html>`;
}

/**
 * A pointer move is no interaction for INP: its own Event Timing entries (mouseover, pointerover)
 * are recorded here, the longest one for a hover; none reported means under the threshold.
 */
const HOVER_PROBE = () => {
  const hovers: number[] = [];
  (window as unknown as { __hovers: number[] }).__hovers = hovers;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'mouseover' || entry.name === 'pointerover') hovers.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
};

async function hover(page: Page, name: string): Promise<number> {
  const hovers = () => page.evaluate(() => (window as unknown as { __hovers: number[] }).__hovers);
  const seen = (await hovers()).length;
  await page.locator(`[data-job-name="${name}"] a`).hover();
  await page
    .locator(`[data-job-name="${name}"]`)
    .page()
    .locator('.ci-link--highlighted')
    .first()
    .waitFor({ state: 'attached' });
  await page.waitForTimeout(300);
  return Math.max(EVENT_TIMING_THRESHOLD_MS, ...(await hovers()).slice(seen));
}

const everyJobItem = (page: Page) =>
  page.waitForFunction((count) => document.querySelectorAll('.ci-job-item').length >= count, JOBS, {
    timeout: 120_000,
  });

export function measurePipelineGraph(): Promise<GraphFigures> {
  return withBenchServer('ci-graph', async ({ deps, container, app: fixtureApp, owner }) => {
    await ensureWebBuild();
    const fixtureAddress = await fixtureApp.listen({ port: 0, host: '127.0.0.1' });
    const project = await buildProject(container, owner);
    const sha = await pushFiles(fixtureAddress, project.fullPath, owner, {
      '.gitlab-ci.yml': largeConfig(JOBS),
    });
    const api = `/api/v4/projects/${project.project.id}`;
    const [pipeline] = await waitUntil(
      async () =>
        (await fixtureApp.inject({ url: `${api}/pipelines?sha=${sha}`, headers: owner.headers })).json<
          Array<{ id: number }>
        >(),
      (list) => list.length > 0,
    );
    const stages = new Map<string, Stage>();
    for (let page = 1; page <= JOBS / 100; page++) {
      const jobs = (
        await fixtureApp.inject({
          url: `${api}/pipelines/${pipeline!.id}/jobs?per_page=100&page=${page}`,
          headers: owner.headers,
        })
      ).json<Array<{ name: string; stage: string; status: string }>>();
      for (const job of jobs) {
        const stage = stages.get(job.stage) ?? { name: job.stage, jobs: [] };
        stage.jobs.push(job);
        stages.set(job.stage, stage);
      }
    }
    await writeFile(path.join(webDistDir, FLOOR_PAGE), floorHtml([...stages.values()]));
    // A second app: the static plugin serves the files it finds when it registers.
    const app = await buildApp(deps, { container });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await launchBrowser();
    const figures: GraphFigures = {
      jobs: JOBS,
      toJobsTabMs: 0,
      toGraphTabMs: 0,
      floorMs: 0,
      graphShownMs: 0,
      toLayerViewMs: 0,
      showLinksMs: 0,
      linksDrawnMs: 0,
      linksOnScreenMs: 0,
      links: 0,
      hoverMs: 0,
      focusMs: 0,
    };
    try {
      const context = await newContext(browser, address);
      const page = await context.newPage();
      await signIn(page, owner.username, owner.password);
      await page.addInitScript(PAGE_PROBES);
      await page.addInitScript(HOVER_PROBE);
      await page.goto(`/${project.fullPath}/-/pipelines/${pipeline!.id}`);
      await everyJobItem(page);
      figures.graphShownMs = await page.evaluate(() => performance.now());
      for (let run = 0; run < RUNS; run++) {
        const jobsTab = await interaction(page, () =>
          page
            .getByRole('navigation', { name: 'Pipeline tabs' })
            .getByRole('link', { name: /^Jobs/ })
            .click(),
        );
        await page
          .locator('table tbody tr')
          .nth(JOBS - 1)
          .waitFor({ state: 'attached' });
        const graphTab = await interaction(page, () =>
          page
            .getByRole('navigation', { name: 'Pipeline tabs' })
            .getByRole('link', { name: 'Pipeline', exact: true })
            .click(),
        );
        await everyJobItem(page);
        figures.toJobsTabMs = Math.max(figures.toJobsTabMs, jobsTab);
        figures.toGraphTabMs = Math.max(figures.toGraphTabMs, graphTab);
      }
      const view = page.locator('.ci-graph-view');
      figures.toLayerViewMs = await interaction(page, () =>
        view.getByRole('button', { name: 'Job dependencies' }).click(),
      );
      await page.getByRole('region', { name: 'Layer 10' }).waitFor();
      figures.showLinksMs = await interaction(page, () =>
        view.getByRole('button', { name: 'Show dependencies' }).click(),
      );
      const anyways = performance.now();
      figures.linksDrawnMs = await interaction(page, () =>
        page.getByRole('button', { name: 'Show links anyways' }).click(),
      );
      await page.locator('svg.ci-links path').first().waitFor({ state: 'attached' });
      // The click paints first (as GitLab's switch does); the links follow in a render of their own.
      figures.linksOnScreenMs = performance.now() - anyways;
      figures.links = await page.locator('svg.ci-links path').count();
      const perStage = JOBS / 10;
      for (let run = 0; run < RUNS; run++) {
        figures.hoverMs = Math.max(figures.hoverMs, await hover(page, `job-9-${run * 10}`));
        await page.mouse.move(0, 0);
        await page.locator(`[data-job-name="job-9-${perStage - 2 - run}"] a`).focus();
        const focus = await interaction(page, () => page.keyboard.press('Tab'));
        figures.focusMs = Math.max(figures.focusMs, focus);
      }
      await page.goto(`/${FLOOR_PAGE}`);
      await everyJobItem(page);
      figures.floorMs = EVENT_TIMING_THRESHOLD_MS;
      for (let run = 0; run < RUNS; run++) {
        const floor = await interaction(page, () =>
          page
            .locator('.ci-job-item')
            .nth(run * 50)
            .click(),
        );
        figures.floorMs = Math.max(figures.floorMs, floor);
      }
      await context.close();
    } finally {
      await browser.close();
      await app.close();
    }
    return figures;
  });
}
