import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { branchRef, resolveCommit } from '../../../src/server/git/repository';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Paths that climb out of the repository, start at the root, name `.git` or carry a NUL byte. */
const BAD_PATHS = [
  '../../../etc/passwd',
  '../README.md',
  'a/../README.md',
  '/etc/passwd',
  '.git/config',
  'a//README.md',
  'README.md\0',
  'README.md\0.txt',
] as const;

/** Refs git would read as options, or that no process argument may hold. */
const BAD_REFS = ['--output=/tmp/owned', '-n', 'main\0', '\0', 'main\n'] as const;

const PATH_MESSAGE = (field: string) => ({ message: `${field} should be a valid file path` });
const REF_MESSAGE = (field: string) => ({ message: `${field} should be a valid reference path` });

const q = encodeURIComponent;

/**
 * Every route that hands a path or a ref to git refuses the malformed ones with a 400 that names
 * the parameter, before git runs (they were 500s: git's "outside repository", a NUL byte in an
 * argument), and writes nothing.
 */
describe('paths and refs that git must never see', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let head: string;
  const api = (suffix: string) => `/api/v4/projects/${project.project.id}/repository${suffix}`;
  const page = (suffix: string) => `/${project.fullPath}/-${suffix}`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    head = (await resolveCommit(project.gitDir, branchRef('main')))!;
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ url, headers: owner.headers });
  const answer = async (response: Promise<{ statusCode: number; json(): unknown }>) => {
    const done = await response;
    return [done.statusCode, done.json()];
  };

  /** Where a path goes: the route, and the parameter its answer names. */
  const pathRoutes = (path: string): Array<[string, string]> => [
    [api(`/commits?path=${q(path)}`), 'path'],
    [api(`/tree?path=${q(path)}`), 'path'],
    [api(`/files/${q(path)}?ref=main`), 'file_path'],
    [api(`/files/${q(path)}/raw?ref=main`), 'file_path'],
    [page(`/raw/${head}/${q(path)}`), 'path'],
    [page(`/blob/${head}/${q(path)}/diff?since=1&to=2`), 'path'],
  ];

  const refRoutes = (ref: string): Array<[string, string]> => [
    [api(`/commits?ref_name=${q(ref)}`), 'ref_name'],
    [api(`/commits/${q(ref)}`), 'sha'],
    [api(`/commits/${q(ref)}/diff`), 'sha'],
    [api(`/tree?ref=${q(ref)}`), 'ref'],
    [api(`/files/README.md?ref=${q(ref)}`), 'ref'],
    [api(`/files/README.md/raw?ref=${q(ref)}`), 'ref'],
    [api(`/blobs/${q(ref)}/raw`), 'sha'],
    [api(`/compare?from=${q(ref)}&to=main`), 'from'],
    [api(`/compare?from=main&to=${q(ref)}`), 'to'],
  ];

  it.each(BAD_PATHS)('refuses the path %j with 400 on every route that reads one', async (path) => {
    for (const [url, field] of pathRoutes(path))
      expect(await answer(get(url)), url).toEqual([400, PATH_MESSAGE(field)]);
  });

  it.each(BAD_REFS)('refuses the ref %j with 400 on every route that reads one', async (ref) => {
    for (const [url, field] of refRoutes(ref))
      expect(await answer(get(url)), url).toEqual([400, REF_MESSAGE(field)]);
  });

  it('refuses them on the routes that write, and writes nothing', async () => {
    const branches = async () => (await get(api('/branches'))).json<Array<{ name: string }>>().length;
    const before = await branches();
    for (const ref of BAD_REFS) {
      const made = t.app.inject({
        method: 'POST',
        url: api('/branches'),
        headers: owner.headers,
        payload: { branch: 'made', ref },
      });
      expect(await answer(made), `branch from ${JSON.stringify(ref)}`).toEqual([400, REF_MESSAGE('ref')]);
      const started = t.app.inject({
        method: 'POST',
        url: api('/files/new.txt'),
        headers: owner.headers,
        payload: { branch: 'started', start_branch: ref, content: 'x', commit_message: 'Start' },
      });
      expect(await answer(started), `file from ${JSON.stringify(ref)}`).toEqual([
        400,
        REF_MESSAGE('start_branch'),
      ]);
    }
    for (const path of BAD_PATHS) {
      const written = t.app.inject({
        method: 'POST',
        url: api(`/files/${q(path)}`),
        headers: owner.headers,
        payload: { branch: 'main', content: 'x', commit_message: 'Write' },
      });
      expect(await answer(written), `file at ${JSON.stringify(path)}`).toEqual([
        400,
        PATH_MESSAGE('file_path'),
      ]);
    }
    expect(await branches()).toBe(before);
    expect(await resolveCommit(project.gitDir, branchRef('main'))).toBe(head);
  });

  it('still reads what such names resemble: a file named -x, a ref main~0', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: api('/files/-x'),
      headers: owner.headers,
      payload: { branch: 'main', content: 'dash\n', commit_message: 'Add -x' },
    });
    expect(created.statusCode).toBe(201);
    expect((await get(api('/files/-x/raw?ref=main~0'))).body).toBe('dash\n');
    expect((await get(api('/commits?path=-x&ref_name=main'))).json<unknown[]>()).toHaveLength(1);
  });
});
