import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiffLine } from '../../../shared/api/diffs';
import { fileHash } from '../../../shared/diff/lineCode';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { testAuthor } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { commitFiles } from '../../git/commits';
import type { ProjectContext } from '../projects/projects.service';

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => `let v${i + 1} = ${i + 1};\n`).join('');

describe('raw files and context lines', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let sha: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    sha = await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Files',
      author: testAuthor,
      changes: [
        { action: 'create', path: 'src/app.js', content: numbered(30) },
        { action: 'create', path: 'page.html', content: '<script>alert(1)</script>\n' },
        { action: 'create', path: 'my café.bin', content: Buffer.from([0, 1, 2]) },
      ],
    });
  });
  afterAll(() => t.close());

  const get = (url: string, user: TestUser | null = owner) =>
    t.app.inject({ method: 'GET', url: `/${project.fullPath}/-/${url}`, headers: user?.headers ?? {} });

  it('serves a raw file as plain text, never as a page', async () => {
    const response = await get(`raw/${sha}/page.html`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe('<script>alert(1)</script>\n');
  });

  it('serves binary files with a unicode name as a download', async () => {
    const response = await get(`raw/${sha.slice(0, 8)}/${encodeURIComponent('my café.bin')}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.rawPayload).toEqual(Buffer.from([0, 1, 2]));
  });

  it('answers 404 for a missing file, an unknown commit and a private project read by a stranger', async () => {
    expect((await get(`raw/${sha}/nope.txt`)).statusCode).toBe(404);
    expect((await get(`raw/${'f'.repeat(40)}/page.html`)).statusCode).toBe(404);
    expect((await get(`raw/${sha}/page.html`, stranger)).statusCode).toBe(404);
    expect((await get(`blob/${sha}/src/app.js/diff?since=1&to=3`, null)).statusCode).toBe(404);
  });

  it('returns context lines since..to with old positions behind by the offset', async () => {
    const response = await get(`blob/${sha}/src/app.js/diff?since=5&to=7&offset=2`);
    expect(response.statusCode).toBe(200);
    const lines = response.json<DiffLine[]>();
    expect(lines.map((line) => [line.old_line, line.new_line, line.text])).toEqual([
      [3, 5, ' let v5 = 5;'],
      [4, 6, ' let v6 = 6;'],
      [5, 7, ' let v7 = 7;'],
    ]);
    expect(lines[0]).toMatchObject({ type: null, line_code: `${fileHash('src/app.js')}_3_5` });
    expect(lines[0]!.rich_text).toContain('<span class=k>let</span>');
  });

  it('adds a hunk header where more lines remain when unfolding, and returns everything with full', async () => {
    const up = (await get(`blob/${sha}/src/app.js/diff?since=10&to=12&unfold=true`)).json<DiffLine[]>();
    expect(up[0]).toMatchObject({ type: 'match', meta_data: { old_pos: 10, new_pos: 10 } });
    const down = (await get(`blob/${sha}/src/app.js/diff?since=10&to=12&unfold=true&bottom=true`)).json<
      DiffLine[]
    >();
    expect(down.at(-1)).toMatchObject({ type: 'match', meta_data: { old_pos: 12, new_pos: 12 } });
    const full = (await get(`blob/${sha}/src/app.js/diff?full=true`)).json<DiffLine[]>();
    expect(full).toHaveLength(30);
  });

  it('leaves other blob addresses to the web app', async () => {
    const response = await get('blob/main/src/app.js');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: '404 Not Found' });
  });

  it('refuses context lines of a binary file and bad numbers with 400', async () => {
    expect((await get(`blob/${sha}/${encodeURIComponent('my café.bin')}/diff`)).statusCode).toBe(400);
    expect((await get(`blob/${sha}/src/app.js/diff?since=abc`)).statusCode).toBe(400);
  });
});
