import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { commitCiConfig } from '../support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the pipeline page’s Manual variables tab', () => {
  let t: TestApp;
  let baseUrl: string;
  let browser: Browser;
  let owner: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;
  let pipelineId: number;

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.listen();
    browser = await launchBrowser();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    reporter = await buildUser(t.container, { name: 'Rita Reporter' });
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, reporter, 20);
    await commitCiConfig(t.app, owner, project.project.id, 'deploy:\n  script: [echo deploying]');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/pipeline`,
      headers: owner.headers,
      payload: {
        ref: 'main',
        variables: [
          { key: 'DEPLOY_TARGET', value: 'staging-eu' },
          { key: 'KUBECONFIG', value: 'apiVersion: v1', variable_type: 'file' },
        ],
      },
    });
    pipelineId = created.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('lists the variables the pipeline was run with, values hidden until revealed', async () => {
    const page = await signedInPage(browser, baseUrl, owner);
    await page.goto(`/${project.fullPath}/-/pipelines/${pipelineId}`);
    const tabs = page.getByRole('navigation', { name: 'Pipeline tabs' });
    await tabs.getByRole('link', { name: /Manual variables/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/-/pipelines/${pipelineId}/manual_variables`));
    await expect
      .poll(() => tabs.getByRole('link', { name: /Manual variables/ }).textContent())
      .toContain('2');

    const table = page.getByRole('table', { name: 'Manual variables' });
    await table.getByText('DEPLOY_TARGET', { exact: true }).waitFor();
    await expect.poll(() => table.getByText('staging-eu').count()).toBe(0);
    expect(await table.getByLabel('Hidden value').count()).toBe(2);
    await screenshot(page, 'pipeline-manual-variables-hidden');

    await page.getByRole('button', { name: 'Reveal values' }).click();
    await table.getByText('staging-eu', { exact: true }).waitFor();
    await table.getByText('apiVersion: v1', { exact: true }).waitFor();
    expect(await table.getByRole('row').allTextContents()).toEqual([
      'KeyValueType',
      'DEPLOY_TARGETstaging-euVariable',
      'KUBECONFIGapiVersion: v1File',
    ]);
    await screenshot(page, 'pipeline-manual-variables-revealed');
    await page.getByRole('button', { name: 'Hide values' }).click();
    await expect.poll(() => table.getByText('staging-eu').count()).toBe(0);
  });

  it('shows no such tab to a Reporter, who reads the pipeline but not its variables', async () => {
    const page = await signedInPage(browser, baseUrl, reporter);
    await page.goto(`/${project.fullPath}/-/pipelines/${pipelineId}`);
    const tabs = page.getByRole('navigation', { name: 'Pipeline tabs' });
    await tabs.getByRole('link', { name: /Jobs/ }).waitFor();
    expect(await tabs.getByRole('link', { name: /Manual variables/ }).count()).toBe(0);
  });
});
