import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userCallouts } from '../../src/server/db/schema';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { readCommit } from '../../src/server/git/commits';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
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

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    browser = await launchBrowser();
    baseUrl = await t.listen();
    page = await signedInPage(browser, baseUrl, owner);
  });
  afterAll(async () => {
    await browser?.close();
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

  it('opens a new .gitlab-ci.yml on the source branch, and the card is gone once it is committed', async () => {
    // Dismissals are per user: someone who never closed the card, on their own project.
    const grace = await buildUser(t.container, { name: 'Grace Hopper' });
    page = await signedInPage(browser, baseUrl, grace);
    const p = await requestWithoutCi(grace);
    await card().getByRole('link', { name: 'Try out pipelines' }).click();
    await page.waitForURL((url) => url.pathname === `/${p.fullPath}/-/new/feature/cart`);
    expect(await page.getByLabel('File name').inputValue()).toBe('.gitlab-ci.yml');
    expect(await page.getByLabel('Commit message').inputValue()).toBe('Add .gitlab-ci.yml');
    expect(await page.getByLabel('Target branch').inputValue()).toBe('feature/cart');
    await page.getByLabel('Contents of .gitlab-ci.yml').fill('test:\n  script: npm test\n');
    await screenshot(page, 'new-blob-gitlab-ci');

    await page.getByRole('button', { name: 'Commit changes' }).click();
    await page.waitForURL((url) => url.pathname === `/${p.fullPath}/-/blob/feature/cart/.gitlab-ci.yml`);
    await page.getByText('script: npm test').waitFor();
    expect(await readCommit(p.gitDir, 'refs/heads/feature/cart')).toMatchObject({
      title: 'Add .gitlab-ci.yml',
    });

    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widget().getByText('Ready to merge!').waitFor();
    expect(await page.getByText(SUGGESTION).count()).toBe(0);
  });
});
