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

  it('opens a downstream pipeline of the mini graph as a dropdown of its jobs, and says when they cannot be read', async () => {
    const { page, project, owner, baseUrl, t } = suite;
    const sha = await pushFiles(
      baseUrl,
      project.fullPath,
      owner,
      { 'notes.txt': 'a change to review' },
      { branch: 'feature' },
    );
    const all = await waitUntil(
      () => suite.api<PipelineJson[]>(`/pipelines?sha=${sha}`),
      (list) => list.length === 6 && FINISHED.includes(list.find((p) => p.source === 'push')?.status ?? ''),
      90_000,
    );
    const children = all.filter((p) => p.source !== 'push');
    const firstJobOf = async (id: number) =>
      (await suite.api<Array<{ name: string }>>(`/pipelines/${id}/jobs`))[0]!.name;
    const named = await Promise.all(
      children.map(async (child) => ({ id: child.id, name: (await firstJobOf(child.id)).split('-')[0]! })),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/merge_requests`,
      headers: owner.headers,
      payload: { source_branch: 'feature', target_branch: 'main', title: 'Review notes' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await page.goto(`/${project.fullPath}/-/merge_requests/${created.json<{ iid: number }>().iid}`);
    const section = page.getByRole('region', { name: 'Pipeline', exact: true });
    const downstream = section.getByRole('list', { name: 'Downstream pipelines' });
    await downstream.getByRole('button').first().waitFor({ timeout: 30_000 });
    // Three dropdowns, then +2 linking to the pipeline page.
    expect(await downstream.getByRole('button').count()).toBe(3);
    expect(await downstream.getByRole('link', { name: '+2' }).getAttribute('href')).toMatch(
      /\/-\/pipelines\/\d+$/,
    );

    const labels = await downstream
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    const shownIds = labels.map((label) => Number(/#(\d+)/.exec(label)![1]));
    const alpha = named.find((child) => child.name === 'alpha')!;
    const other = named.find((child) => child.name !== 'alpha' && shownIds.includes(child.id))!;
    expect(shownIds).toContain(alpha.id);

    await downstream.getByRole('button', { name: new RegExp(`^Downstream pipeline #${alpha.id} `) }).click();
    const jobs = page.getByRole('dialog', { name: `Jobs of downstream pipeline #${alpha.id}` });
    await jobs.getByRole('link').first().waitFor();
    // Failed first, then manual, then success.
    expect(await jobs.getByRole('link').allTextContents()).toEqual([
      'alpha-broken',
      'alpha-manual',
      'alpha-ok',
    ]);
    const list = jobs.getByRole('list', { name: `Jobs of downstream pipeline #${alpha.id}` });
    expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('310px');
    await screenshot(page, 'mini-graph-downstream-dropdown', { fullPage: false });
    await page.screenshot({ path: '/work/wt/mini-graph.png' });
    await jobs.getByRole('button', { name: 'Run alpha-manual' }).click();
    await waitUntil(
      () => suite.api<Array<{ name: string; status: string }>>(`/pipelines/${alpha.id}/jobs`),
      (list) => list.some((job) => job.name === 'alpha-manual' && job.status !== 'manual'),
    );
    await page.keyboard.press('Escape');
    await jobs.waitFor({ state: 'hidden' });

    // The network fails under the next dropdown's reads (deleting the pipeline instead would take
    // its dropdown away: the widget hears of the deletion and draws the rest).
    await page.route('**/api/graphql', (route) =>
      route.request().postData()?.includes('getDownstreamPipelineJobs')
        ? route.abort('failed')
        : route.fallback(),
    );
    await downstream.getByRole('button', { name: new RegExp(`^Downstream pipeline #${other.id} `) }).click();
    await page
      .getByRole('dialog', { name: `Jobs of downstream pipeline #${other.id}` })
      .getByRole('alert')
      .getByText('There was a problem fetching the downstream pipeline jobs.', { exact: true })
      .waitFor({ timeout: 30_000 });
  }, 180_000);
});
