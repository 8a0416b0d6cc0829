import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import type { MergeRequestBlockJson } from '../../src/shared/api/mergeRequestBlocks';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { buildMergeRequest, pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('merge request dependencies in the new and edit forms', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let p: ProjectContext;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    p = await buildProject(t.container, owner, { visibility: 'public' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'ui', title: 'Search page' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'api', title: 'Search API' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'index', title: 'Search index' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'ranking', title: 'Search ranking' });
    baseUrl = await t.listen();
    browser = await launchBrowser();
    page = await signedInPage(browser, baseUrl, owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const blockersOf = async (iid: number) =>
    (
      await t.app.inject({
        url: `/api/v4/projects/${p.project.id}/merge_requests/${iid}/blocks`,
        headers: owner.headers,
      })
    )
      .json<MergeRequestBlockJson[]>()
      .map((block) => block.blocking_merge_request.iid);
  const editButton = () =>
    page.getByRole('group', { name: 'Merge request actions' }).getByRole('button', { name: 'Edit' });
  const field = () => page.getByRole('group', { name: 'Merge request dependencies' });
  const addDependency = async (reference: string) => {
    await field().getByLabel('Merge request dependencies').fill(reference);
    await field().getByRole('button', { name: 'Add' }).click();
  };

  it('adds dependencies by reference and by URL, and the widget reports them', async () => {
    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await editButton().click();
    await addDependency('!2');
    await field().getByRole('link', { name: '!2' }).waitFor();
    await addDependency(`${baseUrl}/${p.fullPath}/-/merge_requests/3/diffs`);
    await field().getByText('Search index').waitFor();
    await addDependency('!99');
    await field().getByText('!99 was not found, or you cannot see it.').waitFor();
    await addDependency('!1');
    await field().getByText('A merge request cannot depend on itself.').waitFor();
    await screenshot(page, 'merge-request-dependencies-edit');
    await page.getByRole('button', { name: 'Save changes' }).click();

    const report = page.getByLabel('Merge request dependencies', { exact: true });
    await report.getByText('Depends on 2 merge requests being merged').waitFor();
    await page
      .getByRole('region', { name: 'Merge' })
      .getByText('Merge request dependencies must be merged.')
      .waitFor();
    expect(await blockersOf(1)).toEqual([2, 3]);
  });

  it('removes a dependency from the edit form', async () => {
    await editButton().click();
    await field().getByRole('button', { name: 'Remove !3' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByLabel('Merge request dependencies', { exact: true })
      .getByText('Depends on 1 merge request being merged')
      .waitFor();
    expect(await blockersOf(1)).toEqual([2]);
  });

  const block = async (iid: number, blockingIid: number) => {
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${p.project.id}/merge_requests/${iid}/blocks`,
      headers: owner.headers,
      payload: { blocking_merge_request_id: await mergeRequestId(blockingIid) },
    });
    expect(added.statusCode).toBe(201);
  };

  it('saves nothing when a dependency is refused, and shows the server’s refusal in the open form', async () => {
    // !3 waits for !1, which waits for !2: !2 waiting for !3 would close the circle.
    await block(3, 1);
    await block(2, 4);
    await page.goto(`/${p.fullPath}/-/merge_requests/2`);
    await editButton().click();
    await page.getByLabel('Title').fill('Search API, paged');
    await field().getByRole('button', { name: 'Remove !4' }).click();
    await addDependency('!3');
    await field().getByRole('link', { name: '!3' }).waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('!3 could not be added: Blocked merge request circular dependency').waitFor();
    await screenshot(page, 'merge-request-dependencies-cycle');
    expect(await page.getByLabel('Title').inputValue()).toBe('Search API, paged');

    // Neither the title nor the removal of !4 landed.
    await page.reload();
    await page.getByRole('heading', { name: 'Search API', exact: true }).waitFor();
    await page
      .getByLabel('Merge request dependencies', { exact: true })
      .getByRole('link', { name: '!4' })
      .waitFor();
    expect(await blockersOf(2)).toEqual([4]);
    const saved = await t.app.inject({
      url: `/api/v4/projects/${p.project.id}/merge_requests/2`,
      headers: owner.headers,
    });
    expect(saved.json<{ title: string }>().title).toBe('Search API');
  });

  it('creates a merge request with its dependencies', async () => {
    await pushFile(p, 'docs', { path: 'docs/search.md', content: '# Search\n' });
    await page.goto(`/${p.fullPath}/-/merge_requests/new?merge_request[source_branch]=docs`);
    await page.getByLabel('Title').fill('Document search');
    await addDependency(`${p.fullPath}!2`);
    await field().getByText('Search API').waitFor();
    await screenshot(page, 'merge-request-dependencies-new');
    await page.getByRole('button', { name: 'Create merge request' }).click();
    await page.waitForURL(`**/${p.fullPath}/-/merge_requests/5`);
    await page
      .getByLabel('Merge request dependencies', { exact: true })
      .getByRole('link', { name: '!2' })
      .waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await blockersOf(5)).toEqual([2]);
  });

  it('opens the created request with the dependencies the server refused, and why', async () => {
    const other = await buildUser(t.container, { name: 'Grace Hopper' });
    const elsewhere = await buildProject(t.container, other, { visibility: 'public' });
    await buildMergeRequest(t.container, other, elsewhere, { source_branch: 'cobol', title: 'COBOL parser' });
    await pushFile(p, 'faq', { path: 'docs/faq.md', content: '# FAQ\n' });
    await page.goto(`/${p.fullPath}/-/merge_requests/new?merge_request[source_branch]=faq`);
    await page.getByLabel('Title').fill('Search FAQ');
    await addDependency('!2');
    await field().getByRole('link', { name: '!2' }).waitFor();
    await addDependency(`${elsewhere.fullPath}!1`);
    await field().getByText('COBOL parser').waitFor();
    // Between choosing it and creating the request, the other project turns private.
    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${elsewhere.project.id}`,
      headers: other.headers,
      payload: { visibility: 'private' },
    });
    expect(hidden.statusCode).toBe(200);
    await page.getByRole('button', { name: 'Create merge request' }).click();

    await page.waitForURL(`**/${p.fullPath}/-/merge_requests/6`);
    const alert = page.getByRole('alert');
    await alert.getByText('The merge request was created, but a dependency could not be added:').waitFor();
    expect(await alert.getByRole('listitem').allTextContents()).toEqual([
      `${elsewhere.fullPath}!1: 404 Blocking merge request Not Found`,
    ]);
    await page
      .getByLabel('Merge request dependencies', { exact: true })
      .getByText('Depends on 1 merge request being merged')
      .waitFor();
    await screenshot(page, 'merge-request-dependencies-refused-on-create');
    expect(await blockersOf(6)).toEqual([2]);

    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Search FAQ' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  const mergeRequestId = async (iid: number) =>
    (
      await t.app.inject({
        url: `/api/v4/projects/${p.project.id}/merge_requests/${iid}`,
        headers: owner.headers,
      })
    ).json<{ id: number }>().id;
});
