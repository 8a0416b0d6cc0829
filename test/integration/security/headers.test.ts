import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { buildMergeRequest } from '../../support/merge-request-factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/** The policy as a browser receives it: every directive, exactly. */
const CSP =
  "default-src 'self';base-uri 'self';connect-src 'self';font-src 'self' data:;form-action 'self';" +
  "frame-ancestors 'self';img-src 'self' data: blob: http: https:;media-src 'self' data: blob: http: https:;" +
  "object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';worker-src 'self'";

const SECURITY_HEADERS = {
  'content-security-policy': CSP,
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=63072000',
  'cross-origin-opener-policy': 'same-origin',
};

describe('security headers on every answer', () => {
  let t: TestApp;
  let webDir: string;
  let owner: TestUser;
  let mergeRequestPage: string;
  beforeAll(async () => {
    // A web build of the test's own: a page and an asset, as `npm run build:web` writes them.
    webDir = await mkdtemp(path.join(os.tmpdir(), 'web-build-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><script type="module" src="/assets/index-abc.js"></script><div id="root"></div>',
    );
    await writeFile(path.join(webDir, 'assets', 'index-abc.js'), 'export {};\n');
    t = await createTestApp({ webDistDir: webDir });
    owner = await buildUser(t.container);
    const project = await buildProject(t.container, owner, { visibility: 'public' });
    await buildMergeRequest(t.container, owner, project);
    mergeRequestPage = `/${project.fullPath}/-/merge_requests/1`;
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const page = { accept: 'text/html' };
  it.each([
    ['the sign-in page', () => ({ url: '/users/sign_in', headers: page }), 200],
    ['a merge request page', () => ({ url: mergeRequestPage, headers: page }), 200],
    ['a built script', () => ({ url: '/assets/index-abc.js' }), 200],
    ['the page’s JSON', () => ({ url: '/-/session' }), 200],
    ['the REST API', () => ({ url: '/api/v4/user', headers: owner.headers }), 200],
    ['a refused API call', () => ({ url: '/api/v4/user' }), 401],
    ['a path nothing serves', () => ({ url: '/api/v4/nothing-here' }), 404],
    [
      'a failed sign-in',
      () => ({ method: 'POST' as const, url: '/users/sign_in', payload: { login: 'x', password: 'y' } }),
      401,
    ],
    [
      'GraphQL',
      () => ({
        method: 'POST' as const,
        url: '/api/graphql',
        payload: { query: '{ currentUser { username } }' },
      }),
      200,
    ],
    ['the health check', () => ({ url: '/-/liveness' }), 200],
  ])('%s', async (_name, request, status) => {
    const response = await t.app.inject(request());
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(SECURITY_HEADERS);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the page itself, so the policy covers what a browser frames', async () => {
    const response = await t.app.inject({ url: '/users/sign_in', headers: page });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root">');
  });
});
