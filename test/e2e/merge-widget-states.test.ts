import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import {
  findMergeRequestRecord,
  updateMergeRequestRow,
} from '../../src/server/features/merge-requests/merge-requests.repo';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import type { CachedWidget, Widget } from '../../src/shared/api/mergeWidget';
import type { UpdateProjectBody } from '../../src/shared/api/projects';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { MERGE_CHECKS_CHECKING } from '../../src/shared/merge-checks/mergeChecksSummary';
import { BRANCH_DELETION_NOTICE } from '../../src/shared/merge-widget/messages';
import { MERGING_MESSAGES } from '../../src/shared/merge-widget/mergingMessages';
import { DELETES_SOURCE_BRANCH } from '../../src/shared/merge-widget/widgetVisibility';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildProject, buildUser } from '../support/factories';
import { addProjectMember, buildMergeRequest, pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const widgetOf = (page: Page) => page.getByRole('region', { name: 'Merge' });

/**
 * A route handler answering with the server's real JSON (read afresh, not a 304) changed by `change`.
 * A poll the page dropped while its answer was read (it navigated away) is left as Playwright
 * already settled it.
 */
const rewritten =
  <T>(change: (body: T) => T) =>
  async (route: Route) => {
    const headers = { ...route.request().headers() };
    delete headers['if-none-match'];
    const response = await route.fetch({ headers });
    const json = change((await response.json()) as T);
    try {
      await route.fulfill({ response, json, headers: { ...response.headers(), etag: '' } });
    } catch (error) {
      if (!String(error).includes('Route is already handled')) throw error;
    }
  };

describe('the merge widget’s state panels', () => {
  const s = signedInProject({ visibility: 'public' });
  beforeAll(() => {
    // Auto-merge and rebase run as jobs, as they do in the server.
    s.t.container.jobs.start((error) => console.error(error));
  });
  afterAll(() => s.t?.container.jobs.stop());

  const widget = () => widgetOf(s.page);
  const api = (p: ProjectContext, suffix = '') => `/api/v4/projects/${p.project.id}${suffix}`;
  const head = (p: ProjectContext, branch: string) => resolveCommit(p.gitDir, branchRef(branch));

  /** A fresh project with `settings`, a request from `branch` changing `cart.ts`, and the page open on it. */
  async function openRequest(branch: string, options: { settings?: UpdateProjectBody; title?: string } = {}) {
    const p = await buildProject(s.t.container, s.owner, { visibility: 'public' });
    if (options.settings) await s.t.container.projects.updateProject(s.owner, p.project.id, options.settings);
    await pushFile(p, branch, {
      path: 'cart.ts',
      content: 'export const cart = [];\n',
      message: 'Add a cart',
    });
    await s.t.container.mergeRequests.create(s.owner, p.project.id, {
      source_branch: branch,
      title: options.title ?? 'Add a cart',
    });
    await s.page.goto(`/${p.fullPath}/-/merge_requests/1`);
    return p;
  }

  /** Main changes `cart.ts` too, without announcing it, so merging or rebasing the request conflicts. */
  const conflictOnMain = (p: ProjectContext) =>
    pushFile(p, 'main', { path: 'cart.ts', content: 'export const cart = 1;\n', message: 'Theirs' });

  it('shows one of the nine “Merging!” texts while the merge runs', async () => {
    const p = await openRequest('feature/slow');
    await widget().getByText('Ready to merge!').waitFor();
    // The merge call is held back a moment in the browser; the server merges as always.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await s.page.route('**/-/merge_requests/1/merge', async (route: Route) => {
      await held;
      await route.continue();
    });
    await widget().getByRole('button', { name: 'Merge', exact: true }).click();
    const merging = widget().getByRole('status');
    await merging.waitFor();
    expect(MERGING_MESSAGES).toContain(await merging.innerText());
    await screenshot(s.page, 'merge-widget-merging');
    release();
    await widget().getByText('Merged by Ada Lovelace').waitFor();
    await s.page.unroute('**/-/merge_requests/1/merge');
    expect(await head(p, 'feature/slow')).toBeNull();
  });

  it('follows a merge already under way when its own Merge loses to it, until that merge lands', async () => {
    const p = await openRequest('feature/race');
    await widget().getByText('Ready to merge!').waitFor();
    // Another merge takes the request first: the server holds it `locked` while it runs.
    const mr = (await findMergeRequestRecord(s.t.container.db, p.project.id, 1))?.mergeRequest;
    if (!mr) throw new Error('no merge request');
    const lock = (state: 'locked' | 'opened') =>
      updateMergeRequestRow(s.t.container.db, mr.id, {
        state,
        mergeStartedAt: new Date(),
        updatedAt: new Date(),
      });
    await lock('locked');
    const [answer] = await Promise.all([
      s.page.waitForResponse((r) => r.url().endsWith('/-/merge_requests/1/merge')),
      widget().getByRole('button', { name: 'Merge', exact: true }).click(),
    ]);
    expect(await answer.json()).toEqual({ status: 'merging' });
    // Not "Merge request must be open.": the widget shows the merge under way, no failure.
    const merging = widget().getByRole('status');
    await merging.waitFor();
    expect(MERGING_MESSAGES).toContain(await merging.innerText());
    expect(await widget().getByText('Merge request must be open.').count()).toBe(0);
    await screenshot(s.page, 'merge-widget-merging-elsewhere');
    // That merge lands; the widget, polling it, shows it merged.
    await lock('opened');
    await s.t.container.merges.merge(s.owner, p.project.id, 1, {}, (error) => {
      throw error;
    });
    await widget().getByText('Merged by Ada Lovelace').waitFor();
  });

  it('shows the checking panel while the server reports the checks as running', async () => {
    // The server computes mergeability before it answers a widget poll (docs/decisions.md), so
    // `checking` comes from a GitLab-shaped answer: the browser rewrites the real one.
    const stub = rewritten<CachedWidget>((body) => ({ ...body, detailed_merge_status: 'checking' }));
    await s.page.route('**/cached_widget.json', stub);
    await openRequest('feature/checking');
    await widget().getByText(MERGE_CHECKS_CHECKING, { exact: true }).waitFor();
    expect(await widget().getByRole('button', { name: 'Merge', exact: true }).count()).toBe(0);
    await screenshot(s.page, 'merge-widget-checking');
    await s.page.unroute('**/cached_widget.json', stub);
    await s.page.reload();
    await widget().getByText('Ready to merge!').waitFor();
  });

  it('says a request without commits contains no changes', async () => {
    const p = await buildProject(s.t.container, s.owner, { visibility: 'public' });
    const created = await s.t.app.inject({
      method: 'POST',
      url: api(p, '/repository/branches'),
      payload: { branch: 'feature/empty', ref: 'main' },
      headers: s.owner.headers,
    });
    expect(created.statusCode).toBe(201);
    await s.t.container.mergeRequests.create(s.owner, p.project.id, {
      source_branch: 'feature/empty',
      title: 'Nothing yet',
    });
    await s.page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widget().getByText('Merge request contains no changes').waitFor();
    expect(await widget().getByRole('button', { name: 'Merge', exact: true }).count()).toBe(0);
    await screenshot(s.page, 'merge-widget-nothing-to-merge');
  });

  it('says auto-merge failed when the request it waited on came to conflict', async () => {
    const p = await openRequest('feature/doomed', { title: 'Draft: Add a cart' });
    await widget().getByRole('button', { name: 'Set to auto-merge' }).click();
    await widget().getByText('Set to merge when all merge checks pass').waitFor();
    await conflictOnMain(p);
    const ready = await s.t.app.inject({
      method: 'PUT',
      url: api(p, '/merge_requests/1'),
      payload: { draft: false },
      headers: s.owner.headers,
    });
    expect(ready.statusCode).toBe(200);
    await widget().getByText('This merge request failed to be merged automatically').waitFor();
    await widget().getByText('Merge conflicts must be resolved.').waitFor();
    expect(await widget().getByRole('button', { name: 'Cancel auto-merge' }).count()).toBe(0);
    // The note names the user who set the auto-merge.
    await s.page
      .getByRole('region', { name: 'Activity' })
      .locator('li', { hasText: 'aborted the automatic merge' })
      .getByText('Ada Lovelace')
      .waitFor();
    await screenshot(s.page, 'merge-widget-auto-merge-failed');
    expect(await head(p, 'feature/doomed')).not.toBeNull();
  });

  it('shows a Reporter the auto-merge someone set, with its branch deletion, and no cancel', async () => {
    const p = await openRequest('feature/later', { title: 'Draft: Add a cart' });
    expect(await widget().getByLabel('Delete source branch').isChecked()).toBe(true);
    await widget().getByRole('button', { name: 'Set to auto-merge' }).click();
    await widget().getByText('Deletes the source branch', { exact: true }).waitFor();
    // Ada chose it herself: no notice for her.
    expect(await widget().getByText(BRANCH_DELETION_NOTICE).count()).toBe(0);

    const reporter = await buildUser(s.t.container, { name: 'Rory Reporter' });
    await addProjectMember(s.t.container, p, reporter, ACCESS_LEVELS.reporter);
    const other = await signedInPage(s.browser, s.baseUrl, reporter);
    await other.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widgetOf(other).getByText('Set to merge when all merge checks pass').waitFor();
    await widgetOf(other).getByText('Deletes the source branch', { exact: true }).waitFor();
    await widgetOf(other).getByText(BRANCH_DELETION_NOTICE).waitFor();
    expect(await widgetOf(other).getByRole('button', { name: 'Cancel auto-merge' }).count()).toBe(0);
    await screenshot(other, 'merge-widget-auto-merge-reporter');
    await other.close();
  });

  it('tells a merger without the delete checkbox that the request deletes its branch, and sends no choice of theirs', async () => {
    // Merging takes a Developer, who may remove any branch that is not protected nor the default,
    // so no merger here lacks the checkbox: the viewer's answer is rewritten in the browser as for
    // one who may not remove the branch (GitLab's fork case). The server's own
    // `remove_source_branch` stands: the project deletes by default, and the author may.
    const asMergerWithoutTheRight = rewritten<Widget>((body) => ({
      ...body,
      current_user: { ...body.current_user, can_remove_source_branch: false },
    }));
    await s.page.route('**/-/merge_requests/1/widget.json', asMergerWithoutTheRight);
    try {
      const p = await openRequest('feature/theirs');
      await widget().getByText('Ready to merge!').waitFor();
      const form = widget().getByLabel('Merge options');
      await form.getByText(DELETES_SOURCE_BRANCH, { exact: true }).waitFor();
      await form.getByText(BRANCH_DELETION_NOTICE).waitFor();
      expect(await form.getByLabel('Delete source branch').count()).toBe(0);
      await screenshot(s.page, 'merge-widget-branch-deletion-notice');

      const call = s.page.waitForRequest('**/-/merge_requests/1/merge');
      await widget().getByRole('button', { name: 'Merge', exact: true }).click();
      expect((await call).postDataJSON()).not.toHaveProperty('should_remove_source_branch');
      await widget().getByText('Merged by Ada Lovelace').waitFor();
      expect(await head(p, 'feature/theirs')).toBeNull();
    } finally {
      await s.page.unroute('**/-/merge_requests/1/widget.json', asMergerWithoutTheRight);
    }
  });

  it('promises no deletion of a protected source branch, which no merge removes', async () => {
    const p = await buildProject(s.t.container, s.owner, { visibility: 'public' });
    await pushFile(p, 'release', { path: 'cart.ts', content: 'export const cart = [];\n' });
    await s.t.container.protectedBranches.protect(p.project.id, {
      name: 'release',
      push_access_level: 40,
      merge_access_level: 40,
      allow_force_push: false,
    });
    await s.t.container.mergeRequests.create(s.owner, p.project.id, {
      source_branch: 'release',
      title: 'Release',
    });
    await s.page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widget().getByText('Ready to merge!').waitFor();
    const form = widget().getByLabel('Merge options');
    await form.getByRole('button', { name: 'Merge', exact: true }).waitFor();
    expect(await form.getByLabel('Delete source branch').count()).toBe(0);
    expect(await form.getByText(DELETES_SOURCE_BRANCH).count()).toBe(0);
    expect(await form.getByText(BRANCH_DELETION_NOTICE).count()).toBe(0);
  });

  it('says why a rebase failed', async () => {
    const p = await openRequest('feature/clash', { settings: { merge_method: 'ff' } });
    await conflictOnMain(p);
    const before = await head(p, 'feature/clash');
    await s.page.reload();
    await widget().getByRole('button', { name: 'Rebase source branch' }).click();
    await s.page
      .getByRole('alertdialog', { name: 'Rebase source branch?' })
      .getByRole('button', { name: 'Rebase' })
      .click();
    await widget()
      .getByText('Rebase failed: Rebase locally, resolve all conflicts, then push the branch.', {
        exact: true,
      })
      .waitFor();
    // Said once: the merge error alert does not repeat it.
    expect(
      await widget()
        .getByText(/Rebase failed/)
        .count(),
    ).toBe(1);
    expect(await head(p, 'feature/clash')).toBe(before);
    await screenshot(s.page, 'merge-widget-rebase-failed');
  });

  it('cherry-picks a merged request into another branch through a new merge request', async () => {
    const p = await buildProject(s.t.container, s.owner, { visibility: 'public' });
    await pushFile(p, 'stable', { path: 'STABLE.md', content: 'stable\n', message: 'Start stable' });
    await buildMergeRequest(s.t.container, s.owner, p, { source_branch: 'fix', title: 'Fix the cart' });
    const merged = await s.t.app.inject({
      method: 'PUT',
      url: api(p, '/merge_requests/1/merge'),
      headers: s.owner.headers,
    });
    expect(merged.statusCode).toBe(200);
    const stableBefore = await head(p, 'stable');

    await s.page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widget().getByRole('button', { name: 'Cherry-pick' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Cherry-pick this merge request' });
    await dialog.getByLabel('Pick into branch').selectOption('stable');
    expect(await dialog.getByLabel('Start a new merge request with these changes').isChecked()).toBe(true);
    await screenshot(s.page, 'merge-widget-cherry-pick-modal');
    await dialog.getByRole('button', { name: 'Cherry-pick' }).click();

    await s.page.waitForURL(`**/${p.fullPath}/-/merge_requests/2`);
    await s.page.getByRole('heading', { name: 'Fix the cart (cherry picked into stable)' }).waitFor();
    await widgetOf(s.page).getByText('Ready to merge!').waitFor();
    await screenshot(s.page, 'merge-widget-cherry-pick-request');
    // The pick waits on its own branch: `stable` moves only when that request merges.
    expect(await head(p, 'stable')).toBe(stableBefore);
    const request = (await s.t.container.mergeRequests.show(s.owner, p.project.id, 2)).mergeRequest;
    expect(request.targetBranch).toBe('stable');
    expect(request.sourceBranch).toMatch(/^cherry-pick-[0-9a-f]{8}$/);
  });
});

describe('the merge widget on a Geo secondary node', () => {
  let t: TestApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  // The data a secondary serves comes from its primary; here the services write it directly.
  beforeAll(async () => {
    t = await createTestApp({ env: { GEO_SECONDARY: 'true' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('says merge requests are read-only there and offers no merge', async () => {
    const owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    const p = await buildProject(t.container, owner, { visibility: 'public' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'feature', title: 'Add a cart' });
    const page = await signedInPage(browser, await t.listen(), owner);
    await page.goto(`/${p.fullPath}/-/merge_requests/1`);
    await widgetOf(page)
      .getByText('Merge unavailable: merge requests are read-only in a secondary Geo node.')
      .waitFor();
    expect(await widgetOf(page).getByRole('button', { name: 'Merge', exact: true }).count()).toBe(0);
    // Nothing that writes is offered: no rebase, no first CI file.
    expect(await widgetOf(page).getByRole('button', { name: 'Try out pipelines' }).count()).toBe(0);
    await screenshot(page, 'merge-widget-geo-secondary');
  });
});
