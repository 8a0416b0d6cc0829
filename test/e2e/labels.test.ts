import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildMergeRequest } from '../support/merge-request-factories';

describe('labels in the browser', () => {
  const setup = signedInProject({ visibility: 'private' });

  it('shows the empty labels page, then creates a label from its form and deletes it', async () => {
    const { page, project } = setup;
    await page.goto(`/${project.fullPath}/-/labels`);
    await page.getByRole('heading', { name: 'No labels yet' }).waitFor();
    await screenshot(page, 'labels-page-empty');

    const form = page.getByRole('form', { name: 'New label' });
    await form.getByRole('textbox', { name: 'Name' }).fill('needs review');
    await form.getByRole('textbox', { name: 'Description' }).fill('Waiting for a reviewer');
    await form.getByRole('textbox', { name: 'Background color' }).fill('crimson');
    await form.getByRole('button', { name: 'Create label' }).click();
    const list = page.getByRole('list', { name: 'Project labels' });
    await list.getByText('needs review').waitFor();
    await expect
      .poll(() =>
        list
          .locator('.label-chip')
          .first()
          .evaluate((el) => getComputedStyle(el).color),
      )
      .toBe('rgb(255, 255, 255)');
    await screenshot(page, 'labels-page');

    await page.getByRole('button', { name: 'Delete label needs review' }).click();
    await page.getByRole('heading', { name: 'No labels yet' }).waitFor();
  });

  it('picks labels in the merge request sidebar, shows them as chips there and in the list', async () => {
    const { t, page, owner, project } = setup;
    for (const [name, color] of [
      ['bug', '#d9534f'],
      ['frontend', '#428bca'],
      ['docs', '#fff8dc'],
    ] as const) {
      const ownerLabels = await t.container.labels.projectOwner(owner, project.project.id);
      await t.container.labels.create(owner, ownerLabels, { name, color });
    }
    const view = await buildMergeRequest(t.container, owner, project, { title: 'Add the cart' });
    const iid = view.mergeRequest.iid;
    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}`);
    const sidebar = page.getByRole('region', { name: 'Labels' });
    await sidebar.getByText('None').waitFor();

    // By keyboard: Edit opens the picker, the search narrows it, Enter picks.
    await sidebar.getByRole('button', { name: 'Edit labels' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Search labels' }).fill('fro');
    const items = page.getByRole('menuitemcheckbox');
    await expect.poll(() => items.count()).toBe(1);
    await screenshot(page, 'labels-sidebar-picker', { fullPage: false });
    await items.filter({ hasText: 'frontend' }).click();
    const applied = sidebar.getByRole('list', { name: 'Applied labels' });
    await applied.getByText('frontend').waitFor();
    // A pick closes the picker; Edit opens it again once it has closed.
    await expect.poll(() => items.count()).toBe(0);

    await sidebar.getByRole('button', { name: 'Edit labels' }).click();
    await page.getByRole('menuitemcheckbox', { name: /bug/ }).click();
    await applied.getByText('bug').waitFor();
    await screenshot(page, 'labels-sidebar');
    const shown = await t.container.mergeRequests.show(owner, project.project.id, iid);
    expect(shown.labels.map((label) => label.title)).toEqual(['bug', 'frontend']);

    await page.goto(`/${project.fullPath}/-/merge_requests`);
    const chips = page.locator('.mr-list__row').filter({ hasText: 'Add the cart' }).locator('.label-chip');
    await expect.poll(() => chips.allTextContents()).toEqual(['bug', 'frontend']);
  });

  it('labels an issue from its sidebar and filters the issue list by a chip', async () => {
    const { t, page, owner, project } = setup;
    const created = await t.container.issues.create(owner, project.project.id, { title: 'Crash on start' });
    await t.container.issues.create(owner, project.project.id, { title: 'Unlabelled issue' });
    const iid = created.record.issue.iid;
    await page.goto(`/${project.fullPath}/-/issues/${iid}`);
    const sidebar = page.getByRole('region', { name: 'Labels' });
    await sidebar.getByText('None').waitFor();
    await sidebar.getByRole('button', { name: 'Edit labels' }).click();
    await page.getByRole('menuitemcheckbox', { name: /docs/ }).click();
    await sidebar.getByRole('list', { name: 'Applied labels' }).getByText('docs').waitFor();
    await page.getByText('added').first().waitFor();

    await page.goto(`/${project.fullPath}/-/issues`);
    await page.getByRole('link', { name: 'Unlabelled issue' }).waitFor();
    await page.getByRole('link', { name: 'Filter by label docs' }).click();
    await page.getByText('Clear label filter').waitFor();
    await page.getByRole('link', { name: 'Unlabelled issue' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Crash on start' }).waitFor();
    await screenshot(page, 'labels-issue-list-filtered');
  });
});
