import { beforeAll, describe, expect, it } from 'vitest';
import { buildProject, type TestUser } from '../../../../test/support/factories';
import { buildMergeRequest } from '../../../../test/support/merge-request-factories';
import type { TestApp } from '../../../../test/support/test-app';
import { mergeRequestsTestSetup } from './merge-requests-test-setup';

/** The page JSON of a merge request and markdown rendered for it. */
describe('merge requests API', () => {
  const kit = mergeRequestsTestSetup();
  const { api, post, get } = kit;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(() => {
    ({ t, owner } = kit);
  });

  describe('the page JSON and markdown', () => {
    it('serves the page’s JSON with sanitized description HTML and what the viewer may do', async () => {
      const p = await buildProject(t.container, owner, { visibility: 'public' });
      await buildMergeRequest(t.container, owner, p, {
        title: 'Use `fetch`',
        description: 'Hello <script>alert(1)</script> **world** [x](javascript:alert(1))',
      });
      const page = await get(owner, `/${p.fullPath}/-/merge_requests/1.json`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({
        iid: 1,
        title_html: 'Use <code>fetch</code>',
        description_html: '<p>Hello &#x3C;script>alert(1)&#x3C;/script> <strong>world</strong> <a>x</a></p>',
        source_branch_exists: true,
        target_branch_exists: true,
        current_user: { can_update: true, can_reopen: false },
      });
      const anonymous = await get(null, `/${p.fullPath}/-/merge_requests/1.json`);
      expect(anonymous.json()).toMatchObject({ current_user: { can_update: false, can_reopen: false } });
      const hidden = await buildProject(t.container, owner, { visibility: 'private' });
      expect((await get(null, `/${hidden.fullPath}/-/merge_requests/1.json`)).statusCode).toBe(404);
    });

    it('adds title_html and description_html to the REST answer with render_html=true', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p, { description: '- [ ] task' });
      const plain = (await get(owner, `${api(p)}/1`)).json<Record<string, unknown>>();
      expect(plain).not.toHaveProperty('description_html');
      const rendered = (await get(owner, `${api(p)}/1?render_html=true`)).json<Record<string, unknown>>();
      expect(rendered.description_html).toContain(
        '<input type="checkbox" disabled class="task-list-item-checkbox" aria-label="Check option: task"> task',
      );
    });

    it('renders markdown through POST /api/v4/markdown', async () => {
      const response = await post(owner, '/api/v4/markdown', {
        text: '**hi** <img src=x onerror=alert(1)>',
        gfm: true,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        html: '<p><strong>hi</strong> &#x3C;img src=x onerror=alert(1)></p>',
      });
      expect((await post(owner, '/api/v4/markdown', {})).json()).toEqual({ message: 'text is missing' });
    });
  });
});
