import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import {
  buildMergeRequest,
  buildProjectWithRoles,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ContextCommit, ContextCommitCandidates } from '../../../shared/api/contextCommits';
import type { DiffForPath, DiffsBatch, DiffsMetadata } from '../../../shared/api/diffs';
import type { ProjectContext } from '../projects/projects.service';

describe("merge request context commits (GitLab's previously merged commits)", () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let p: ProjectContext;
  let secret: ProjectContext;
  let parser: string;
  let lexer: string;
  let readme: string;
  let side: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, reporter, project: p } = await buildProjectWithRoles(t.container));
    parser = await pushFile(p, 'main', {
      path: 'src/parser.ts',
      content: 'parse\n',
      message: 'Add the parser',
    });
    lexer = await pushFile(p, 'main', { path: 'src/lexer.ts', content: 'lex\n', message: 'Add the lexer' });
    readme = await pushFile(p, 'main', { path: 'NOTES.md', content: 'notes\n', message: 'Write notes' });
    side = await pushFile(p, 'side', { path: 'side.txt', content: 'side\n', message: 'Side work' });
    await buildMergeRequest(t.container, owner, p, { source_branch: 'feature', title: 'Use the parser' });
    const stranger = await buildUser(t.container);
    secret = await buildProject(t.container, stranger, { visibility: 'private' });
    await buildMergeRequest(t.container, stranger, secret, { source_branch: 'hidden' });
  });
  afterAll(() => t.close());

  const url = (project = p) => `/api/v4/projects/${project.project.id}/merge_requests/1/context_commits`;
  const list = async (user: TestUser | null = owner, project = p) =>
    t.app.inject({ url: url(project), headers: user?.headers ?? {} });
  const listed = async () => (await list()).json<ContextCommit[]>().map((c) => c.id);
  const add = (user: TestUser | null, commits: unknown) =>
    t.app.inject({ method: 'POST', url: url(), headers: user?.headers ?? {}, payload: { commits } });
  const remove = (user: TestUser | null, commits: unknown) =>
    t.app.inject({ method: 'DELETE', url: url(), headers: user?.headers ?? {}, payload: { commits } });
  const page = (path: string, query = '') =>
    t.app.inject({ url: `/${p.fullPath}/-/merge_requests/1/${path}${query}`, headers: owner.headers });
  const metadata = async (query = '') => (await page('diffs_metadata.json', query)).json<DiffsMetadata>();

  it('has none at first: an empty list, and no context_commits_diff in the Changes tab metadata', async () => {
    const response = await list(null);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(await metadata()).not.toHaveProperty('context_commits_diff');
    const only = await page('diffs_metadata.json', '?only_context_commits=true');
    expect(only.statusCode).toBe(404);
  });

  it('hides a private project from anonymous readers (404) and asks them to sign in to add (401)', async () => {
    expect((await list(null, secret)).statusCode).toBe(404);
    expect((await add(null, [parser])).statusCode).toBe(401);
    expect((await remove(null, [parser])).statusCode).toBe(401);
  });

  it('refuses a Reporter, who may not update the request, and writes nothing', async () => {
    expect((await list(reporter)).statusCode).toBe(200);
    const response = await add(reporter, [parser]);
    expect(response.statusCode).toBe(403);
    expect(await listed()).toEqual([]);
  });

  it.each([
    ['an unknown commit', () => ['0123456789abcdef0123456789abcdef01234567'], /Unknown commits/],
    ['a commit not on the target branch', () => [side], /not on the target branch main/],
    ['a good commit beside an unknown one', () => [parser, 'deadbeefdead'], /Unknown commits: deadbeefdead/],
    ['a revision that is not a sha', () => ['HEAD~1'], /commit sha/],
    ['an option in place of a sha', () => ['--output=/tmp/x'], /commit sha/],
    ['no commits at all', () => [], /commits/],
  ])('answers 400 for %s and writes nothing', async (_name, commits, message) => {
    const response = await add(owner, commits());
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: unknown }>().message).toMatch(message);
    expect(await listed()).toEqual([]);
  });

  it('adds commits of the target branch (full or abbreviated shas) and answers 201 with them', async () => {
    const response = await add(owner, [parser, lexer.slice(0, 10).toUpperCase()]);
    expect(response.statusCode).toBe(201);
    const added = response.json<ContextCommit[]>();
    expect(added.map((c) => c.id).sort()).toEqual([parser, lexer].sort());
    expect(added.find((c) => c.id === lexer)).toMatchObject({
      short_id: lexer.slice(0, 8),
      title: 'Add the lexer',
      message: 'Add the lexer',
      author_name: 'Ada Lovelace',
      author_email: 'ada@example.com',
      parent_ids: [],
      web_url: expect.stringMatching(new RegExp(`/${p.fullPath}/-/commit/${lexer}$`)) as unknown,
    });
    // Newest first, as the Commits tab lists commits.
    expect(await listed()).toEqual([lexer, parser]);
  });

  it('refuses commits the request holds already, naming them, and adds none of the others', async () => {
    const response = await add(owner, [readme, parser]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      `Context commits already added: ${parser.slice(0, 8)}`,
    );
    expect(await listed()).toEqual([lexer, parser]);
  });

  it("offers GitLab's context_commits_diff in the metadata, and the combined change of the commits", async () => {
    const latest = await metadata();
    expect(latest.context_commits_diff).toEqual({
      commits_count: 2,
      showing_context_commits_diff: false,
      diffs_path: `/${p.fullPath}/-/merge_requests/1/diffs?only_context_commits=true`,
    });
    expect(latest.diff_files.map((f) => f.new_path)).toEqual(['feature.txt']);

    const only = await metadata('?only_context_commits=true');
    expect(only.context_commits_diff?.showing_context_commits_diff).toBe(true);
    expect(only.diff_files.map((f) => f.new_path)).toEqual(['src/lexer.ts', 'src/parser.ts']);
    const parserParent = (await t.container.repository.getCommit(p, parser)).commit.parentShas[0];
    expect(only.diff_refs).toEqual({ base_sha: parserParent, start_sha: parserParent, head_sha: lexer });

    const batch = (
      await page('diffs_batch.json', '?only_context_commits=true&per_page=1')
    ).json<DiffsBatch>();
    expect(batch.diff_files.map((f) => f.new_path)).toEqual(['src/lexer.ts']);
    expect(batch.diff_files[0]!.highlighted_diff_lines.map((l) => l.text)).toEqual(['+lex']);
    expect(batch.diff_files[0]!.load_collapsed_diff_url).toContain('only_context_commits=true');
    // The second file is the next batch of the same diff: GitLab's `page` is the offset.
    expect(batch.pagination.total_pages).toBe(2);
    const next = (
      await page('diffs_batch.json', '?only_context_commits=true&page=1&per_page=1')
    ).json<DiffsBatch>();
    expect(next.diff_files.map((f) => f.new_path)).toEqual(['src/parser.ts']);

    const one = (
      await page(
        'diff_for_path.json',
        '?only_context_commits=true&new_path=src/parser.ts&old_path=src/parser.ts',
      )
    ).json<DiffForPath>();
    expect(one.diff_files.map((f) => [f.new_path, f.diff_refs.head_sha])).toEqual([['src/parser.ts', lexer]]);

    // The request's own diff is untouched by the selection before it.
    const own = (await page('diffs_batch.json')).json<DiffsBatch>();
    expect(own.diff_files.map((f) => f.new_path)).toEqual(['feature.txt']);
  });

  it('lists the target branch commits for the add dialog, searched by message, marking those added', async () => {
    const all = (await page('context_commits/candidates.json')).json<ContextCommitCandidates>();
    expect(all.target_branch).toBe('main');
    expect(all.commits.slice(0, 3).map((c) => [c.title, c.added])).toEqual([
      ['Write notes', false],
      ['Add the lexer', true],
      ['Add the parser', true],
    ]);
    const found = (
      await page('context_commits/candidates.json', '?search=LEXER')
    ).json<ContextCommitCandidates>();
    expect(found.commits.map((c) => c.id)).toEqual([lexer]);
    const none = (
      await page('context_commits/candidates.json', `?search=${encodeURIComponent('--all .*')}`)
    ).json<ContextCommitCandidates>();
    expect(none.commits).toEqual([]);
  });

  it('removes commits for those who may update the request (204), and the diff follows', async () => {
    expect((await remove(reporter, [parser])).statusCode).toBe(403);
    const unknown = await remove(owner, [readme]);
    expect(unknown.statusCode).toBe(400);
    expect(await listed()).toEqual([lexer, parser]);

    const response = await remove(owner, [parser]);
    expect(response.statusCode).toBe(204);
    expect(await listed()).toEqual([lexer]);
    const only = await metadata('?only_context_commits=true');
    expect(only.context_commits_diff?.commits_count).toBe(1);
    expect(only.diff_files.map((f) => f.new_path)).toEqual(['src/lexer.ts']);

    expect((await remove(owner, [lexer.slice(0, 8)])).statusCode).toBe(204);
    expect(await listed()).toEqual([]);
    expect(await metadata()).not.toHaveProperty('context_commits_diff');
  });

  it('shows only the files the chosen commits change, when commits between them were not chosen', async () => {
    expect((await add(owner, [parser, readme])).statusCode).toBe(201);
    const only = await metadata('?only_context_commits=true');
    // The lexer's commit lies between them: its file is left out, as GitLab limits the diff to their paths.
    expect(only.diff_files.map((f) => f.new_path)).toEqual(['NOTES.md', 'src/parser.ts']);
    expect(only.diff_refs.head_sha).toBe(readme);
    const batch = (await page('diffs_batch.json', '?only_context_commits=true')).json<DiffsBatch>();
    expect(batch.diff_files.map((f) => f.new_path)).toEqual(['NOTES.md', 'src/parser.ts']);
    expect((await remove(owner, [parser, readme])).statusCode).toBe(204);
  });
});
