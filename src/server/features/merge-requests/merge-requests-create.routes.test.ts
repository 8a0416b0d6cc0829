import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequest, MergeRequestDetail } from '../../../shared/api/mergeRequests';
import { buildProject, buildToken, buildUser, type TestUser } from '../../../../test/support/factories';
import {
  addProjectMember,
  buildMergeRequest,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import type { TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';
import { mergeRequestsTestSetup } from './merge-requests-test-setup';

/** Creating merge requests, and who may read or create them. */
describe('merge requests API', () => {
  const kit = mergeRequestsTestSetup();
  const { api, post, put, get, listIids } = kit;
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  beforeAll(() => {
    ({ t, owner, project } = kit);
  });

  describe('creating', () => {
    it('creates a merge request with GitLab’s fields and its first diff version', async () => {
      const p = await buildProject(t.container, owner);
      const head = await pushFile(p, 'feature/login', { path: 'login.ts', content: 'export {};\n' });
      const response = await post(owner, api(p), {
        source_branch: 'feature/login',
        target_branch: 'main',
        title: 'Add login',
        description: 'Closes the gap.\n\n- [x] code\n- [ ] docs',
      });
      expect(response.statusCode).toBe(201);
      const mr = response.json<MergeRequestDetail>();
      expect(mr).toMatchObject({
        iid: 1,
        project_id: p.project.id,
        title: 'Add login',
        state: 'opened',
        source_branch: 'feature/login',
        target_branch: 'main',
        source_project_id: p.project.id,
        target_project_id: p.project.id,
        draft: false,
        work_in_progress: false,
        merge_status: 'can_be_merged',
        detailed_merge_status: 'mergeable',
        has_conflicts: false,
        sha: head,
        changes_count: '1',
        reference: '!1',
        references: { short: '!1', relative: '!1', full: `${p.fullPath}!1` },
        web_url: `${t.config.externalUrl}/${p.fullPath}/-/merge_requests/1`,
        task_completion_status: { count: 2, completed_count: 1 },
        author: { id: owner.id, username: owner.username, name: 'Olivia Owner', state: 'active' },
        assignees: [],
        reviewers: [],
        labels: [],
        user_notes_count: 0,
        first_contribution: true,
        user: { can_merge: true },
        closed_by: null,
        merged_by: null,
      });
      expect(mr.diff_refs).toEqual({
        base_sha: expect.stringMatching(/^[0-9a-f]{40}$/),
        start_sha: mr.diff_refs?.base_sha,
        head_sha: head,
      });
    });

    it('takes the project’s default branch as the target when none is given', async () => {
      const p = await buildProject(t.container, owner);
      await pushFile(p, 'topic', { path: 'a.txt', content: 'a\n' });
      const response = await post(owner, api(p), { source_branch: 'topic', title: 'Topic' });
      expect(response.statusCode).toBe(201);
      expect(response.json<MergeRequest>().target_branch).toBe('main');
    });

    it('refuses a source branch that does not exist, writing nothing', async () => {
      const p = await buildProject(t.container, owner);
      const response = await post(owner, api(p), { source_branch: 'nope', title: 'Ghost' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: ['Source branch "nope" does not exist'] });
      expect(await listIids(api(p))).toEqual([]);
    });

    it('refuses a target branch that does not exist', async () => {
      const p = await buildProject(t.container, owner);
      await pushFile(p, 'topic', { path: 'a.txt', content: 'a\n' });
      const response = await post(owner, api(p), {
        source_branch: 'topic',
        target_branch: 'gone',
        title: 'x',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: ['Target branch "gone" does not exist'] });
    });

    it('refuses a branch name that is a revision expression rather than a branch', async () => {
      const p = await buildProject(t.container, owner);
      const response = await post(owner, api(p), {
        source_branch: 'main~1',
        title: 'x',
        target_branch: 'main',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: ['Source branch "main~1" does not exist'] });
    });

    it('refuses the same branch as source and target', async () => {
      const response = await post(owner, api(project), {
        source_branch: 'main',
        target_branch: 'main',
        title: 'x',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: ["You can't use same project/branch for source and target"],
      });
    });

    it('refuses a second open merge request for the same branches with 409 naming the first', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p, { source_branch: 'dup' });
      const response = await post(owner, api(p), { source_branch: 'dup', title: 'Again' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: ['Another open merge request already exists for this source branch: !1'],
      });
      expect(await listIids(api(p))).toEqual([1]);
    });

    it('lets only one of two simultaneous requests for the same branches through', async () => {
      const p = await buildProject(t.container, owner);
      await pushFile(p, 'race', { path: 'r.txt', content: 'r\n' });
      const responses = await Promise.all(
        [1, 2, 3].map((n) => post(owner, api(p), { source_branch: 'race', title: `Race ${n}` })),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await listIids(api(p))).toHaveLength(1);
    });

    it.each([
      [{ source_branch: 'topic' }, 'title is missing'],
      [{ source_branch: 'topic', title: 'x'.repeat(256) }, 'title is too long (maximum is 255)'],
      [{ source_branch: 'topic', title: '   ' }, 'title is empty'],
      [{ title: 'x' }, 'source_branch is missing'],
      [
        { source_branch: 'topic', title: 'x', description: 'd'.repeat(1_000_001) },
        'description is too long (maximum is 1000000)',
      ],
    ])('answers 400 for bad input %#', async (payload, message) => {
      const p = await buildProject(t.container, owner);
      await pushFile(p, 'topic', { path: 'a.txt', content: 'a\n' });
      const response = await post(owner, api(p), payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await listIids(api(p))).toEqual([]);
    });

    it('ignores fields it does not know', async () => {
      const p = await buildProject(t.container, owner);
      await pushFile(p, 'topic', { path: 'a.txt', content: 'a\n' });
      const response = await post(owner, api(p), {
        source_branch: 'topic',
        title: 'With extras',
        labels: 'a,b',
        squash: true,
        flavour: 'vanilla',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json<MergeRequest>()).toMatchObject({
        title: 'With extras',
        // Labels are known now: unknown names become the project's labels.
        labels: ['a', 'b'],
        squash: false,
      });
    });

    it('marks a draft from `draft: true` or a draft title prefix', async () => {
      const p = await buildProject(t.container, owner);
      await pushFile(p, 'one', { path: '1.txt', content: '1\n' });
      await pushFile(p, 'two', { path: '2.txt', content: '2\n' });
      const byFlag = (
        await post(owner, api(p), { source_branch: 'one', title: 'Flagged', draft: true })
      ).json<MergeRequest>();
      expect(byFlag).toMatchObject({
        title: 'Draft: Flagged',
        draft: true,
        detailed_merge_status: 'draft_status',
      });
      const byTitle = (
        await post(owner, api(p), { source_branch: 'two', title: '[Draft] Titled' })
      ).json<MergeRequest>();
      expect(byTitle).toMatchObject({ title: '[Draft] Titled', draft: true, work_in_progress: true });
    });
  });

  describe('permissions', () => {
    let reporter: TestUser;
    let developer: TestUser;
    let stranger: TestUser;
    let open: ProjectContext;
    beforeAll(async () => {
      reporter = await buildUser(t.container);
      developer = await buildUser(t.container);
      stranger = await buildUser(t.container);
      await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
      await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
      open = await buildProject(t.container, owner, { visibility: 'public' });
      await buildMergeRequest(t.container, owner, open, { source_branch: 'public-work' });
      await pushFile(project, 'perm', { path: 'p.txt', content: 'p\n' });
    });

    it('hides a private project’s merge requests from a non-member as not found', async () => {
      const response = await get(stranger, api(project));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: '404 Project Not Found' });
      expect((await post(stranger, api(project), { source_branch: 'perm', title: 'x' })).statusCode).toBe(
        404,
      );
    });

    it('refuses a Reporter creating a merge request with 403, and lets a Developer', async () => {
      const refused = await post(reporter, api(project), { source_branch: 'perm', title: 'By reporter' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: '403 Forbidden' });
      const created = await post(developer, api(project), { source_branch: 'perm', title: 'By developer' });
      expect(created.statusCode).toBe(201);
      expect(created.json<MergeRequest>().author?.id).toBe(developer.id);
    });

    it('lets anonymous visitors read a public project’s merge requests but not create one', async () => {
      expect(await listIids(api(open), null)).toEqual([1]);
      const one = await get(null, `${api(open)}/1`);
      expect(one.statusCode).toBe(200);
      expect(one.json<MergeRequestDetail>().user).toEqual({ can_merge: false });
      const create = await post(null, api(open), { source_branch: 'public-work', title: 'x' });
      expect(create.statusCode).toBe(401);
      expect(create.json()).toEqual({ message: '401 Unauthorized' });
      expect((await put(null, `${api(open)}/1`, { title: 'Hijacked' })).statusCode).toBe(401);
    });

    it('lets the author and Developers edit, and refuses a Reporter who is not the author', async () => {
      const p = await buildProject(t.container, owner);
      const author = await buildUser(t.container);
      const bystander = await buildUser(t.container);
      await addProjectMember(t.container, p, author, ACCESS_LEVELS.developer);
      await addProjectMember(t.container, p, bystander, ACCESS_LEVELS.reporter);
      await buildMergeRequest(t.container, author, p);
      const refused = await put(bystander, `${api(p)}/1`, { title: 'Mine now' });
      expect(refused.statusCode).toBe(403);
      expect((await put(author, `${api(p)}/1`, { title: 'Renamed by author' })).statusCode).toBe(200);
      expect(
        (await put(owner, `${api(p)}/1`, { title: 'Renamed by owner' })).json<MergeRequest>().title,
      ).toBe('Renamed by owner');
    });

    it('lets a read_api token read but not write', async () => {
      const token = await buildToken(t.container, owner, ['read_api'], 'reader');
      const headers = { 'private-token': token };
      expect((await t.app.inject({ method: 'GET', url: `${api(open)}/1`, headers })).statusCode).toBe(200);
      const write = await t.app.inject({
        method: 'PUT',
        url: `${api(open)}/1`,
        payload: { title: 'x' },
        headers,
      });
      expect(write.statusCode).toBe(403);
      expect((await get(owner, `${api(open)}/1`)).json<MergeRequest>().title).not.toBe('x');
    });

    it('answers 404 for a merge request that does not exist', async () => {
      const response = await get(owner, `${api(project)}/999`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: '404 Merge Request Not Found' });
    });
  });
});
