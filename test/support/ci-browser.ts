import type { Browser, Page } from 'playwright-core';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { launchBrowser, signedInPage } from './browser';
import { instanceRunnerToken, startRunnerProcess, waitUntil, type RunnerProcess } from './ci';
import { buildProject, buildUser, type TestUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

/**
 * What a browser test of CI screens starts with: the app, the bundled runner as its own process
 * (taking the instance's jobs), an owner's project, and a page signed in as that owner.
 */
export type CiBrowserSuite = {
  t: TestApp;
  baseUrl: string;
  runner: RunnerProcess;
  browser: Browser;
  owner: TestUser;
  project: ProjectContext;
  page: Page;
  /** A GET of the project's REST API (`/api/v4/projects/:id` + `path`) as the owner. */
  api<T>(path: string): Promise<T>;
  /** The newest pipeline of `sha`, once its status satisfies `done`. */
  pipelineAt(sha: string, done: (status: string) => boolean): Promise<{ id: number; status: string }>;
  stop(): Promise<void>;
};

export async function startCiBrowserSuite(): Promise<CiBrowserSuite> {
  // A short long poll, so that a runner stopping at the end of a file is not kept waiting.
  const t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
  const baseUrl = await t.listen();
  const owner = await buildUser(t.container, { name: 'Olivia Owner' });
  const project = await buildProject(t.container, owner);
  const runner = startRunnerProcess({
    url: baseUrl,
    token: await instanceRunnerToken(t.container),
    concurrent: 2,
  });
  await runner.waitForOutput(/Runner started/);
  const browser = await launchBrowser();
  const page = await signedInPage(browser, baseUrl, owner);
  const api = async <T>(path: string): Promise<T> =>
    (
      await t.app.inject({ url: `/api/v4/projects/${project.project.id}${path}`, headers: owner.headers })
    ).json<T>();
  return {
    t,
    baseUrl,
    runner,
    browser,
    owner,
    project,
    page,
    api,
    async pipelineAt(sha, done) {
      const [pipeline] = await waitUntil(
        () => api<{ id: number; status: string }[]>(`/pipelines?sha=${sha}`),
        (list) => list.length > 0 && done(list[0]!.status),
      );
      return pipeline!;
    },
    async stop() {
      await browser.close();
      await runner.stop();
      await t.close();
    },
  };
}
