import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userCallouts } from '../../src/server/db/schema';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { readCommit } from '../../src/server/git/commits';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { instanceRunnerToken, startRunnerProcess, waitUntil, type RunnerProcess } from '../support/ci';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const SUGGESTION = "Looks like there's no pipeline here.";

describe('the widget’s pipeline suggestion card', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let baseUrl: string;
  let runner: RunnerProcess;

  beforeAll(async () => {
    // A short long poll, so that the runner stopping at the end is not kept waiting.
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    browser = await launchBrowser();
    baseUrl = await t.listen();
    // The bundled runner, as its own process: the committed configuration really runs.
    runner = startRunnerProcess({ url: baseUrl, token: await instanceRunnerToken(t.container) });
    await runner.waitForOutput(/Runner started/);
    page = await signedInPage(browser, baseUrl, owner);
  });
  afterAll(async () => {
    await browser?.close();
    await runner?.stop();
    await t?.close();
  });

  const widget = () => page.getByRole('region', { name: 'Merge' });
  const card = () => widget().getByRole('region', { name: 'Pipeline suggestion' });

  async function requestWithoutCi(author: TestUser = owner): Promise<ProjectContext> {
    const p = await buildProject(t.container, author, { visibility: 'public' });
    await pushFile(p, 'feature/cart', {
      path: 'src/cart.ts',
      content: 'export {};\n',
      message: 'Add a cart',
    });
    await t.container.mergeRequests.create(author, p.project.id, {
      source_branch: 'feature/cart',
      title: 'Add a cart',
    });
    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widget().getByText('Ready to merge!').waitFor();
    return p;
  }

  it('suggests a pipeline, and once closed stays closed after a reload', async () => {
    await requestWithoutCi();
    await card().getByText(SUGGESTION, { exact: true }).waitFor();
    await screenshot(page, 'merge-widget-pipeline-suggestion');

    await card().getByRole('button', { name: 'Dismiss' }).click();
    await card().waitFor({ state: 'detached' });
    await expect
      .poll(async () =>
        (await t.container.db.select().from(userCallouts).where(eq(userCallouts.userId, owner.id))).map(
          (row) => row.featureName,
        ),
      )
      .toEqual(['suggest_pipeline']);

    await page.reload();
    await widget().getByText('Ready to merge!').waitFor();
    expect(await page.getByText(SUGGESTION).count()).toBe(0);
  });

  it('opens a new .gitlab-ci.yml on the source branch; once committed the card is gone and its pipeline runs and passes', async () => {
    // Dismissals are per user: someone who never closed the card, on their own project.
    const grace = await buildUser(t.container, { name: 'Grace Hopper' });
    page = await signedInPage(browser, baseUrl, grace);
    const p = await requestWithoutCi(grace);
    await card().getByRole('link', { name: 'Try out pipelines' }).click();
    await page.waitForURL((url) => url.pathname === `/${p.fullPath}/-/new/feature/cart`);
    expect(await page.getByLabel('File name').inputValue()).toBe('.gitlab-ci.yml');
    expect(await page.getByLabel('Commit message').inputValue()).toBe('Add .gitlab-ci.yml');
    expect(await page.getByLabel('Target branch').inputValue()).toBe('feature/cart');
    await page.getByLabel('Contents of .gitlab-ci.yml').fill('test:\n  script: echo "pipelines tried out"\n');
    await screenshot(page, 'new-blob-gitlab-ci');

    await page.getByRole('button', { name: 'Commit changes' }).click();
    await page.waitForURL((url) => url.pathname === `/${p.fullPath}/-/blob/feature/cart/.gitlab-ci.yml`);
    await page.getByText('script: echo "pipelines tried out"').waitFor();
    const commit = (await readCommit(p.gitDir, 'refs/heads/feature/cart'))!;
    expect(commit).toMatchObject({ title: 'Add .gitlab-ci.yml' });

    // The commit made a pipeline, which the runner took and ran to success.
    const [pipeline] = await waitUntil(
      async () =>
        (
          await t.app.inject({
            url: `/api/v4/projects/${p.project.id}/pipelines?sha=${commit.sha}`,
            headers: grace.headers,
          })
        ).json<Array<{ id: number; status: string }>>(),
      (list) => list[0]?.status === 'success',
      60_000,
    );
    const jobs = (
      await t.app.inject({
        url: `/api/v4/projects/${p.project.id}/pipelines/${pipeline!.id}/jobs`,
        headers: grace.headers,
      })
    ).json<Array<{ id: number; name: string; status: string }>>();
    expect(jobs.map(({ name, status }) => ({ name, status }))).toEqual([{ name: 'test', status: 'success' }]);
    const trace = await t.app.inject({
      url: `/api/v4/projects/${p.project.id}/jobs/${jobs[0]!.id}/trace`,
      headers: grace.headers,
    });
    expect(trace.body).toContain('pipelines tried out');

    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widget()
      .getByRole('region', { name: 'Pipeline' })
      .getByText(
        new RegExp(`^Pipeline #${pipeline!.id} passed for ${commit.sha.slice(0, 8)} on feature/cart`),
      )
      .waitFor({ timeout: 20_000 });
    await widget().getByText('Ready to merge!').waitFor();
    expect(await page.getByText(SUGGESTION).count()).toBe(0);
  });
});
