import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { commitFiles } from '../../git/commits';
import { branchRef, resolveCommit } from '../../git/repository';
import type { PushEvent } from '../git-http/push-hooks';
import type { ProjectContext } from '../projects/projects.service';

const author = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-05-01T10:00:00Z') };

describe('repository API', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let guest: TestUser;
  let project: ProjectContext;
  let featureSha: string;
  const url = (suffix: string) => `/api/v4/projects/${project.project.id}/repository${suffix}`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    guest = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, guest, ACCESS_LEVELS.guest);
    featureSha = await commitFiles(project.gitDir, {
      branch: 'feature/a',
      startBranch: 'main',
      message: 'Add source\n\nLonger text.',
      author,
      changes: [
        { action: 'create', path: 'src/app.ts', content: 'export const a = 1;\n' },
        { action: 'create', path: 'src/util/str.ts', content: 'export {};\n' },
        { action: 'create', path: 'logo.bin', content: Buffer.from([0, 159, 146, 150]) },
      ],
    });
  });
  afterAll(() => t.close());

  it('lists branches with protection, default and merged flags, and searches them', async () => {
    const response = await t.app.inject({ url: url('/branches'), headers: developer.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total']).toBe('2');
    const [feature, main] = response.json();
    expect(feature).toMatchObject({
      name: 'feature/a',
      merged: false,
      protected: false,
      default: false,
      developers_can_push: false,
      can_push: true,
      web_url: `${t.config.externalUrl}/${project.fullPath}/-/tree/feature/a`,
      commit: {
        id: featureSha,
        short_id: featureSha.slice(0, 8),
        title: 'Add source',
        message: 'Add source\n\nLonger text.',
        author_name: 'Ada',
      },
    });
    expect(main).toMatchObject({
      name: 'main',
      protected: true,
      default: true,
      can_push: false,
      developers_can_push: false,
    });

    const searched = await t.app.inject({ url: url('/branches?search=^feat'), headers: developer.headers });
    expect(searched.json<Array<{ name: string }>>().map((b) => b.name)).toEqual(['feature/a']);
    const one = await t.app.inject({
      url: url(`/branches/${encodeURIComponent('feature/a')}`),
      headers: developer.headers,
    });
    expect(one.json()).toMatchObject({ name: 'feature/a' });
    const missing = await t.app.inject({ url: url('/branches/nope'), headers: developer.headers });
    expect(missing.json()).toEqual({ message: '404 Branch Not Found' });
  });

  it('creates a branch as a Developer and refuses invalid or existing names', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: url('/branches?branch=topic&ref=main'),
      headers: developer.headers,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'topic', merged: true });
    for (const [branch, message] of [
      ['-x', 'Branch name is invalid'],
      ['a..b', 'Branch name is invalid'],
      ['topic', 'Branch already exists'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: url('/branches'),
        headers: developer.headers,
        payload: { branch, ref: 'main' },
      });
      expect(response.statusCode, branch).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const noRef = await t.app.inject({
      method: 'POST',
      url: url('/branches?branch=x'),
      headers: developer.headers,
    });
    expect(noRef.json()).toEqual({ message: 'ref is missing' });
    const guestTry = await t.app.inject({
      method: 'POST',
      url: url('/branches?branch=g&ref=main'),
      headers: guest.headers,
    });
    expect(guestTry.statusCode).toBe(403);
  });

  it('deletes an unprotected branch with 204, and refuses the protected default one', async () => {
    const events: PushEvent[] = [];
    const stop = t.container.pushHooks.subscribe(async (event) => void events.push(event));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: url('/branches/topic'),
      headers: developer.headers,
    });
    stop();
    expect(deleted.statusCode).toBe(204);
    expect(await resolveCommit(project.gitDir, branchRef('topic'))).toBeNull();
    expect(events[0]?.changes).toEqual([
      { ref: 'refs/heads/topic', oldSha: expect.any(String), newSha: '0'.repeat(40) },
    ]);
    const main = await t.app.inject({ method: 'DELETE', url: url('/branches/main'), headers: owner.headers });
    expect(main.statusCode).toBe(400);
    expect(main.json()).toEqual({ message: 'The default branch of a project cannot be deleted' });
  });

  it('lists commits of a ref and a path with pagination, and shows one with stats', async () => {
    const list = await t.app.inject({
      url: url('/commits?ref_name=feature/a&per_page=1'),
      headers: developer.headers,
    });
    expect(list.headers['x-total']).toBe('2');
    expect(list.headers['x-next-page']).toBe('2');
    expect(list.json<Array<{ id: string }>>().map((c) => c.id)).toEqual([featureSha]);
    const byPath = await t.app.inject({
      url: url('/commits?ref_name=feature/a&path=README.md'),
      headers: developer.headers,
    });
    expect(byPath.json()).toHaveLength(1);
    const shown = await t.app.inject({ url: url(`/commits/${featureSha}`), headers: developer.headers });
    expect(shown.json()).toMatchObject({
      id: featureSha,
      stats: { additions: 2, deletions: 0, total: 2 },
      project_id: project.project.id,
    });
    const missing = await t.app.inject({
      url: url(`/commits/${'0'.repeat(40)}`),
      headers: developer.headers,
    });
    expect(missing.json()).toEqual({ message: '404 Commit Not Found' });
    const diff = await t.app.inject({ url: url(`/commits/${featureSha}/diff`), headers: developer.headers });
    expect(diff.json<Array<{ new_path: string }>>().map((f) => f.new_path)).toEqual([
      'logo.bin',
      'src/app.ts',
      'src/util/str.ts',
    ]);
    expect(diff.json<unknown[]>()[1]).toMatchObject({
      new_file: true,
      diff: '@@ -0,0 +1 @@\n+export const a = 1;\n',
    });
  });

  it('lists a tree, folders first, recursively and paginated; 404 for a missing path', async () => {
    const root = await t.app.inject({ url: url('/tree?ref=feature/a'), headers: developer.headers });
    expect(root.json<Array<{ path: string; type: string }>>().map((e) => `${e.type}:${e.path}`)).toEqual([
      'tree:src',
      'blob:README.md',
      'blob:logo.bin',
    ]);
    const deep = await t.app.inject({
      url: url('/tree?ref=feature/a&path=src&recursive=true&per_page=2'),
      headers: developer.headers,
    });
    expect(deep.headers['x-total']).toBe('3');
    expect(deep.json()).toEqual([
      { id: expect.any(String), name: 'app.ts', type: 'blob', path: 'src/app.ts', mode: '100644' },
      { id: expect.any(String), name: 'util', type: 'tree', path: 'src/util', mode: '040000' },
    ]);
    const missing = await t.app.inject({
      url: url('/tree?ref=feature/a&path=nope'),
      headers: developer.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: '404 Tree Not Found' });
    const escape = await t.app.inject({ url: url('/tree?path=../etc'), headers: developer.headers });
    expect(escape.statusCode).toBe(400);
  });

  it('shows a file as base64 with its ids, and serves raw files and blobs as plain text or bytes', async () => {
    const file = await t.app.inject({
      url: url(`/files/${encodeURIComponent('src/app.ts')}?ref=feature/a`),
      headers: developer.headers,
    });
    expect(file.json()).toMatchObject({
      file_name: 'app.ts',
      file_path: 'src/app.ts',
      size: 20,
      encoding: 'base64',
      ref: 'feature/a',
      commit_id: featureSha,
      last_commit_id: featureSha,
      content: Buffer.from('export const a = 1;\n').toString('base64'),
    });
    const raw = await t.app.inject({
      url: url(`/files/${encodeURIComponent('src/app.ts')}/raw?ref=feature/a`),
      headers: developer.headers,
    });
    expect(raw.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect(raw.body).toBe('export const a = 1;\n');
    const blob = await t.app.inject({
      url: url(`/blobs/${file.json<{ blob_id: string }>().blob_id}/raw`),
      headers: developer.headers,
    });
    expect(blob.body).toBe('export const a = 1;\n');
    const binary = await t.app.inject({
      url: url('/files/logo.bin/raw?ref=feature/a'),
      headers: developer.headers,
    });
    expect(binary.headers['content-type']).toBe('application/octet-stream');
    expect(binary.rawPayload.equals(Buffer.from([0, 159, 146, 150]))).toBe(true);
    const missing = await t.app.inject({ url: url('/files/nope.txt?ref=main'), headers: developer.headers });
    expect(missing.json()).toEqual({ message: '404 File Not Found' });
    const traversal = await t.app.inject({
      url: url(`/files/${encodeURIComponent('../x')}?ref=main`),
      headers: developer.headers,
    });
    expect(traversal.statusCode).toBe(400);
  });

  it('creates, updates and deletes files in commits, with GitLab checks and the protected branch respected', async () => {
    const path = `/files/${encodeURIComponent('docs/guide.md')}`;
    const body = {
      branch: 'feature/a',
      commit_message: 'Add guide',
      content: '# Guide\n',
      author_name: 'Docs Bot',
      author_email: 'bot@example.com',
    };
    const created = await t.app.inject({
      method: 'POST',
      url: url(path),
      headers: developer.headers,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ file_path: 'docs/guide.md', branch: 'feature/a' });
    const again = await t.app.inject({
      method: 'POST',
      url: url(path),
      headers: developer.headers,
      payload: body,
    });
    expect(again.json()).toEqual({ message: 'A file with this name already exists' });

    const updated = await t.app.inject({
      method: 'PUT',
      url: url(path),
      headers: developer.headers,
      payload: {
        ...body,
        commit_message: 'Update guide',
        content: Buffer.from('# New\n').toString('base64'),
        encoding: 'base64',
      },
    });
    expect(updated.statusCode).toBe(200);
    const [head] = (
      await t.app.inject({ url: url('/commits?ref_name=feature/a&per_page=1'), headers: developer.headers })
    ).json();
    expect(head).toMatchObject({
      title: 'Update guide',
      author_name: 'Docs Bot',
      committer_name: developer.name,
    });
    const raw = await t.app.inject({ url: url(`${path}/raw?ref=feature/a`), headers: developer.headers });
    expect(raw.body).toBe('# New\n');

    const onMain = await t.app.inject({
      method: 'POST',
      url: url(path),
      headers: developer.headers,
      payload: { ...body, branch: 'main' },
    });
    expect(onMain.statusCode).toBe(403);
    expect(onMain.json()).toEqual({ message: 'You are not allowed to push into this branch' });

    const newBranch = await t.app.inject({
      method: 'POST',
      url: url('/files/NOTES'),
      headers: developer.headers,
      payload: { branch: 'notes', start_branch: 'main', commit_message: 'Notes', content: 'n' },
    });
    expect(newBranch.statusCode).toBe(201);
    const noBranch = await t.app.inject({
      method: 'POST',
      url: url('/files/NOTES2'),
      headers: developer.headers,
      payload: { branch: 'elsewhere', commit_message: 'Notes', content: 'n' },
    });
    expect(noBranch.json()).toEqual({
      message: 'You can only create or edit files when you are on a branch',
    });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: url(path),
      headers: developer.headers,
      payload: { branch: 'feature/a', commit_message: 'Remove guide' },
    });
    expect(removed.statusCode).toBe(204);
    const removedAgain = await t.app.inject({
      method: 'DELETE',
      url: url(path),
      headers: developer.headers,
      payload: { branch: 'feature/a', commit_message: 'Remove guide' },
    });
    expect(removedAgain.json()).toEqual({ message: "A file with this name doesn't exist" });
  });

  it('hides the code from a Guest with 403, the project from strangers with 404, and asks anonymous visitors to sign in', async () => {
    expect((await t.app.inject({ url: url('/tree'), headers: guest.headers })).statusCode).toBe(403);
    const stranger = await buildUser(t.container);
    expect((await t.app.inject({ url: url('/tree'), headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url('/tree') })).statusCode).toBe(404);
    const anonymousWrite = await t.app.inject({ method: 'DELETE', url: url('/branches/feature%2Fa') });
    expect(anonymousWrite.statusCode).toBe(401);
  });
});
