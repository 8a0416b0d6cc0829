import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const TITLE = 'Merge unverified changes?';
const TEXT =
  'The merge checks are incomplete because the latest pipeline failed, the pipeline status cannot be verified, or the merge request target branch was changed. You should run a new pipeline before merging.';

describe('merging a retargeted request asks "Merge unverified changes?"', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const widget = () => page.getByRole('region', { name: 'Merge' });
  const dialog = () => page.getByRole('alertdialog', { name: TITLE });
  const mergeButton = () => widget().getByRole('button', { name: 'Merge', exact: true });
  const head = (p: ProjectContext, branch: string) => resolveCommit(p.gitDir, branchRef(branch));
  const state = async (p: ProjectContext, iid: number) =>
    (await t.container.mergeRequests.show(owner, p.project.id, iid)).mergeRequest;

  /**
   * !1 `cart` → main and !2 `checkout` → `cart`, built on it. With `retarget`, !1 is merged and
   * its branch deleted, so the server moves !2 to main and marks it retargeted.
   */
  async function stack({ retarget }: { retarget: boolean }) {
    const p = await buildProject(t.container, owner, { visibility: 'public' });
    await pushFile(p, 'cart', {
      path: 'cart.ts',
      content: 'export const cart = [];\n',
      message: 'Add a cart',
    });
    await pushFile(
      p,
      'checkout',
      { path: 'checkout.ts', content: 'export {};\n', message: 'Add a checkout' },
      'cart',
    );
    await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: 'cart',
      title: 'Add a cart',
    });
    await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: 'checkout',
      target_branch: 'cart',
      title: 'Add a checkout',
    });
    if (retarget) {
      await t.container.merges.merge(owner, p.project.id, 1, { shouldRemoveSourceBranch: true }, () => {});
      // The retarget chain runs after the merge's answer.
      await t.container.background.settled();
      expect(await state(p, 2)).toMatchObject({ targetBranch: 'main', retargeted: true });
    }
    return p;
  }

  it('asks before merging a retargeted request: Cancel does nothing, confirming merges', async () => {
    const p = await stack({ retarget: true });
    await page.goto(`/${p.fullPath}/-/merge_requests/2`);
    await widget().getByText('Ready to merge!').waitFor();
    const mainBefore = await head(p, 'main');

    await mergeButton().click();
    await dialog().getByText(TEXT).waitFor();
    await dialog().getByText('Are you sure you want to attempt to merge?').waitFor();
    await screenshot(page, 'merge-widget-unverified-confirmation');
    // Enter must not merge unverified changes by accident: Cancel has the focus.
    expect(
      await dialog()
        .getByRole('button', { name: 'Cancel' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);

    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    await widget().getByText('Ready to merge!').waitFor();
    expect(await head(p, 'main')).toBe(mainBefore);
    expect((await state(p, 2)).state).toBe('opened');

    await mergeButton().click();
    await dialog().getByRole('button', { name: 'Merge unverified changes' }).click();
    await widget().getByText('Merged by Ada Lovelace').waitFor();
    expect((await state(p, 2)).state).toBe('merged');
    expect(await head(p, 'main')).not.toBe(mainBefore);
  });

  it('merges a request that was not retargeted without asking', async () => {
    const p = await stack({ retarget: false });
    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widget().getByText('Ready to merge!').waitFor();
    await mergeButton().click();
    await widget().getByText('Merged by Ada Lovelace').waitFor();
    expect(await dialog().count()).toBe(0);
    expect((await state(p, 1)).state).toBe('merged');
  });

  it('adds a retargeted request to a merge train without asking', async () => {
    const p = await stack({ retarget: true });
    await t.container.projects.updateProject(owner, p.project.id, { merge_trains_enabled: true });
    await page.goto(`/${p.fullPath}/-/merge_requests/2`);
    await widget().getByText('Ready to merge!').waitFor();
    await mergeButton().click();
    await widget().getByText('Added to merge train').waitFor();
    expect(await dialog().count()).toBe(0);
    expect((await state(p, 2)).autoMergeStrategy).toBe('merge_train');
  });
});
