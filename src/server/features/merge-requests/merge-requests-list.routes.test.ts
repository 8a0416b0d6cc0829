import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequest } from '../../../shared/api/mergeRequests';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../../test/support/merge-request-factories';
import type { TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';
import { mergeRequestsTestSetup } from './merge-requests-test-setup';

/** Listing merge requests: filters, sorting, pages, and across projects. */
describe('merge requests API', () => {
  const kit = mergeRequestsTestSetup();
  const { api, put, get, listIids } = kit;
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  beforeAll(() => {
    ({ t, owner, project } = kit);
  });

  describe('listing', () => {
    let p: ProjectContext;
    let other: TestUser;
    beforeAll(async () => {
      p = await buildProject(t.container, owner);
      other = await buildUser(t.container);
      await addProjectMember(t.container, p, other, ACCESS_LEVELS.developer);
      await buildMergeRequest(t.container, owner, p, { title: 'Fix the parser', description: 'tokens' });
      await buildMergeRequest(t.container, other, p, { title: 'Add a lexer' });
      await buildMergeRequest(t.container, owner, p, {
        title: 'Speed up',
        description: 'the PARSER is slow',
      });
      await put(owner, `${api(p)}/2`, { state_event: 'close' });
    });

    it('lists newest first, filters by state, author and search, and sorts on request', async () => {
      expect(await listIids(api(p))).toEqual([3, 2, 1]);
      expect(await listIids(`${api(p)}?state=opened`)).toEqual([3, 1]);
      expect(await listIids(`${api(p)}?state=closed`)).toEqual([2]);
      expect(await listIids(`${api(p)}?state=merged`)).toEqual([]);
      expect(await listIids(`${api(p)}?author_id=${other.id}`)).toEqual([2]);
      expect(await listIids(`${api(p)}?search=parser`)).toEqual([3, 1]);
      expect(await listIids(`${api(p)}?order_by=updated_at&sort=desc`)).toEqual([2, 3, 1]);
      expect(await listIids(`${api(p)}?sort=asc`)).toEqual([1, 2, 3]);
    });

    it('pages with GitLab’s headers', async () => {
      const response = await get(owner, `${api(p)}?per_page=2&page=2`);
      expect(response.json<MergeRequest[]>().map((mr) => mr.iid)).toEqual([1]);
      expect(response.headers).toMatchObject({
        'x-total': '3',
        'x-total-pages': '2',
        'x-page': '2',
        'x-per-page': '2',
        'x-prev-page': '1',
        'x-next-page': '',
      });
    });

    it('answers 400 for a state it does not know', async () => {
      const response = await get(owner, `${api(p)}?state=pending`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'state does not have a valid value' });
    });

    it('lists the current user’s merge requests across projects, and all visible ones with scope=all', async () => {
      const mine = await get(other, '/api/v4/merge_requests');
      expect(mine.json<MergeRequest[]>().map((mr) => [mr.project_id, mr.iid])).toEqual([[p.project.id, 2]]);
      const all = await get(other, '/api/v4/merge_requests?scope=all&state=opened');
      const visible = all.json<MergeRequest[]>().map((mr) => mr.project_id);
      expect(visible).toContain(p.project.id);
      expect(visible).not.toContain(project.project.id);
      expect((await get(other, '/api/v4/merge_requests?scope=assigned_to_me')).json()).toEqual([]);
      expect((await get(null, '/api/v4/merge_requests')).statusCode).toBe(401);
      const anonymous = await get(null, '/api/v4/merge_requests?scope=all');
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json<MergeRequest[]>().map((mr) => mr.project_id)).not.toContain(p.project.id);
    });
  });
});
