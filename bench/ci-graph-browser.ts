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
    };
    try {
      const context = await newContext(browser, address);
      const page = await context.newPage();
      await signIn(page, owner.username, owner.password);
      await page.addInitScript(PAGE_PROBES);
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
