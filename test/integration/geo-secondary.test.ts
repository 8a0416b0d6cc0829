import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedWidget, Widget } from '../../src/shared/api/mergeWidget';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { GEO_SECONDARY_PUSH_REFUSED } from '../../src/server/read-only';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { cloneUrl, createGitClient, tempDir } from './git-helpers';

/** The data a secondary serves arrives from the primary; here the services write it directly. */
describe('a Geo secondary node (GEO_SECONDARY=true)', () => {
  let t: TestApp;
  let owner: TestUser;
  let p: ProjectContext;
  let baseUrl: string;
  let work: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { GEO_SECONDARY: 'true' } });
    owner = await buildUser(t.container);
    p = await buildProject(t.container, owner, { visibility: 'public' });
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n' });
    await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: 'feature',
      title: 'Add a cart',
    });
    baseUrl = await t.listen();
    work = await tempDir('geo-');
  });
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  const api = `/api/v4/projects/`;

  it('serves reads', async () => {
    const response = await t.app.inject({
      url: `${api}${p.project.id}/merge_requests/1`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses writes with 405 and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `${api}${p.project.id}/merge_requests/1`,
      payload: { title: 'Renamed' },
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({
      message: 'You cannot perform write operations on a read-only instance',
    });
    const after = await t.app.inject({
      url: `${api}${p.project.id}/merge_requests/1`,
      headers: owner.headers,
    });
    expect(after.json<{ title: string }>().title).toBe('Add a cart');
  });

  it('refuses the widget’s merge call and tells the widget it is a secondary', async () => {
    const merge = await t.app.inject({
      method: 'POST',
      url: `/${p.fullPath}/-/merge_requests/1/merge`,
      payload: { sha: 'x' },
      headers: owner.headers,
    });
    expect(merge.statusCode).toBe(405);
    const widget = await t.app.inject({ url: `/${p.fullPath}/-/merge_requests/1/cached_widget.json` });
    expect(widget.json<CachedWidget>().is_geo_secondary_node).toBe(true);
  });

  it('offers no push-based action in the widget: no rebase, no first CI file', async () => {
    const widget = await t.app.inject({
      url: `/${p.fullPath}/-/merge_requests/1/widget.json`,
      headers: owner.headers,
    });
    expect(widget.json<Widget>()).toMatchObject({
      current_user: { can_push_to_source_branch: false },
      merge_request_add_ci_config_path: null,
    });
  });

  it('answers GraphQL queries and refuses mutations', async () => {
    const query = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      payload: { query: '{ currentUser { username } }' },
      headers: owner.headers,
    });
    expect(query.statusCode).toBe(200);
    const mutation = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      payload: {
        query:
          'mutation { mergeRequestSetLocked(input: {projectPath: "x", iid: "1", locked: true}) { errors } }',
      },
      headers: owner.headers,
    });
    expect(mutation.statusCode).toBe(405);
  });

  it('lets git clone, and refuses a push with a message git prints', async () => {
    const git = createGitClient(work);
    const url = cloneUrl(baseUrl, p.fullPath, { user: owner.username, secret: owner.token });
    const clone = await git(work, ['clone', url, 'shop']);
    expect(clone.code).toBe(0);
    const dir = path.join(work, 'shop');
    await git(dir, ['commit', '--allow-empty', '-m', 'On the secondary']);
    const push = await git(dir, ['push', 'origin', 'main']);
    expect(push.code).not.toBe(0);
    expect(push.stderr).toContain(GEO_SECONDARY_PUSH_REFUSED);
  });
});
