import { describe, expect, it } from 'vitest';
import { screenshot, signedInPage } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildMergeRequest, pushFile } from '../support/merge-request-factories';

describe('the project’s merge request settings page', () => {
  const s = signedInProject({ visibility: 'public', developer: true });
  const widget = () => s.page.getByRole('region', { name: 'Merge' });
  const settingsForm = () => s.page.getByRole('form', { name: 'Merge request settings' });
  const saved = async () => (await s.t.container.projects.loadProject(s.owner, s.project.project.id)).project;

  async function save() {
    await settingsForm().getByRole('button', { name: 'Save changes' }).click();
    await settingsForm().getByText('Merge request settings were saved.').waitFor();
  }

  it('is reached from the general settings and switches the merge method to fast-forward', async () => {
    const { page, project } = s;
    // `main` moves after the branch started, so a fast-forward needs a rebase first.
    await buildMergeRequest(s.t.container, s.owner, project, { source_branch: 'feature/ff' });
    await pushFile(project, 'main', { path: 'CHANGELOG.md', content: '# Changes\n' });

    await page.goto(`/${project.fullPath}/-/edit`);
    await page.getByRole('link', { name: 'Merge request settings' }).click();
    await page.waitForURL((url) => url.pathname === `/${project.fullPath}/-/settings/merge_requests`);
    expect(await settingsForm().getByLabel('Merge commit', { exact: true }).isChecked()).toBe(true);
    expect(await settingsForm().getByLabel('Allow', { exact: true }).isChecked()).toBe(true);
    // The sections that used to sit on the general page live here, as in GitLab.
    await page.getByRole('form', { name: 'Merge request title' }).waitFor();
    await page.getByRole('form', { name: 'Merge trains' }).waitFor();
    await page.getByRole('region', { name: 'Status checks' }).waitFor();

    await settingsForm().getByLabel('Fast-forward merge').check();
    await save();
    await screenshot(page, 'merge-settings-fast-forward');
    expect((await saved()).mergeMethod).toBe('ff');

    await page.goto(`/${project.fullPath}/-/merge_requests/1`);
    await widget()
      .getByText('Merge request must be rebased, because a fast-forward merge is not possible.')
      .waitFor();
    await widget().getByRole('button', { name: 'Rebase source branch' }).waitFor();
    await screenshot(page, 'merge-settings-widget-needs-rebase');
  });

  it('requires squashing, which the merge form shows as read-only and checked', async () => {
    const { page, project } = s;
    await page.goto(`/${project.fullPath}/-/settings/merge_requests`);
    await settingsForm().getByLabel('Merge commit', { exact: true }).check();
    await settingsForm().getByLabel('Require').check();
    await settingsForm().getByLabel('Enable “Delete source branch” option by default').uncheck();
    await settingsForm()
      .getByLabel('Merge commit message template')
      .fill("Land '%{source_branch}'\n\n%{title}");
    await save();
    expect(await saved()).toMatchObject({
      mergeMethod: 'merge',
      squashOption: 'always',
      removeSourceBranchAfterMerge: false,
      mergeCommitTemplate: "Land '%{source_branch}'\n\n%{title}",
    });

    await buildMergeRequest(s.t.container, s.owner, project, {
      source_branch: 'feature/squash',
      title: 'Squash me',
    });
    await page.goto(`/${project.fullPath}/-/merge_requests/2`);
    await widget().getByText('Ready to merge!').waitFor();
    const squash = widget().getByRole('checkbox', { name: 'Squash commits' });
    expect([await squash.isChecked(), await squash.isDisabled()]).toEqual([true, true]);
    // 'Required in this project.' is the box's tooltip: its description for assistive tech, shown
    // on hover and keyboard focus, and not on the page otherwise.
    const tooltip = page.locator('[role="tooltip"]', { hasText: 'Required in this project.' });
    const describedBy = (await squash.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Required in this project.');
    expect(await tooltip.isVisible()).toBe(false);
    await squash.hover();
    await tooltip.waitFor({ state: 'visible' });
    await screenshot(page, 'merge-settings-widget-squash-tooltip');
    // Read-only: toggling it from the keyboard leaves it ticked.
    await squash.focus();
    await page.keyboard.press('Space');
    expect(await squash.isChecked()).toBe(true);
    expect(await widget().getByLabel('Delete source branch').isChecked()).toBe(false);
    await widget().getByLabel('Edit commit message').check();
    expect(await widget().getByLabel('Merge commit message').inputValue()).toBe(
      "Land 'feature/squash'\n\nSquash me",
    );
    await screenshot(page, 'merge-settings-widget-squash-required');
  });

  it('makes threads a merge check, and gives the checks back when unticked', async () => {
    const { page, project } = s;
    await page.goto(`/${project.fullPath}/-/settings/merge_requests`);
    await settingsForm().getByLabel('All threads must be resolved').check();
    const skipped = settingsForm().getByLabel('Skipped pipelines are considered successful');
    // Only a required pipeline can be skipped into success, so the box waits for the one above it.
    expect(await skipped.isDisabled()).toBe(true);
    await settingsForm().getByLabel('Pipelines must succeed').check();
    await skipped.check();
    await save();
    expect(await saved()).toMatchObject({
      onlyAllowMergeIfAllDiscussionsAreResolved: true,
      onlyAllowMergeIfPipelineSucceeds: true,
      allowMergeOnSkippedPipeline: true,
    });
    await page.goto(`/${project.fullPath}/-/merge_requests/2`);
    // No CI exists, so the pipeline section says what the project requires, and the check fails.
    await widget()
      .getByRole('region', { name: 'Pipeline' })
      .getByText('A CI/CD pipeline must run and be successful before merge.')
      .waitFor();
    await widget().getByText('Pipeline must succeed.').waitFor();
    await screenshot(page, 'merge-settings-widget-pipeline-must-succeed');
    await page.goto(`/${project.fullPath}/-/settings/merge_requests`);
    expect(await settingsForm().getByLabel('Pipelines must succeed').isChecked()).toBe(true);
    expect(await skipped.isChecked()).toBe(true);
    await skipped.uncheck();
    await settingsForm().getByLabel('Pipelines must succeed').uncheck();
    await settingsForm().getByLabel('All threads must be resolved').uncheck();
    await settingsForm().getByLabel('Merge commit message template').fill('');
    await save();
    expect(await saved()).toMatchObject({
      onlyAllowMergeIfAllDiscussionsAreResolved: false,
      onlyAllowMergeIfPipelineSucceeds: false,
      allowMergeOnSkippedPipeline: false,
      mergeCommitTemplate: null,
    });
  });

  it('tells a Developer the page is for Maintainers, and the server refuses the change', async () => {
    const other = await signedInPage(s.browser, s.baseUrl, s.developer);
    await other.goto(`/${s.project.fullPath}/-/settings/merge_requests`);
    await other
      .getByText('You need at least the Maintainer role to change this project’s settings.')
      .waitFor();
    expect(await other.getByRole('form', { name: 'Merge request settings' }).count()).toBe(0);
    await screenshot(other, 'merge-settings-developer');
    const refused = await s.t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${s.project.project.id}`,
      headers: s.developer.headers,
      payload: { merge_method: 'ff' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await saved()).mergeMethod).toBe('merge');
    await other.close();
  });
});
