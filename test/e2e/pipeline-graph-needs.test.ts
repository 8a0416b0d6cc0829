import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { pushFiles, waitUntil, FINISHED } from '../support/ci';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';

type PipelineJson = { id: number; status: string };

/**
 * Stages say one thing, needs another: `unit`, `deploy` and `package` start as soon as what they
 * need ends; `package` needs jobs on two rows, so its links curve.
 */
const CONFIG = [
  'stages: [build, test, deploy]',
  'compile:',
  '  stage: build',
  '  script: [echo compile]',
  'lint:',
  '  stage: build',
  '  script: [echo lint]',
  'unit:',
  '  stage: test',
  '  needs: [compile]',
  '  script: [echo unit]',
  'e2e:',
  '  stage: test',
  '  needs: [compile, unit]',
  '  script: [echo e2e]',
  'deploy:',
  '  stage: deploy',
  '  needs: [lint]',
  '  script: [echo deploy]',
  'package:',
  '  stage: deploy',
  '  needs: [compile, lint]',
  '  script: [echo package]',
].join('\n');

describe('the pipeline graph grouped by job dependencies', () => {
  let suite: CiBrowserSuite;
  let pipelinePath: string;

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    const { project, owner, baseUrl } = suite;
    const sha = await pushFiles(baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': CONFIG });
    const [pipeline] = await waitUntil(
      () => suite.api<PipelineJson[]>(`/pipelines?sha=${sha}`),
      (list) => list.length === 1 && FINISHED.includes(list[0]!.status),
      90_000,
    );
    pipelinePath = `/${project.fullPath}/-/pipelines/${pipeline!.id}`;
  }, 150_000);
  afterAll(async () => {
    await suite?.stop();
  });

  it('switches from stage columns to columns of needs with "Group jobs by: Stage | Job dependencies"', async () => {
    const { page } = suite;
    await page.goto(pipelinePath);
    const graph = page.getByRole('group', { name: 'Pipeline graph' });
    const column = async (name: string) =>
      (await graph.getByRole('region', { name }).getByRole('link').allTextContents()).sort();
    await graph.getByRole('region', { name: 'Stage test' }).getByRole('link').first().waitFor();
    expect(await column('Stage test')).toEqual(['e2e', 'unit']);

    await page.getByText('Group jobs by', { exact: true }).waitFor();
    const view = page.locator('.ci-graph-view');
    expect(await view.getByRole('button').allTextContents()).toEqual(['Stage', 'Job dependencies']);
    await view.getByRole('button', { name: 'Job dependencies' }).click();
    await graph.getByRole('region', { name: 'Layer 3' }).waitFor();
    expect(await column('Layer 1')).toEqual(['compile', 'lint']);
    expect(await column('Layer 2')).toEqual(['deploy', 'package', 'unit']);
    expect(await column('Layer 3')).toEqual(['e2e']);
    expect(await graph.getByRole('region', { name: /^Stage / }).count()).toBe(0);
    await screenshot(page, 'pipeline-graph-job-dependencies');

    await view.getByRole('button', { name: 'Stage' }).click();
    await graph.getByRole('region', { name: 'Stage deploy' }).waitFor();
    expect(await column('Stage deploy')).toEqual(['deploy', 'package']);
  }, 60_000);

  it('draws links from needed jobs to the jobs that need them with "Show dependencies", and a hover highlights the needs chain', async () => {
    const { page } = suite;
    await page.goto(pipelinePath);
    const view = page.locator('.ci-graph-view');
    await view.getByRole('button', { name: 'Job dependencies' }).click();
    const toggle = view.getByRole('button', { name: 'Show dependencies' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await page.getByText('Tip: Hover over a job to see the jobs it depends on to run.').waitFor();

    const graph = page.getByRole('group', { name: 'Pipeline graph' });
    const paths = graph.locator('svg.ci-links path');
    await paths.nth(4).waitFor({ state: 'attached' });
    const arrows = async (selector: string) =>
      (
        await graph
          .locator(`svg.ci-links path${selector}`)
          .evaluateAll((found) => found.map((path) => `${path.dataset.source}>${path.dataset.target}`))
      ).sort();
    // compile -> e2e is not drawn: compile -> unit -> e2e shows it.
    expect(await arrows('')).toEqual([
      'compile>package',
      'compile>unit',
      'lint>deploy',
      'lint>package',
      'unit>e2e',
    ]);
    // Each link starts at the middle of the needed job's right edge and ends at the needing job's
    // left edge: the worst distance from there, in pixels.
    const worstEndOffset = () =>
      graph.locator('.ci-links-container').evaluate((container) => {
        const origin = container.getBoundingClientRect();
        const box = (name: string) =>
          container.querySelector(`[data-job-name="${name}"]`)!.getBoundingClientRect();
        const offsets = [...container.querySelectorAll<SVGPathElement>('svg.ci-links path')].flatMap(
          (path) => {
            const numbers = (path.getAttribute('d') ?? '').match(/-?[\d.]+/g)!.map(Number);
            const [source, target] = [box(path.dataset.source!), box(path.dataset.target!)];
            return [
              numbers[0]! - (source.right - origin.left),
              numbers[1]! - (source.top + source.height / 2 - origin.top),
              numbers.at(-2)! - (target.left - origin.left),
              numbers.at(-1)! - (target.top + target.height / 2 - origin.top),
            ];
          },
        );
        return Math.max(...offsets.map(Math.abs));
      });
    expect(await worstEndOffset()).toBeLessThan(1);
    await screenshot(page, 'pipeline-graph-needs-links');
    // Taller job items move the rows: the links are drawn again on the new layout.
    await page.addStyleTag({ content: '.ci-job-item { padding-block: 20px; }' });
    await expect.poll(worstEndOffset).toBeLessThan(1);
    // And again after the view is left and chosen again.
    await view.getByRole('button', { name: 'Stage' }).click();
    await graph.getByRole('region', { name: 'Stage deploy' }).waitFor();
    expect(await paths.count()).toBe(0);
    await view.getByRole('button', { name: 'Job dependencies' }).click();
    await paths.nth(4).waitFor({ state: 'attached' });
    expect(await worstEndOffset()).toBeLessThan(1);

    const faded = async () =>
      (await graph.locator('.ci-job-item--faded .ci-job-item__name').allTextContents()).sort();
    await graph.locator('[data-job-name="e2e"] a').hover();
    await graph.locator('svg.ci-links path.ci-link--highlighted').nth(1).waitFor({ state: 'attached' });
    expect(await arrows('.ci-link--highlighted')).toEqual(['compile>unit', 'unit>e2e']);
    expect(await arrows('.ci-link--faded')).toEqual(['compile>package', 'lint>deploy', 'lint>package']);
    expect(await faded()).toEqual(['deploy', 'lint', 'package']);
    await screenshot(page, 'pipeline-graph-needs-links-hover');

    // The keyboard focus does what a hover does.
    await page.mouse.move(0, 0);
    await graph.locator('[data-job-name="deploy"] a').focus();
    await graph.locator('svg.ci-links path.ci-link--highlighted').first().waitFor({ state: 'attached' });
    expect(await arrows('.ci-link--highlighted')).toEqual(['lint>deploy']);
    expect(await faded()).toEqual(['compile', 'e2e', 'package', 'unit']);
    await graph.locator('[data-job-name="deploy"] a').blur();
    await graph.locator('.ci-job-item--faded').first().waitFor({ state: 'detached' });
    expect(await arrows('.ci-link--faded')).toEqual([]);

    // The view is kept for the next visit, as GitLab keeps it; the links start off again.
    await page.reload();
    await graph.getByRole('region', { name: 'Layer 3' }).waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await paths.count()).toBe(0);
  }, 60_000);
});
