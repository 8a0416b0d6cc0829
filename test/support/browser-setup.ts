import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { launchBrowser, signedInPage } from './browser';
import { buildProject, buildUser, type TestUser } from './factories';
import { addProjectMember, buildMergeRequest } from './merge-request-factories';
import { createTestApp, type TestApp } from './test-app';

export type SignedInProject = {
  t: TestApp;
  browser: Browser;
  /** Signed in as the owner. */
  page: Page;
  baseUrl: string;
  /** Ada Lovelace, who owns the project. */
  owner: TestUser;
  /** Grace Hopper, a developer of the project; only when asked for. */
  developer: TestUser;
  project: ProjectContext;
};

/**
 * What most browser tests start from: the server, Ada Lovelace owning a project (and, when asked, Grace
 * Hopper as its developer), and a Chromium page signed in as Ada. Call it in a describe block; it registers
 * beforeAll/afterAll, so the fields are there once the tests run (a later beforeAll can arrange more).
 */
export function signedInProject(options: {
  visibility: 'public' | 'private';
  developer?: boolean;
}): SignedInProject {
  const setup = {} as SignedInProject;
  beforeAll(async () => {
    const t = await createTestApp();
    setup.t = t;
    setup.owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    if (options.developer) setup.developer = await buildUser(t.container, { name: 'Grace Hopper' });
    setup.project = await buildProject(t.container, setup.owner, { visibility: options.visibility });
    if (options.developer) {
      await addProjectMember(t.container, setup.project, setup.developer, ACCESS_LEVELS.developer);
    }
    setup.baseUrl = await t.listen();
    setup.browser = await launchBrowser();
    setup.page = await signedInPage(setup.browser, setup.baseUrl, setup.owner);
  });
  afterAll(async () => {
    await setup.browser?.close();
    await setup.t?.close();
  });
  return setup;
}

/**
 * On a `signedInProject` with a developer: Ada's merge request "Add a cart" with a thread she
 * started (`note`), and a page signed in as Grace Hopper.
 */
export async function mergeRequestWithThread(
  setup: SignedInProject,
  note: string,
): Promise<{ mrUrl: string; developerPage: Page }> {
  const { t, owner, developer, project, browser, baseUrl } = setup;
  const mr = await buildMergeRequest(t.container, owner, project, { title: 'Add a cart' });
  const mrUrl = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
  const started = await t.app.inject({
    method: 'POST',
    url: `${mrUrl}/notes`,
    headers: owner.headers,
    payload: { note: { note, type: 'DiscussionNote' } },
  });
  if (started.statusCode !== 201) throw new Error(`thread not started: ${started.body}`);
  const developerPage = await signedInPage(browser, baseUrl, developer);
  return { mrUrl, developerPage };
}
