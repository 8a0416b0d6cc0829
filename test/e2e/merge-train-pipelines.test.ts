import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MergeTrainCar } from '../../src/shared/api/mergeTrains';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { listCommits } from '../../src/server/git/commits';
import { screenshot } from '../support/browser';
import { waitUntil } from '../support/ci';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';
import type { TestUser } from '../support/factories';
import { pushFile } from '../support/merge-request-factories';
import type { TestApp } from '../support/test-app';

/**
 * Only merge train pipelines run (a push makes none). The first car's takes long enough for the
 * second to join behind it while the page watches.
 */
const CI_CONFIG = [
  'test:',
  '  rules:',
  `    - if: '$CI_MERGE_REQUEST_EVENT_TYPE == "merge_train"'`,
  '  script:',
  '    - if [ "$CI_MERGE_REQUEST_SOURCE_BRANCH_NAME" = alpha ]; then sleep 25; else sleep 3; fi',
  '    - echo "checked $CI_MERGE_REQUEST_SOURCE_BRANCH_NAME on the train"',
].join('\n');

describe('a merge train runs its pipelines, in the widget', () => {
  let suite: CiBrowserSuite;
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let page: Page;

  const widget = () => page.getByRole('region', { name: 'Merge' });

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    ({ t, owner, project, page } = suite);
    // Skipping the train is not allowed: "Merge immediately" is the one way past it.
    await t.container.projects.updateProject(owner, project.project.id, { merge_trains_enabled: true });
    await pushFile(project, 'main', { path: '.gitlab-ci.yml', content: CI_CONFIG, message: 'CI' });
    for (const branch of ['alpha', 'bravo']) {
      await pushFile(project, branch, {
        path: `${branch}.txt`,
        content: `${branch}\n`,
        message: `Add ${branch}`,
      });
      await t.container.mergeRequests.create(owner, project.project.id, {
        source_branch: branch,
        title: `Add ${branch}`,
      });
    }
    // The train's looks run as background jobs, as in a served app.
    t.container.jobs.start(() => undefined);
  });
  afterAll(async () => {
    await t?.container.jobs.stop();
    await suite?.stop();
  });

  it('merges two cars in order once their merge train pipelines pass', async () => {
    await page.goto(`/${project.fullPath}/-/merge_requests/1`);
    await widget().getByText('Ready to merge!').waitFor();
    await widget().getByRole('button', { name: 'Merge', exact: true }).click();
    await widget()
      .getByText('A new merge train has started and this merge request is the first of the queue.')
      .waitFor();
    await widget()
      .getByText(/^Merge train pipeline #\d+ (created|pending|running)$/)
      .waitFor({ timeout: 20_000 });

    await page.goto(`/${project.fullPath}/-/merge_requests/2`);
    await widget().getByText('Ready to merge!').waitFor();
    // Merging past the train is offered as "Merge immediately", with its own confirmation.
    await widget().getByRole('button', { name: 'Select a merge moment' }).click();
    await page.getByRole('menuitem', { name: 'Merge immediately' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to merge immediately?').waitFor();
    await screenshot(page, 'merge-train-merge-immediately');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await widget().getByRole('button', { name: 'Merge', exact: true }).click();
    await widget().getByText('This merge request is #2 of 2 in queue.').waitFor();
    const pipelineLine = widget().getByText(/^Merge train pipeline #\d+ (created|pending|running)$/);
    await pipelineLine.waitFor({ timeout: 20_000 });
    const cars = await suite.api<MergeTrainCar[]>('/merge_trains?scope=active&sort=asc');
    expect(cars.map((car) => [car.merge_request.iid, car.pipeline?.ref])).toEqual([
      [1, 'refs/merge-requests/1/train'],
      [2, 'refs/merge-requests/2/train'],
    ]);
    // The car's pipeline is the request's head pipeline too: the pipeline section and the train
    // line both lead to it.
    const links = widget().getByRole('link', { name: `#${cars[1]!.pipeline!.id}` });
    expect(await links.evaluateAll((found) => found.map((link) => link.getAttribute('href')))).toEqual([
      `/${project.fullPath}/-/pipelines/${cars[1]!.pipeline!.id}`,
      `/${project.fullPath}/-/pipelines/${cars[1]!.pipeline!.id}`,
    ]);
    await screenshot(page, 'merge-train-pipelines-running');

    await widget()
      .getByText(/Merged by Olivia Owner/)
      .waitFor({ timeout: 90_000 });
    await screenshot(page, 'merge-train-pipelines-merged');
    const merged = await waitUntil(
      () => suite.api<MergeTrainCar[]>('/merge_trains?scope=complete&sort=asc'),
      (list) => list.length === 2,
    );
    expect(merged.map((car) => [car.merge_request.iid, car.status, car.pipeline?.status])).toEqual([
      [1, 'merged', 'success'],
      [2, 'merged', 'success'],
    ]);
    const landed = (await listCommits(project.gitDir, { revision: 'main', limit: 10 }))
      .filter((commit) => commit.parentShas.length === 2)
      .map((commit) => commit.title)
      .reverse();
    expect(landed).toEqual(["Merge branch 'alpha' into 'main'", "Merge branch 'bravo' into 'main'"]);
  }, 180_000);

  it('"Merge immediately", confirmed, merges the request past the train without a train pipeline', async () => {
    await pushFile(project, 'charlie', { path: 'charlie.txt', content: 'charlie\n', message: 'Add charlie' });
    const { iid } = (
      await t.container.mergeRequests.create(owner, project.project.id, {
        source_branch: 'charlie',
        title: 'Add charlie',
      })
    ).mergeRequest;
    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}`);
    await widget().getByText('Ready to merge!').waitFor();
    await widget().getByRole('button', { name: 'Select a merge moment' }).click();
    await page.getByRole('menuitem', { name: 'Merge immediately' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to merge immediately?').waitFor();
    await dialog.getByRole('button', { name: 'Merge immediately' }).click();
    await widget()
      .getByText(/Merged by Olivia Owner/)
      .waitFor({ timeout: 30_000 });
    const [last] = await listCommits(project.gitDir, { revision: 'main', limit: 1 });
    expect(last!.title).toBe("Merge branch 'charlie' into 'main'");
    // It never rode the train: no car and no train pipeline of its own.
    const pipelines = await suite.api<Array<{ ref: string }>>('/pipelines');
    expect(pipelines.map((found) => found.ref)).not.toContain(`refs/merge-requests/${iid}/train`);
    const cars = await suite.api<MergeTrainCar[]>('/merge_trains?scope=complete');
    expect(cars.map((car) => car.merge_request.iid)).not.toContain(iid);
  }, 60_000);
});
