import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../shared/access/accessLevels';
import type { MergeRequestDetail } from '../../shared/api/mergeRequests';
import { FALSE_SPELLINGS, TRUE_SPELLINGS } from '../../shared/api/params';
import { buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { addProjectMember, pushFile } from '../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { branchRef, resolveCommit } from '../git/repository';
import type { ProjectContext } from '../features/projects/projects.service';

const FORM = 'application/x-www-form-urlencoded';

describe('REST v4 reads parameters and answers as GitLab does', () => {
  let t: TestApp;
  let owner: TestUser;
  let colleague: TestUser;
  let project: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    colleague = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, project, colleague, ACCESS_LEVELS.developer);
  });
  afterAll(() => t.close());

  const api = (path: string, p = project) => `/api/v4/projects/${p.project.id}${path}`;
  const get = (url: string, user: TestUser | null = owner) =>
    t.app.inject({ url, headers: user?.headers ?? {} });
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    contentType: string,
    payload: string | Buffer,
    user = owner,
  ) => t.app.inject({ method, url, payload, headers: { ...user.headers, 'content-type': contentType } });

  /** A request from `branch` with two commits; its iid. */
  async function openRequest(branch: string, p = project): Promise<number> {
    await pushFile(p, branch, { path: `${branch}.txt`, content: 'one\n', message: `Start ${branch}` });
    await pushFile(p, branch, { path: `${branch}-2.txt`, content: 'two\n', message: `Finish ${branch}` });
    const view = await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: branch,
      title: `Add ${branch}`,
    });
    return view.mergeRequest.iid;
  }

  describe('answers', () => {
    it('answers JSON as `application/json` exactly, refusals and unknown paths too', async () => {
      const answers = await Promise.all([
        get('/api/v4/user'),
        get(api('/merge_requests')),
        get('/api/v4/projects/999999'),
        get('/api/v4/user', null),
        get('/api/v4/nowhere'),
      ]);
      expect(answers.map((a) => [a.statusCode, a.headers['content-type']])).toEqual([
        [200, 'application/json'],
        [200, 'application/json'],
        [404, 'application/json'],
        [401, 'application/json'],
        [404, 'application/json'],
      ]);
    });

    it('serves /version and /metadata in GitLab’s shape to signed-in callers', async () => {
      const metadata = {
        version: '19.5.0',
        revision: 'mergeway',
        kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
        enterprise: false,
      };
      expect((await get('/api/v4/version')).json()).toEqual(metadata);
      expect((await get('/api/v4/metadata')).json()).toEqual(metadata);
      const anonymous = await get('/api/v4/version', null);
      expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: '401 Unauthorized' }]);
    });
  });

  describe('bodies', () => {
    it('takes an empty body with a JSON content type as no body, whatever the method', async () => {
      await pushFile(project, 'doomed', { path: 'doomed.txt', content: 'x\n' });
      const deleted = await send('DELETE', api('/repository/branches/doomed'), 'application/json', '');
      expect(deleted.statusCode).toBe(204);
      expect(await resolveCommit(project.gitDir, branchRef('doomed'))).toBeNull();

      const iid = await openRequest('empty-body');
      const rebase = await send('PUT', api(`/merge_requests/${iid}/rebase`), 'application/json', '');
      expect([rebase.statusCode, rebase.json()]).toEqual([202, { rebase_in_progress: true }]);
      await t.container.jobs.drain();
    });

    it('reads a merge’s `sha` and `squash` from the query string, a body field winning over it', async () => {
      const iid = await openRequest('queried');
      const head = (await resolveCommit(project.gitDir, branchRef('queried')))!;
      const before = (await get(api(`/merge_requests/${iid}/commits`))).json<{ id: string }[]>();
      const stale = before[1]!.id;
      const mainBefore = await resolveCommit(project.gitDir, branchRef('main'));

      const refused = await send(
        'PUT',
        api(`/merge_requests/${iid}/merge?sha=${stale}`),
        'application/json',
        '',
      );
      expect([refused.statusCode, refused.json()]).toEqual([
        409,
        { message: `SHA does not match HEAD of source branch: ${head}` },
      ]);
      expect(await resolveCommit(project.gitDir, branchRef('main'))).toBe(mainBefore);

      const merged = await send(
        'PUT',
        api(`/merge_requests/${iid}/merge?sha=${stale}&squash=True`),
        'application/json',
        JSON.stringify({ sha: head }),
      );
      expect(merged.statusCode).toBe(200);
      expect(merged.json<MergeRequestDetail>()).toMatchObject({
        state: 'merged',
        squash_commit_sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      });
    });

    it('reads `a[]=` lists and `a[b]=` hashes of form bodies: assignees, a diff position', async () => {
      await pushFile(project, 'formed', { path: 'formed.txt', content: 'formed\n' });
      const created = await send(
        'POST',
        api('/merge_requests'),
        FORM,
        new URLSearchParams([
          ['source_branch', 'formed'],
          ['title', 'Sent as a form'],
          ['assignee_ids[]', String(owner.id)],
          ['assignee_ids[]', String(colleague.id)],
        ]).toString(),
      );
      expect(created.statusCode).toBe(201);
      const mr = created.json<MergeRequestDetail>();
      expect(mr.assignees.map((a) => a.id)).toEqual([owner.id, colleague.id]);

      const refs = mr.diff_refs!;
      const thread = await send(
        'POST',
        api(`/merge_requests/${mr.iid}/discussions`),
        FORM,
        new URLSearchParams([
          ['body', 'On this line'],
          ['position[position_type]', 'text'],
          ['position[base_sha]', refs.base_sha],
          ['position[start_sha]', refs.start_sha],
          ['position[head_sha]', refs.head_sha],
          ['position[old_path]', 'formed.txt'],
          ['position[new_path]', 'formed.txt'],
          ['position[old_line]', ''],
          ['position[new_line]', '1'],
        ]).toString(),
      );
      expect(thread.statusCode).toBe(201);
      expect(thread.json()).toMatchObject({
        individual_note: false,
        notes: [
          {
            type: 'DiffNote',
            body: 'On this line',
            position: { new_path: 'formed.txt', old_line: null, new_line: 1, head_sha: refs.head_sha },
          },
        ],
      });
    });

    it('reads the text fields of a multipart body as a form’s', async () => {
      const iid = await openRequest('multipart');
      const body = new FormData();
      body.append('body', 'Sent as multipart');
      body.append('internal', 'True');
      const encoded = new Response(body);
      const note = await send(
        'POST',
        api(`/merge_requests/${iid}/notes`),
        encoded.headers.get('content-type')!,
        Buffer.from(await encoded.arrayBuffer()),
      );
      expect(note.statusCode).toBe(201);
      expect(note.json()).toMatchObject({ body: 'Sent as multipart', internal: true });
    });

    it('refuses a name sent both as a value and as a hash or list, and writes nothing', async () => {
      const iid = await openRequest('conflicting');
      const notes = async () => (await get(api(`/merge_requests/${iid}/notes`))).json<unknown[]>().length;
      const before = await notes();
      for (const [payload, message] of [
        ['body=a&body[x]=b', "expected Hash (got String) for param `body'"],
        ['body[]=a&body[x]=b', "expected Hash (got Array) for param `body'"],
        ['body[x]=a&body=b', "expected Hash (got String) for param `body'"],
      ]) {
        const refused = await send('POST', api(`/merge_requests/${iid}/notes`), FORM, payload!);
        expect([refused.statusCode, refused.json()]).toEqual([400, { message }]);
      }
      expect(await notes()).toBe(before);
    });
  });

  describe('lists and booleans', () => {
    it('filters merge requests and issues by `iids[]` (also `iids=1,2`) and `assignee_username[]`', async () => {
      const p = await buildProject(t.container, owner);
      const [first, second] = [await openRequest('first', p), await openRequest('second', p)];
      await openRequest('third', p);
      const iids = async (query: string, kind = 'merge_requests') =>
        (await get(api(`/${kind}?${query}`, p))).json<{ iid: number }[]>().map((m) => m.iid);
      expect(await iids('iids[]=99999')).toEqual([]);
      expect(await iids(`iids[]=${first}&iids[]=${second}`)).toEqual([second, first]);
      expect(await iids(`iids=${first},${second}`)).toEqual([second, first]);
      expect(await iids(`iids[]=${first}`)).toEqual([first]);
      expect(await iids(`assignee_username[]=${owner.username}`)).toEqual([]);
      const tooMany = await get(api(`/merge_requests?assignee_username[]=a&assignee_username[]=b`, p));
      expect(tooMany.json()).toEqual({
        message: 'assignee_username allows one value, but found 2: a, b',
      });

      await t.container.issues.create(owner, p.project.id, { title: 'Mine', assignee_ids: [owner.id] });
      await t.container.issues.create(owner, p.project.id, { title: 'Nobody’s' });
      expect(await iids('iids[]=99999', 'issues')).toEqual([]);
      expect(await iids('iids[]=1', 'issues')).toEqual([1]);
      expect(await iids(`assignee_username[]=${owner.username}`, 'issues')).toEqual([1]);
      expect(await iids(`assignee_username=${colleague.username}`, 'issues')).toEqual([]);
    });

    const spellings: [string, boolean][] = [
      ...TRUE_SPELLINGS.map((s): [string, boolean] => [s, true]),
      ...FALSE_SPELLINGS.map((s): [string, boolean] => [s, false]),
    ];
    it.each(spellings)(
      'reads `%s` as %s, as Python and Ruby clients write booleans',
      async (spelling, value) => {
        const listed = await get(`/api/v4/projects?owned=${spelling}&simple=${spelling}`, colleague);
        expect(listed.statusCode).toBe(200);
        const ids = listed.json<{ id: number }[]>().map((p) => p.id);
        // The colleague owns nothing, and sees the owner's public project unless asking for their own.
        expect(ids.includes(project.project.id)).toBe(!value);
      },
    );

    it('refuses other spellings of a boolean in GitLab’s words', async () => {
      const refused = await get('/api/v4/projects?owned=maybe');
      expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'owned is invalid' }]);
    });

    it('adds `rebase_in_progress` and `diverged_commits_count` when asked with Python’s `True`', async () => {
      const p = await buildProject(t.container, owner);
      const iid = await openRequest('lagging', p);
      await pushFile(p, 'main', { path: 'ahead-1.txt', content: '1\n' });
      await pushFile(p, 'main', { path: 'ahead-2.txt', content: '2\n' });
      await pushFile(p, 'main', { path: 'ahead-3.txt', content: '3\n' });
      const show = async (query: string) =>
        (await get(api(`/merge_requests/${iid}${query}`, p))).json<unknown>();
      expect(await show('')).not.toHaveProperty('diverged_commits_count');
      expect(
        await show('?include_rebase_in_progress=True&include_diverged_commits_count=True'),
      ).toMatchObject({ rebase_in_progress: false, diverged_commits_count: 3 });
      await t.container.rebases.request(owner, p.project.id, iid, { skipCi: false });
      await t.container.jobs.drain();
      expect(await show('?include_diverged_commits_count=true')).toMatchObject({ diverged_commits_count: 0 });
    });
  });
});
