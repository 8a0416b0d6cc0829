import path from 'node:path';
import { rm, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequest, MergeRequestDetail } from '../../../shared/api/mergeRequests';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import {
  addProjectMember,
  buildMergeRequest,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import type { TestApp } from '../../../../test/support/test-app';
import { cloneUrl, createGitClient, tempDir } from '../../../../test/integration/git-helpers';
import type { BusEvent } from '../../realtime/bus';
import type { ProjectContext } from '../projects/projects.service';
import { mergeRequestsTestSetup } from './merge-requests-test-setup';

/** A merge request's commits, changes and versions, and what pushes do to it and its mergeability. */
describe('merge requests API', () => {
  const kit = mergeRequestsTestSetup();
  const { api, post, get } = kit;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(() => {
    ({ t, owner } = kit);
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
});
