import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('merge trains in the widget', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;

  // No job worker runs here: the train waits, so the page can show where a request stands on it.
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
  const state = async (p: ProjectContext, iid: number) =>
    (await t.container.mergeRequests.show(owner, p.project.id, iid)).mergeRequest;

  /** A project with merge trains, `alpha` already on its train, and `bravo` ready beside it. */
  async function trainWithOneCar() {
    const p = await buildProject(t.container, owner, { visibility: 'public' });
    await t.container.projects.updateProject(owner, p.project.id, {
      merge_trains_enabled: true,
      merge_trains_skip_train_allowed: true,
    });
    for (const branch of ['alpha', 'bravo']) {
      await pushFile(p, branch, { path: `${branch}.txt`, content: `${branch}\n`, message: `Add ${branch}` });
      await t.container.mergeRequests.create(owner, p.project.id, {
        source_branch: branch,
        title: `Add ${branch}`,
      });
    }
    await t.container.mergeTrains.enable(owner, p.project.id, 1, {});
    return p;
  }

  it('turns merge trains on from the project settings page', async () => {
    const p = await buildProject(t.container, owner, { visibility: 'public' });
    await page.goto(`/${p.fullPath}/-/settings/merge_requests`);
    const section = page.getByRole('form', { name: 'Merge trains' });
    await section.getByLabel('Enable merge trains').check();
    await section.getByLabel('Allow merging immediately without restarting the merge train').check();
    await section.getByRole('button', { name: 'Save merge train settings' }).click();
    await section.getByText('Merge train settings were saved.').waitFor();
    await screenshot(page, 'merge-trains-settings');
    const saved = (await t.container.projects.loadProject(owner, p.project.id)).project;
    expect([saved.mergeTrainsEnabled, saved.mergeTrainsSkipTrainAllowed]).toEqual([true, true]);
  });

  it('adds a request to the train from the widget, shows its position, and removes it again', async () => {
    const p = await trainWithOneCar();
    await page.goto(`/${p.fullPath}/-/merge_requests/2`);
    await widget().getByText('Ready to merge!').waitFor();
    await widget().getByText('Add to merge train', { exact: true }).waitFor();
    await screenshot(page, 'merge-trains-ready');

    await widget().getByRole('button', { name: 'Merge', exact: true }).click();
    await widget().getByText('Added to merge train').waitFor();
    await widget().getByText('This merge request is #2 of 2 in queue.').waitFor();
    await screenshot(page, 'merge-trains-position');
    expect((await state(p, 2)).autoMergeStrategy).toBe('merge_train');

    await widget().getByRole('button', { name: 'Remove from merge train' }).click();
    await widget().getByText('Add to merge train', { exact: true }).waitFor();
    expect((await state(p, 2)).autoMergeEnabled).toBe(false);

    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widget()
      .getByText('A new merge train has started and this merge request is the first of the queue.')
      .waitFor();
  });

  it('merges now past the train after its confirmation, and the train keeps its car', async () => {
    const p = await trainWithOneCar();
    await page.goto(`/${p.fullPath}/-/merge_requests/2`);
    await widget().getByRole('button', { name: 'Select a merge moment' }).click();
    await page.getByRole('menuitem', { name: /Merge now and restart train/ }).waitFor();
    await screenshot(page, 'merge-trains-merge-now');
    // A dangerous choice: its confirmation starts on Cancel, so Enter merges nothing.
    await page.getByRole('menuitem', { name: /Merge now and restart train/ }).click();
    const first = page.getByRole('alertdialog');
    await first.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.keyboard.press('Enter');
    await first.waitFor({ state: 'detached' });
    expect((await state(p, 2)).state).toBe('opened');

    await widget().getByRole('button', { name: 'Select a merge moment' }).click();
    await page.getByRole('menuitem', { name: /Merge now and don't restart train/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText("Merge now and don't restart train").first().waitFor();
    await screenshot(page, 'merge-trains-merge-now-confirm');
    await dialog.getByRole('button', { name: "Merge now and don't restart train" }).click();
    await widget().getByText('Merged by Ada Lovelace').waitFor();
    expect((await state(p, 2)).state).toBe('merged');
    expect((await state(p, 1)).autoMergeStrategy).toBe('merge_train');
  });
});
