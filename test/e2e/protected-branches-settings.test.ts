import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('protected branches settings: require approval from code owners', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let p: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    p = await buildProject(t.container, owner);
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const saved = async () =>
    (
      await t.app.inject({
        url: `/api/v4/projects/${p.project.id}/protected_branches`,
        headers: owner.headers,
      })
    ).json<Array<{ name: string; code_owner_approval_required: boolean }>>();

  it('protects a branch with the checkbox on, and turns it off and on for a protected branch', async () => {
    await page.goto(`/${p.fullPath}/-/settings/repository`);
    const section = page.getByRole('region', { name: 'Protected branches' });
    const form = section.getByRole('form', { name: 'Protect a branch' });
    await form.getByLabel('Branch').fill('release/*');
    const checkbox = form.getByRole('checkbox', { name: 'Require approval from code owners' });
    await checkbox.check();
    await form.getByText('Reject code pushes that change files listed in the CODEOWNERS file.').waitFor();
    await form.getByRole('button', { name: 'Protect' }).click();

    const release = section.getByRole('checkbox', {
      name: 'Require approval from code owners for release/*',
    });
    await release.waitFor();
    expect(await release.isChecked()).toBe(true);
    const main = section.getByRole('checkbox', { name: 'Require approval from code owners for main' });
    expect(await main.isChecked()).toBe(false);
    await main.check();
    await expect
      .poll(async () => (await saved()).find((b) => b.name === 'main')?.code_owner_approval_required)
      .toBe(true);
    // Every toggle waits while one saves: the saved answer can reach the server's list before the
    // page has its own, and a click on a toggle still waiting changes nothing.
    await expect.poll(() => release.isEnabled()).toBe(true);
    await release.uncheck();
    await expect
      .poll(async () => (await saved()).find((b) => b.name === 'release/*')?.code_owner_approval_required)
      .toBe(false);
    expect(await main.isChecked()).toBe(true);
    await screenshot(page, 'protected-branches-code-owner-approval');
  });
});
