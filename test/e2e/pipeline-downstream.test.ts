import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { pushFiles, waitUntil, FINISHED } from '../support/ci';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';

type PipelineJson = { id: number; status: string; source: string };

/** Five child pipelines: the graph shows three, then +2. */
const CONFIG = [
  'stages: [build, trigger]',
  'compile:',
  '  stage: build',
  '  script: [echo compile]',
  ...['alpha', 'beta', 'gamma', 'delta', 'epsilon'].flatMap((name) => [
    `${name}:`,
    '  stage: trigger',
    '  trigger:',
    `    include: ci/${name}.yml`,
    '    strategy: depend',
  ]),
].join('\n');

const childConfig = (name: string, fails: boolean) =>
  [`${name}-ok:`, '  script: [echo ok]', `${name}-manual:`, '  when: manual', '  script: [echo later]']
    .concat(fails ? [`${name}-broken:`, '  script: [exit 1]', '  allow_failure: true'] : [])
    .join('\n');

describe('downstream pipelines in the pipeline graph', () => {
  let suite: CiBrowserSuite;

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    suite.t.container.jobs.start((error) => console.error(error));
  });
  afterAll(async () => {
    await suite?.t.container.jobs.stop();
    await suite?.stop();
  });

  it('shows the bridges in their stage, three downstream pipelines then +2, each expandable to its jobs; a child links to its upstream', async () => {
    const { page, project, owner, baseUrl } = suite;
    const files = Object.fromEntries(
      ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((name) => [
        `ci/${name}.yml`,
        childConfig(name, name === 'alpha'),
      ]),
    );
    const sha = await pushFiles(baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': CONFIG, ...files });
    const all = await waitUntil(
      () => suite.api<PipelineJson[]>(`/pipelines?sha=${sha}`),
      (list) => list.length === 6 && FINISHED.includes(list.find((p) => p.source === 'push')?.status ?? ''),
      90_000,
    );
    const parent = all.find((p) => p.source === 'push')!;
    await page.goto(`/${project.fullPath}/-/pipelines/${parent.id}`);
    const graph = page.getByRole('group', { name: 'Pipeline graph' });
    const trigger = graph.getByRole('region', { name: 'Stage trigger' });
    await trigger.getByRole('link', { name: /alpha/ }).waitFor();
    const downstream = graph.getByRole('region', { name: 'Downstream' });
    await downstream.getByRole('listitem').first().waitFor();
    expect(await downstream.getByRole('listitem').count()).toBe(3);
    const more = downstream.getByRole('button', { name: 'Show 2 more downstream pipelines' });
    expect(await more.textContent()).toBe('+2');
    await screenshot(page, 'pipeline-downstream-collapsed');

    await more.click();
    expect(await downstream.getByRole('listitem').count()).toBe(5);
    await downstream
      .getByRole('button', { name: /Expand jobs of downstream pipeline/ })
      .first()
      .click();
    const jobs = downstream.getByRole('list', { name: /Jobs of downstream pipeline/ });
    await jobs.getByRole('link').first().waitFor();
    // Failed first, then manual, then success.
    expect(await jobs.getByRole('link').allTextContents()).toEqual([
      'alpha-broken',
      'alpha-manual',
      'alpha-ok',
    ]);
    await screenshot(page, 'pipeline-downstream-expanded');

    await downstream.getByRole('link', { name: /alpha/ }).first().click();
    const upstream = page.getByRole('region', { name: 'Upstream' });
    await upstream.getByRole('link').waitFor();
    expect(await upstream.getByRole('link').getAttribute('href')).toBe(
      `/${project.fullPath}/-/pipelines/${parent.id}`,
    );
    expect(await upstream.textContent()).toContain('alpha');
    await screenshot(page, 'pipeline-upstream');
  }, 180_000);
});
