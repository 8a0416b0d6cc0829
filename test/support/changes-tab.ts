import type { Browser, Page, Response } from 'playwright-core';
import type { DiffsBatch } from '../../src/shared/api/diffs';
import { isLastBatch } from '../../src/web/features/diffs/batchLoading';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import type { FileChange } from '../../src/server/git/commits';
import { launchBrowser, signedInPage } from './browser';
import { buildProject, buildUser, type TestUser } from './factories';
import { buildChangesMergeRequest } from './merge-request-factories';
import { createTestApp, type TestApp } from './test-app';

export type ChangesTab = {
  t: TestApp;
  owner: TestUser;
  project: ProjectContext;
  /** The merge request's Changes tab, `/{project}/-/merge_requests/{iid}/diffs`. */
  url: string;
  browser: Browser;
  /** Signed in as the owner. */
  page: Page;
  close: () => Promise<void>;
};

/**
 * A public project whose `main` holds `base`, a merge request from `branch` whose one commit
 * makes `changes`, and a browser page signed in as its owner: the start of a Changes tab test.
 */
export async function openChangesTab(input: {
  base: FileChange[];
  changes: FileChange[];
  branch?: string;
  title?: string;
  /** Runs once the branch has its commit, before the merge request is opened (plumbing commits). */
  extend?: (gitDir: string, branch: string) => Promise<unknown>;
  /** Browser permissions for the page (the clipboard, for copying paths). */
  permissions?: string[];
}): Promise<ChangesTab> {
  const t = await createTestApp();
  const owner = await buildUser(t.container);
  const project = await buildProject(t.container, owner, { visibility: 'public' });
  const extend = input.extend;
  const mr = await buildChangesMergeRequest(t.container, owner, project, {
    ...input,
    extend: extend && ((branch) => extend(project.gitDir, branch)),
  });
  const browser = await launchBrowser();
  const page = await signedInPage(browser, await t.listen(), owner);
  if (input.permissions) await page.context().grantPermissions(input.permissions);
  return {
    t,
    owner,
    project,
    url: `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}/diffs`,
    browser,
    page,
    close: async () => {
      await browser.close();
      await t.close();
    },
  };
}

/**
 * Whether `response` is the `diffs_batch.json` answer that ends a page load's batches: the one
 * whose files, from its offset (`page`) on, reach the diff's file count.
 */
export async function endsBatches(response: Response): Promise<boolean> {
  if (!response.url().includes('diffs_batch.json')) return false;
  const offset = Number(new URL(response.url()).searchParams.get('page') ?? 0);
  return isLastBatch(offset, (await response.json()) as DiffsBatch);
}

/** Presses Ctrl-F on the page and tells whether the browser's own find was left to open (not prevented). */
export async function ctrlFLeftToBrowser(page: Page): Promise<boolean> {
  await page.evaluate(() =>
    window.addEventListener(
      'keydown',
      (event) => ((window as unknown as { findPrevented: boolean }).findPrevented = event.defaultPrevented),
      { once: true },
    ),
  );
  await page.keyboard.press('Control+F');
  return !(await page.evaluate(() => (window as unknown as { findPrevented: boolean }).findPrevented));
}
