import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { pushFiles, waitUntil, FINISHED } from '../support/ci';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';

type PipelineJson = { id: number; status: string };

/** Stages say one thing, needs another: `unit` and `deploy` start as soon as what they need ends. */
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
].join('\n');

describe('the pipeline graph grouped by job dependencies', () => {
  let suite: CiBrowserSuite;

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
  });
  afterAll(async () => {
    await suite?.stop();
  });

  it('switches from stage columns to columns of needs with "Group jobs by: Stage | Job dependencies"', async () => {
    const { page, project, owner, baseUrl } = suite;
    const sha = await pushFiles(baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': CONFIG });
    const [pipeline] = await waitUntil(
      () => suite.api<PipelineJson[]>(`/pipelines?sha=${sha}`),
      (list) => list.length === 1 && FINISHED.includes(list[0]!.status),
      90_000,
    );
    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline!.id}`);
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
    expect(await column('Layer 2')).toEqual(['deploy', 'unit']);
    expect(await column('Layer 3')).toEqual(['e2e']);
    expect(await graph.getByRole('region', { name: /^Stage / }).count()).toBe(0);
    await screenshot(page, 'pipeline-graph-job-dependencies');

    await view.getByRole('button', { name: 'Stage' }).click();
    await graph.getByRole('region', { name: 'Stage deploy' }).waitFor();
    expect(await column('Stage deploy')).toEqual(['deploy']);
  }, 150_000);
});
