import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { launchBrowser, LIVE, screenshot, seenLive, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** A 1x1 PNG, so the browser shows a real image. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('a live issue page', () => {
  let t: TestApp;
  let browser: Browser;
  let owner: TestUser;
  let developer: TestUser;
  let project: ProjectContext;
  let watcher: Page;
  let iid: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    developer = await buildUser(t.container, { name: 'Grace Hopper' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    const { record } = await t.container.issues.create(owner, project.project.id, {
      title: 'Checkout times out',
    });
    iid = record.issue.iid;
    browser = await launchBrowser();
    watcher = await signedInPage(browser, await t.listen(), developer);
    await watcher.goto(`/${project.fullPath}/-/issues/${iid}`);
    await watcher.getByRole('heading', { name: 'Checkout times out' }).waitFor();
    await watcher.locator('.note-form').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows a note another user wrote without a reload', async () => {
    await seenLive(
      async () =>
        t.container.notes.create(
          owner,
          await t.container.noteables.byIid(owner, 'Issue', project.project.id, iid),
          { body: 'Reproduced on staging.' },
        ),
      () => watcher.getByText('Reproduced on staging.').waitFor(LIVE),
    );
  });

  it('shows a close and a reopen without a reload', async () => {
    const header = watcher.locator('.issue-header');
    await seenLive(
      () => t.container.issues.close(owner, project.project.id, iid),
      () => header.getByText('Closed', { exact: true }).waitFor(LIVE),
    );
    await screenshot(watcher, 'issues-live-closed');
    await seenLive(
      () => t.container.issues.reopen(owner, project.project.id, iid),
      () => header.getByText('Open', { exact: true }).waitFor(LIVE),
    );
  });

  it('shows a new title without a reload', async () => {
    await seenLive(
      () =>
        t.container.issues.update(owner, project.project.id, iid, { title: 'Checkout times out on Fridays' }),
      () => watcher.getByRole('heading', { name: 'Checkout times out on Fridays' }).waitFor(LIVE),
    );
    await watcher.getByText('changed title from').first().waitFor();
    await screenshot(watcher, 'issues-live-title');
  });

  it('uploads a metric image to an incident’s Metrics section and deletes it', async () => {
    const { record } = await t.container.issues.create(owner, project.project.id, {
      title: 'Checkout down',
      issue_type: 'incident',
    });
    await watcher.goto(`/${project.fullPath}/-/issues/${record.issue.iid}`);
    const metrics = watcher.getByRole('region', { name: 'Metrics' });
    await metrics.getByText('No metric images have been added yet.').waitFor();
    await metrics.locator('input[type=file]').setInputFiles({
      name: 'errors.png',
      mimeType: 'image/png',
      buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
    });
    await metrics.getByLabel('Text').fill('Error rate');
    await metrics.getByLabel('Link').fill('https://grafana.example.com/d/errors');
    await metrics.getByRole('button', { name: 'Upload' }).click();
    const image = metrics.getByRole('img', { name: 'Error rate' });
    await image.waitFor();
    expect(await metrics.getByRole('link').getAttribute('href')).toBe('https://grafana.example.com/d/errors');
    await screenshot(watcher, 'issues-incident-metrics');
    await metrics.getByRole('button', { name: 'Delete errors.png' }).click();
    await metrics.getByText('No metric images have been added yet.').waitFor();
  });
});
