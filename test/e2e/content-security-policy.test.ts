import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, signIn } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { png } from '../support/images';
import { buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/**
 * The real app under its Content-Security-Policy: every main page loads, and the browser reports
 * no violation (a blocked script, style, image, request or socket), which would mean the policy
 * broke something a user would notice.
 */
describe('the content security policy in Chromium', () => {
  let t: TestApp;
  let url: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let ada: TestUser;
  let projectPath: string;
  let projectName: string;
  const consoleViolations: string[] = [];
  const sockets: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    ada = await buildUser(t.container, { name: 'Ada Lovelace' });
    const project = await buildProject(t.container, ada, { visibility: 'public' });
    projectPath = project.fullPath;
    projectName = project.project.path;
    await buildMergeRequest(t.container, ada, project, { title: 'Add a cart' });
    url = await t.listen();

    // A comment with an uploaded image, an image from elsewhere, code, a task list and an emoji.
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(png(8, 8, [200, 40, 40]))], { type: 'image/png' }),
      'chart.png',
    );
    const uploaded = await fetch(`${url}/api/v4/projects/${project.project.id}/uploads`, {
      method: 'POST',
      headers: ada.headers,
      body: form,
    });
    const { markdown } = (await uploaded.json()) as { markdown: string };
    const note = [
      'The cart chart:',
      // The page serves uploads under the project (GitLab's markdown rewrites `/uploads/` so).
      markdown.replace('(/uploads/', `(/${project.fullPath}/uploads/`),
      '![badge](https://img.example.com/badge.svg)',
      '```ts\nexport const total = 1;\n```',
      '- [ ] Check the totals :tada:',
    ].join('\n\n');
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/merge_requests/1/notes`,
      headers: ada.headers,
      payload: { body: note },
    });
    expect(posted.statusCode).toBe(201);
    await t.container.issues.create(ada, project.project.id, {
      title: 'Checkout times out',
      description: 'Seen since **Monday**.',
    });

    browser = await launchBrowser();
    context = await newContext(browser, url);
    await context.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    page = await context.newPage();
    page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) consoleViolations.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Violations the page reported since it loaded, and those Chromium logged. */
  const violations = async () => [
    ...(await page.evaluate(() => window.cspViolations ?? [])),
    ...consoleViolations.splice(0),
  ];

  const visit = async (path: string, shows: () => Promise<boolean>) => {
    await page.goto(path);
    await expect.poll(shows, { timeout: 10_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  };

  it('reports no violation on the sign-in page, and signs in', async () => {
    await visit('/users/sign_in', () => page.getByRole('button', { name: 'Sign in' }).isVisible());
    await signIn(page, ada.username, ada.password);
    expect(await violations()).toEqual([]);
  });

  it('reports no violation on the dashboard, the project and its files', async () => {
    await visit('/dashboard/projects', () => page.getByText(projectName).first().isVisible());
    await visit(`/${projectPath}`, () => page.getByRole('region', { name: 'README' }).isVisible());
    await visit(`/${projectPath}/-/blob/main/README.md`, () =>
      page.getByText('README.md').first().isVisible(),
    );
    await visit(`/${projectPath}/-/commits/main`, () => page.getByText('Initial commit').first().isVisible());
  });

  it('reports no violation on a merge request: its comments with images, its widget and live updates, its tabs', async () => {
    await visit(`/${projectPath}/-/merge_requests/1`, () => page.getByText('The cart chart:').isVisible());
    const image = page.locator('.markdown-body img[alt="chart"]').first();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(8);
    // Live updates came over the GraphQL socket, which connect-src allows.
    expect(sockets).toContain('/api/graphql');
    await visit(`/${projectPath}/-/merge_requests/1/diffs`, () => page.getByText('.txt').first().isVisible());
    await visit(`/${projectPath}/-/merge_requests/1/commits`, () =>
      page.getByText('Update').first().isVisible(),
    );
    await visit(`/${projectPath}/-/merge_requests/new`, () =>
      page.getByRole('heading', { name: 'New merge request' }).isVisible(),
    );
  });

  it('reports no violation on issues, the Markdown preview and settings pages', async () => {
    await visit(`/${projectPath}/-/issues`, () => page.getByText('Checkout times out').isVisible());
    await visit(`/${projectPath}/-/issues/1`, () => page.getByText('Monday').isVisible());
    const comment = page.getByRole('form', { name: 'Add a comment' });
    await comment.getByRole('textbox').fill('**Previewed** text');
    await comment.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => comment.locator('strong', { hasText: 'Previewed' }).isVisible()).toBe(true);
    expect(await violations()).toEqual([]);
    await visit(`/${projectPath}/-/settings/merge_requests`, () =>
      page.getByRole('heading', { name: 'Merge requests' }).first().isVisible(),
    );
    await visit('/-/user_settings/personal_access_tokens', () =>
      page.getByRole('heading', { name: 'Personal access tokens' }).first().isVisible(),
    );
  });

  describe('framing by another site (clickjacking)', () => {
    let elsewhere: Server;
    let elsewhereUrl: string;
    beforeAll(async () => {
      elsewhere = createServer((request, response) =>
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<iframe id="app" src="${url}${request.url ?? '/'}" width="800" height="600"></iframe>`),
      );
      await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
      const address = elsewhere.address();
      elsewhereUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(() => elsewhere.close());

    it.each([
      ['the sign-in page', () => '/users/sign_in'],
      ['a merge request', () => `/${projectPath}/-/merge_requests/1`],
    ])('refuses to show %s in another site’s frame', async (_name, path) => {
      const framing = await context.newPage();
      const refused: string[] = [];
      framing.on('console', (message) => refused.push(message.text()));
      await framing.goto(`${elsewhereUrl}${path()}`);
      await expect.poll(() => refused.some((text) => text.includes("frame-ancestors 'self'"))).toBe(true);
      const frame = framing.frames().find((candidate) => candidate !== framing.mainFrame());
      expect(await frame?.locator('#root').count()).toBe(0);
      await framing.close();
    });
  });
});
