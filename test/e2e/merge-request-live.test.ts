import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { branchRef, resolveCommit, ZERO_SHA } from '../../src/server/git/repository';
import { LIVE, screenshot, seenLive, signedInPage } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { pushFile } from '../support/merge-request-factories';

describe('a live merge request page', () => {
  // Ada (the owner) changes the request, in her browser or through the API; Grace watches.
  const setup = signedInProject({ visibility: 'private', developer: true });
  let watcher: Page;
  /** Requests of the watcher's browser for the page's own JSON (not the widget's). */
  let pageReads = 0;
  /** Requests of the watcher's browser for the request's commits (the Commits tab's counter and list). */
  let commitsReads = 0;

  const header = () => watcher.locator('.mr-header');
  const tab = (name: string) =>
    watcher
      .getByRole('navigation', { name: 'Merge request tabs' })
      .getByRole('link', { name: new RegExp(`^${name}`) });
  /** The number a tab's counter shows. */
  const counter = async (name: string) => /\d+/.exec(await tab(name).innerText())?.[0];
  /** Pushes a file to a branch as Ada, and announces it as a push over HTTP would. */
  const push = async (branch: string, file: { path: string; content: string }) => {
    const { t, project, owner } = setup;
    const before = (await resolveCommit(project.gitDir, branchRef(branch))) ?? ZERO_SHA;
    const after = await pushFile(project, branch, file, branch);
    await t.container.gitHttp.announcePush(
      { project, actor: owner, changes: [{ ref: branchRef(branch), oldSha: before, newSha: after }] },
      (error) => {
        throw error;
      },
    );
  };
  const mrApi = () => `/api/v4/projects/${setup.project.project.id}/merge_requests/1`;
  const put = async (payload: Record<string, unknown>) => {
    const response = await setup.t.app.inject({
      method: 'PUT',
      url: mrApi(),
      payload,
      headers: setup.owner.headers,
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    const { t, owner, project, browser, baseUrl } = setup;
    await pushFile(project, 'release', { path: 'RELEASE.md', content: 'v1\n' });
    await pushFile(project, 'feature/cart', { path: 'src/cart.ts', content: 'export const cart = [];\n' });
    await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature/cart',
      title: 'Draft: Add a cart',
      description: 'Adds the cart.',
    });
    watcher = await signedInPage(browser, baseUrl, setup.developer);
    watcher.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === `/${project.fullPath}/-/merge_requests/1.json`) pageReads++;
      if (pathname === `/api/v4/projects/${encodeURIComponent(project.fullPath)}/merge_requests/1/commits`)
        commitsReads++;
    });
    await watcher.goto(`/${project.fullPath}/-/merge_requests/1`);
    await header().getByText('Draft', { exact: true }).waitFor();
    await watcher
      .getByRole('region', { name: 'Merge' })
      .getByText('Merge request must not be draft.')
      .waitFor();
  });

  it('drops the Draft marker without a reload once the draft is marked ready through the API', async () => {
    await screenshot(watcher, 'merge-request-live-draft');
    await seenLive(
      () => put({ draft: false }),
      () => header().getByText('Open', { exact: true }).waitFor(LIVE),
    );
    await watcher.getByRole('heading', { name: 'Add a cart', exact: true }).waitFor(LIVE);
    expect(await header().getByText('Draft', { exact: true }).count()).toBe(0);
    await watcher.getByText('marked this merge request as ready').waitFor();
    await screenshot(watcher, 'merge-request-live-ready');
  });

  it('shows a title and description another user saved in their browser without a reload', async () => {
    const { page, project } = setup;
    await page.goto(`/${project.fullPath}/-/merge_requests/1`);
    await page.locator('.mr-header').getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Title').fill('Add a shopping cart');
    await page.getByRole('textbox', { name: 'Description' }).fill('Adds the **shopping** cart.');
    await seenLive(
      () =>
        Promise.all([
          page.waitForResponse(
            (r) => r.request().method() === 'PUT' && r.url().endsWith('/merge_requests/1'),
          ),
          page.getByRole('button', { name: 'Save changes' }).click(),
        ]),
      () => watcher.getByRole('heading', { name: 'Add a shopping cart' }).waitFor(LIVE),
    );
    await watcher.locator('.mr-description strong', { hasText: 'shopping' }).waitFor(LIVE);
  });

  it('follows a retarget and a new assignee without a reload', async () => {
    await seenLive(
      () => put({ target_branch: 'release' }),
      () => header().locator('.mr-branch', { hasText: 'release' }).waitFor(LIVE),
    );
    expect(await header().locator('.mr-header__meta').innerText()).toContain(
      'requested to merge feature/cart into release',
    );

    await seenLive(
      () => put({ assignee_ids: [setup.developer.id] }),
      () =>
        watcher
          .getByRole('region', { name: 'Assignees' })
          .getByRole('list', { name: 'Assigned' })
          .getByText('Grace Hopper')
          .waitFor(LIVE),
    );
    await screenshot(watcher, 'merge-request-live-retargeted-assigned');
  });

  it('follows a close and a reopen without a reload, on any tab', async () => {
    await tab('Commits').click();
    await watcher.getByRole('list', { name: 'Commits' }).waitFor();
    await seenLive(
      () => put({ state_event: 'close' }),
      () => header().getByText('Closed', { exact: true }).waitFor(LIVE),
    );
    await seenLive(
      () => put({ state_event: 'reopen' }),
      () => header().getByText('Open', { exact: true }).waitFor(LIVE),
    );
    await tab('Overview').click();
    await watcher.getByRole('region', { name: 'Merge' }).getByText('Ready to merge!').waitFor();
  });

  it('reads only the widget again, not the page, when a push to the target changes nothing the page shows', async () => {
    const widget = watcher.getByRole('region', { name: 'Merge' });
    await widget.getByText('1 commit behind').waitFor();
    const readsBefore = { page: pageReads, commits: commitsReads };
    await push('release', { path: 'NOTES.md', content: 'notes\n' });
    // The request into `release` is rechecked and announced; the widget hears of it at once.
    await widget.getByText('2 commits behind').waitFor(LIVE);
    await watcher.waitForTimeout(500);
    expect({ page: pageReads, commits: commitsReads }).toEqual(readsBefore);
  });

  it('counts a commit pushed to the source branch on the Commits tab without a reload, and lists it', async () => {
    await tab('Commits').click();
    const commits = watcher.getByRole('list', { name: 'Commits' }).getByRole('listitem');
    await commits.first().waitFor();
    expect(await commits.count()).toBe(1);
    expect(await counter('Commits')).toBe('1');
    expect(await counter('Changes')).toBe('1');
    await seenLive(
      () => push('feature/cart', { path: 'src/total.ts', content: 'export const total = 0;\n' }),
      () =>
        tab('Commits')
          .filter({ hasText: /^\D*2\b/ })
          .waitFor(LIVE),
    );
    await commits.filter({ hasText: 'Update src/total.ts' }).waitFor(LIVE);
    expect(await commits.count()).toBe(2);
    expect(await counter('Changes')).toBe('2');
    await screenshot(watcher, 'merge-request-live-pushed-commit');
    await tab('Overview').click();
  });

  it('follows a new title through the widget’s polls when the socket is down', async () => {
    const offline = await watcher.context().newPage();
    await offline.routeWebSocket(/\/api\/graphql$/, (socket) => socket.close());
    await offline.clock.install();
    await offline.goto(`/${setup.project.fullPath}/-/merge_requests/1`);
    await offline.getByRole('heading', { name: 'Add a shopping cart' }).waitFor();
    // Polling starts with the widget's first answer.
    await offline.getByRole('region', { name: 'Merge' }).getByText('Ready to merge!').waitFor();
    await put({ title: 'Add a shopping cart with a total' });
    // The ready-to-merge panel polls the merge state 5 s on (spec 000 §9), not at `Poll-Interval` (10 s).
    await offline.clock.fastForward(5_000);
    await offline
      .getByRole('heading', { name: 'Add a shopping cart with a total' })
      .waitFor({ timeout: 2_000 });
    await offline.close();
  });

  it('says a failed status check above the widget it keeps, and clears it with the next good poll', async () => {
    const pageJson = `**/${setup.project.fullPath}/-/merge_requests/1.json`;
    const statusCheck = `**/${setup.project.fullPath}/-/merge_requests/1/cached_widget.json`;
    const busy = (route: Route) => route.fulfill({ status: 409, body: '{"message":"busy"}' });
    await watcher.route(pageJson, busy);
    await watcher.route(statusCheck, busy);
    const widget = watcher.getByRole('region', { name: 'Merge' });
    await put({ title: 'Add a cart, refreshed' });
    // The status check failed: §8 says so, and what the widget knew stays beneath, as does the page.
    await widget.getByRole('alert').filter({ hasText: 'Something went wrong. Please try again.' }).waitFor();
    await widget.getByText(/^Ready to merge/).waitFor();
    await watcher.getByRole('heading', { name: 'Add a shopping cart with a total' }).waitFor();
    await screenshot(watcher, 'merge-request-live-status-check-failed');
    await watcher.unroute(pageJson);
    await watcher.unroute(statusCheck);
    await put({ title: 'Add a cart, refreshed again' });
    await watcher.getByRole('heading', { name: 'Add a cart, refreshed again' }).waitFor(LIVE);
    await widget.getByText('Something went wrong. Please try again.').waitFor({ state: 'detached' });
    await widget.getByText(/^Ready to merge/).waitFor();
  });

  it('says the widget could not load when its first status check fails', async () => {
    const page = await watcher.context().newPage();
    await page.route('**/cached_widget.json', (route) => route.fulfill({ status: 404, body: '{}' }));
    await page.goto(`/${setup.project.fullPath}/-/merge_requests/1`);
    await page.getByText('Unable to load the merge request widget. Try reloading the page.').waitFor();
    expect(await page.getByRole('button', { name: 'Merge', exact: true }).count()).toBe(0);
    await page.close();
  });
});
