import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequest, MergeRequestDetail } from '../../../shared/api/mergeRequests';
import { buildProject, buildToken, buildUser, type TestUser } from '../../../../test/support/factories';
import {
  addProjectMember,
  buildMergeRequest,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { cloneUrl, createGitClient, tempDir } from '../../../../test/integration/git-helpers';
import type { BusEvent } from '../../realtime/bus';
import type { ProjectContext } from '../projects/projects.service';

describe('merge requests API', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
  });
  afterAll(() => t.close());

  const api = (project: ProjectContext) => `/api/v4/projects/${project.project.id}/merge_requests`;

  async function post(user: TestUser | null, url: string, payload: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url, payload, headers: user?.headers ?? {} });
  }
  async function put(user: TestUser | null, url: string, payload: Record<string, unknown>) {
    return t.app.inject({ method: 'PUT', url, payload, headers: user?.headers ?? {} });
  }
  async function get(user: TestUser | null, url: string) {
    return t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  }

  async function listIids(url: string, user: TestUser | null = owner): Promise<number[]> {
    const response = await get(user, url);
    expect(response.statusCode).toBe(200);
    return response.json<MergeRequest[]>().map((mr) => mr.iid);
  }

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

  describe('updating', () => {
    it('edits title and description, bumping updated_at and announcing the change after it is saved', async () => {
      const p = await buildProject(t.container, owner);
      const created = await buildMergeRequest(t.container, owner, p);
      const events: BusEvent[] = [];
      // System notes are announced too (note.changed); this test is about the merge request's own event.
      const stop = t.deps.bus.subscribe(
        (event) => event.type === 'merge_request.updated' && events.push(event),
      );
      const response = await put(owner, `${api(p)}/1`, { title: 'New title', description: 'New *words*' });
      stop();
      expect(response.statusCode).toBe(200);
      const mr = response.json<MergeRequest>();
      expect(mr).toMatchObject({ title: 'New title', description: 'New *words*' });
      expect(new Date(mr.updated_at).getTime()).toBeGreaterThanOrEqual(
        created.mergeRequest.updatedAt.getTime(),
      );
      expect(events).toEqual([
        { type: 'merge_request.updated', projectId: p.project.id, mergeRequestId: mr.id, iid: 1 },
      ]);
    });

    it('toggles draft on and off through the title prefix', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p, { title: 'Tidy up' });
      const drafted = await put(owner, `${api(p)}/1`, { draft: true });
      expect(drafted.json<MergeRequest>()).toMatchObject({ title: 'Draft: Tidy up', draft: true });
      const ready = await put(owner, `${api(p)}/1`, { draft: false });
      expect(ready.json<MergeRequest>()).toMatchObject({ title: 'Tidy up', draft: false });
    });

    it('closes with closed_by and closed_at, and reopens', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p);
      const closed = (await put(owner, `${api(p)}/1`, { state_event: 'close' })).json<MergeRequest>();
      expect(closed).toMatchObject({
        state: 'closed',
        detailed_merge_status: 'not_open',
        closed_by: { id: owner.id, username: owner.username },
      });
      expect(closed.closed_at).toEqual(expect.any(String));
      const reopened = (await put(owner, `${api(p)}/1`, { state_event: 'reopen' })).json<MergeRequest>();
      expect(reopened).toMatchObject({ state: 'opened', closed_by: null, closed_at: null });
      expect(reopened.detailed_merge_status).toBe('mergeable');
    });

    it('answers 400 for an unknown state_event and changes nothing', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p, { title: 'Stable' });
      const response = await put(owner, `${api(p)}/1`, { state_event: 'foo', title: 'Changed' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'state_event does not have a valid value' });
      expect((await get(owner, `${api(p)}/1`)).json<MergeRequest>()).toMatchObject({
        title: 'Stable',
        state: 'opened',
      });
    });

    it('refuses to reopen when another open merge request has the same branches', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p, { source_branch: 'twice' });
      await put(owner, `${api(p)}/1`, { state_event: 'close' });
      await post(owner, api(p), { source_branch: 'twice', title: 'Second try' });
      const response = await put(owner, `${api(p)}/1`, { state_event: 'reopen' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: ['Another open merge request already exists for this source branch: !2'],
      });
      expect((await get(owner, `${api(p)}/1`)).json<MergeRequest>().state).toBe('closed');
    });

    it('refuses to reopen when the source branch is gone', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p, { source_branch: 'short-lived' });
      await put(owner, `${api(p)}/1`, { state_event: 'close' });
      const { deleteRef, branchRef, resolveCommit } = await import('../../git/repository');
      const head = await resolveCommit(p.gitDir, branchRef('short-lived'));
      expect(await deleteRef(p.gitDir, branchRef('short-lived'), head ?? '')).toBe(true);
      const response = await put(owner, `${api(p)}/1`, { state_event: 'reopen' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: ['Source branch "short-lived" does not exist'] });
      expect((await get(owner, `${api(p)}/1`)).json<MergeRequest>().state).toBe('closed');
    });

    it('retargets to another branch with a new diff version, and refuses a missing one', async () => {
      const p = await buildProject(t.container, owner);
      const developHead = await pushFile(p, 'develop', { path: 'dev.txt', content: 'dev\n' });
      await buildMergeRequest(t.container, owner, p, { source_branch: 'retarget' });
      const missing = await put(owner, `${api(p)}/1`, { target_branch: 'nowhere' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({ message: ['Target branch "nowhere" does not exist'] });
      const moved = await put(owner, `${api(p)}/1`, { target_branch: 'develop' });
      expect(moved.json<MergeRequest>()).toMatchObject({ target_branch: 'develop', changes_count: '1' });
      expect(moved.json<MergeRequest>().diff_refs?.start_sha).toBe(developHead);
      const versions = (await get(owner, `${api(p)}/1/versions`)).json<Array<{ id: number }>>();
      expect(versions).toHaveLength(2);
      const notes = (await get(owner, `${api(p)}/1/notes?sort=asc`)).json<Array<{ body: string }>>();
      expect(notes.map((note) => note.body)).toContain('changed target branch from `main` to `develop`');
    });
  });

  describe('commits, changes, diffs and versions', () => {
    let p: ProjectContext;
    beforeAll(async () => {
      p = await buildProject(t.container, owner);
      await pushFile(p, 'work', { path: 'src/a.ts', content: 'export const a = 1;\n', message: 'Add a' });
      await pushFile(p, 'work', {
        path: 'src/b.ts',
        content: 'export const b = 2;\n',
        message: 'Add b\n\nWith a body.',
      });
      await post(owner, api(p), { source_branch: 'work', title: 'Work' });
    });

    it('lists the commits newest first with GitLab’s fields, one page at a time', async () => {
      const response = await get(owner, `${api(p)}/1/commits?per_page=1`);
      expect(response.headers['x-total']).toBe('2');
      const [commit] = response.json<Array<Record<string, unknown>>>();
      expect(commit).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f]{40}$/),
        title: 'Add b',
        message: 'Add b\n\nWith a body.',
        author_name: 'Ada Lovelace',
        author_email: 'ada@example.com',
        authored_date: '2024-03-01T10:00:00.000Z',
      });
      expect(commit?.short_id).toBe(String(commit?.id).slice(0, 8));
      expect(commit?.web_url).toBe(`${t.config.externalUrl}/${p.fullPath}/-/commit/${String(commit?.id)}`);
      const second = await get(owner, `${api(p)}/1/commits?per_page=1&page=2`);
      expect(second.json<Array<{ title: string }>>().map((c) => c.title)).toEqual(['Add a']);
    });

    it('shows the changes of the latest version as unified diffs per file', async () => {
      const response = await get(owner, `${api(p)}/1/changes`);
      expect(response.statusCode).toBe(200);
      const body = response.json<MergeRequest & { changes: unknown[]; overflow: boolean }>();
      expect(body.iid).toBe(1);
      expect(body.overflow).toBe(false);
      expect(body.changes).toEqual([
        {
          old_path: 'src/a.ts',
          new_path: 'src/a.ts',
          a_mode: '000000',
          b_mode: '100644',
          new_file: true,
          renamed_file: false,
          deleted_file: false,
          generated_file: false,
          diff: '@@ -0,0 +1 @@\n+export const a = 1;\n',
        },
        expect.objectContaining({ new_path: 'src/b.ts', diff: '@@ -0,0 +1 @@\n+export const b = 2;\n' }),
      ]);
    });

    it('pages the diffs', async () => {
      const response = await get(owner, `${api(p)}/1/diffs?per_page=1&page=2`);
      expect(response.headers['x-total']).toBe('2');
      expect(response.json<Array<{ new_path: string }>>().map((d) => d.new_path)).toEqual(['src/b.ts']);
    });

    it('lists diff versions and shows one with its commits and diffs', async () => {
      const versions = (await get(owner, `${api(p)}/1/versions`)).json<Array<Record<string, unknown>>>();
      expect(versions).toEqual([
        expect.objectContaining({ state: 'collected', real_size: '2', head_commit_sha: expect.any(String) }),
      ]);
      const one = await get(owner, `${api(p)}/1/versions/${String(versions[0]?.id)}`);
      expect(one.statusCode).toBe(200);
      const body = one.json<{ commits: Array<{ title: string }>; diffs: Array<{ new_path: string }> }>();
      expect(body.commits.map((c) => c.title)).toEqual(['Add b', 'Add a']);
      expect(body.diffs.map((d) => d.new_path)).toEqual(['src/a.ts', 'src/b.ts']);
      expect((await get(owner, `${api(p)}/1/versions/999999`)).statusCode).toBe(404);
    });
  });

  describe('pushes and mergeability', () => {
    it('records a new diff version when a git client pushes to the source branch', async () => {
      const baseUrl = await t.listen();
      const work = await tempDir('mr-push-');
      const git = createGitClient(work);
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p, { source_branch: 'pushed' });
      const url = cloneUrl(baseUrl, p.fullPath, { user: owner.username, secret: owner.token });
      const dir = path.join(work, 'clone');
      expect((await git(work, ['clone', '--branch', 'pushed', url, dir])).code).toBe(0);
      await writeFile(path.join(dir, 'pushed-more.txt'), 'more\n');
      await git(dir, ['add', '.']);
      await git(dir, ['commit', '-m', 'Pushed from a clone']);
      const push = await git(dir, ['push', 'origin', 'pushed']);
      expect(push.code, push.stderr).toBe(0);
      const versions = (await get(owner, `${api(p)}/1/versions`)).json<unknown[]>();
      expect(versions).toHaveLength(2);
      const commits = (await get(owner, `${api(p)}/1/commits`)).json<Array<{ title: string }>>();
      expect(commits[0]?.title).toBe('Pushed from a clone');
      await rm(work, { recursive: true, force: true });
    });

    it('lets a Developer merge into an unprotected branch but not into the protected default branch', async () => {
      const p = await buildProject(t.container, owner);
      const developer = await buildUser(t.container);
      await addProjectMember(t.container, p, developer, ACCESS_LEVELS.developer);
      await pushFile(p, 'staging', { path: 's.txt', content: 's\n' });
      await buildMergeRequest(t.container, developer, p, { source_branch: 'into-main' });
      await buildMergeRequest(t.container, developer, p, {
        source_branch: 'into-staging',
        target_branch: 'staging',
      });
      expect((await get(developer, `${api(p)}/1`)).json<MergeRequestDetail>().user).toEqual({
        can_merge: false,
      });
      expect((await get(developer, `${api(p)}/2`)).json<MergeRequestDetail>().user).toEqual({
        can_merge: true,
      });
      expect((await get(owner, `${api(p)}/1`)).json<MergeRequestDetail>().user).toEqual({ can_merge: true });
    });

    it('records version 2 with the new commits when the source branch is pushed', async () => {
      const p = await buildProject(t.container, owner);
      const created = await buildMergeRequest(t.container, owner, p, { source_branch: 'grow' });
      const oldSha = created.mergeRequest.headSha ?? '';
      const newSha = await pushFile(p, 'grow', { path: 'more.txt', content: 'more\n', message: 'More' });
      const events: BusEvent[] = [];
      const stop = t.deps.bus.subscribe(
        (event) => event.type === 'merge_request.updated' && events.push(event),
      );
      await t.container.mergeRequests.handlePush({
        projectId: p.project.id,
        changes: [{ ref: 'refs/heads/grow', oldSha, newSha }],
      });
      // On PostgreSQL the announcement comes back through NOTIFY a moment after the commit.
      await expect
        .poll(() => events)
        .toEqual([expect.objectContaining({ type: 'merge_request.updated', iid: 1 })]);
      stop();
      const mr = (await get(owner, `${api(p)}/1`)).json<MergeRequest>();
      expect(mr).toMatchObject({ sha: newSha, changes_count: '2' });
      const versions = (await get(owner, `${api(p)}/1/versions`)).json<Array<{ head_commit_sha: string }>>();
      expect(versions.map((v) => v.head_commit_sha)).toEqual([newSha, oldSha]);
      const commits = (await get(owner, `${api(p)}/1/commits`)).json<Array<{ title: string }>>();
      expect(commits.map((c) => c.title)).toEqual(['More', 'Update grow.txt']);
    });

    it('reports conflicts after the target branch moved under the request', async () => {
      const p = await buildProject(t.container, owner);
      await pushFile(p, 'clash', { path: 'README.md', content: 'mine\n' });
      await post(owner, api(p), { source_branch: 'clash', title: 'Clash' });
      expect((await get(owner, `${api(p)}/1`)).json<MergeRequest>().detailed_merge_status).toBe('mergeable');
      const newSha = await pushFile(p, 'main', { path: 'README.md', content: 'theirs\n' });
      await t.container.mergeRequests.handlePush({
        projectId: p.project.id,
        changes: [{ ref: 'refs/heads/main', oldSha: '', newSha }],
      });
      expect((await get(owner, api(p))).json<MergeRequest[]>()[0]?.merge_status).toBe('unchecked');
      expect((await get(owner, `${api(p)}/1`)).json<MergeRequest>()).toMatchObject({
        merge_status: 'cannot_be_merged',
        detailed_merge_status: 'conflict',
        has_conflicts: true,
      });
    });

    it('reports a broken status when the source branch was deleted', async () => {
      const p = await buildProject(t.container, owner);
      const created = await buildMergeRequest(t.container, owner, p, { source_branch: 'vanishing' });
      const { deleteRef, branchRef } = await import('../../git/repository');
      await deleteRef(p.gitDir, branchRef('vanishing'), created.mergeRequest.headSha ?? '');
      await t.container.mergeRequests.handlePush({
        projectId: p.project.id,
        changes: [
          { ref: 'refs/heads/vanishing', oldSha: created.mergeRequest.headSha ?? '', newSha: '0'.repeat(40) },
        ],
      });
      const mr = (await get(owner, `${api(p)}/1`)).json<MergeRequest>();
      expect(mr).toMatchObject({ detailed_merge_status: 'broken_status', sha: created.mergeRequest.headSha });
    });
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
