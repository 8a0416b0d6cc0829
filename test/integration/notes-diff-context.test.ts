import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITION_REFUSALS } from '../../src/server/features/notes/diff-position';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { commitFiles } from '../../src/server/git/commits';
import type { CreateNoteResponse, Discussion, NotePosition } from '../../src/shared/api/notes';
import { fileHash, lineCode } from '../../src/shared/diff/lineCode';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { testAuthor } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** Lines `line 1`..`line N`, some replaced (a replacement may hold several lines). */
const numbered = (count: number, changed: Record<number, string> = {}) =>
  Array.from({ length: count }, (_, i) => changed[i + 1] ?? `line ${i + 1}`).join('\n') + '\n';

// app.txt has 40 lines; the change turns line 5 into two lines and rewrites line 35, so the diff
// hides new lines 10..31 (old 9..30, one behind) and new line 39..41 (old 38..40).
const HASH = fileHash('app.txt');

describe('diff notes on lines expanded around the hunks', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let base: string;
  let apiBase: string;
  let refs: { base_sha: string; start_sha: string; head_sha: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Add app.txt',
      author: testAuthor,
      changes: [{ action: 'create', path: 'app.txt', content: numbered(40) }],
    });
    await commitFiles(project.gitDir, {
      branch: 'feature',
      startBranch: 'main',
      message: 'Split line five, reword 35',
      author: testAuthor,
      changes: [
        {
          action: 'update',
          path: 'app.txt',
          content: numbered(40, { 5: 'line 5a\nline 5b', 35: 'line 35, reworded' }),
        },
      ],
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      target_branch: 'main',
      title: 'Split five',
    });
    base = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    apiBase = `/api/v4/projects/${project.project.id}/merge_requests/${mr.mergeRequest.iid}`;
    const latest = mr.latestDiff!;
    refs = {
      base_sha: latest.baseCommitSha,
      start_sha: latest.startCommitSha,
      head_sha: latest.headCommitSha,
    };
  });
  afterAll(() => t.close());

  const at = (
    oldLine: number | null,
    newLine: number | null,
    extra: Partial<NotePosition> = {},
  ): NotePosition => ({
    ...refs,
    old_path: 'app.txt',
    new_path: 'app.txt',
    position_type: 'text',
    old_line: oldLine,
    new_line: newLine,
    ...extra,
  });

  const post = (note: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `${base}/notes`, headers: owner.headers, payload: { note } });

  const discussions = async () =>
    (await t.app.inject({ method: 'GET', url: `${base}/discussions.json`, headers: owner.headers })).json<
      Discussion[]
    >();

  it('accepts a comment on an unchanged line between the hunks, with the line code of both numbers', async () => {
    const response = await post({ note: 'Hidden, but wrong', position: at(19, 20) });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<CreateNoteResponse>();
    expect(body.note).toMatchObject({
      type: 'DiffNote',
      line_code: lineCode(HASH, 19, 20),
      position: { old_line: 19, new_line: 20, head_sha: refs.head_sha },
    });
    expect(body.discussion).toMatchObject({ diff_discussion: true, active: true });
  });

  it("builds the thread's excerpt around the line: it and the 3 unfolded above it", async () => {
    const thread = (await discussions()).find((d) => d.notes[0]?.note === 'Hidden, but wrong');
    expect(
      thread?.truncated_diff_lines?.map((line) => [line.old_line, line.new_line, line.text, line.line_code]),
    ).toEqual([17, 18, 19, 20].map((n) => [n - 1, n, ` line ${n - 1}`, lineCode(HASH, n - 1, n)]));
  });

  it('accepts the hidden lines above the first hunk and after the last, and a range reaching into them', async () => {
    const top = await post({ note: 'Top', position: at(1, 1) });
    expect(top.statusCode, top.body).toBe(201);
    const bottom = await post({ note: 'Bottom', position: at(40, 41), line_code: lineCode(HASH, 40, 41) });
    expect(bottom.statusCode, bottom.body).toBe(201);
    const range = {
      start: { line_code: lineCode(HASH, 8, 9), type: null, old_line: 8, new_line: 9 },
      end: { line_code: lineCode(HASH, 10, 11), type: null, old_line: 10, new_line: 11 },
    };
    const ranged = await post({ note: 'Range', position: at(10, 11, { line_range: range }) });
    expect(ranged.statusCode, ranged.body).toBe(201);
    expect(ranged.json<CreateNoteResponse>().note?.position?.line_range).toEqual(range);
    // The excerpt of a line next to the hunk above continues into that hunk, as GitLab's does.
    const thread = (await discussions()).find((d) => d.notes[0]?.note === 'Range');
    expect(thread?.truncated_diff_lines?.at(-3)).toMatchObject({ old_line: 8, new_line: 9 });
    expect(thread?.truncated_diff_lines?.at(-1)).toMatchObject({ old_line: 10, new_line: 11 });
  });

  it('accepts it through the REST API as GitLab clients send it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${apiBase}/discussions`,
      headers: owner.headers,
      payload: { body: 'From a bot', position: at(24, 25) },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ notes: Array<{ position: NotePosition }> }>().notes[0]?.position).toMatchObject({
      old_line: 24,
      new_line: 25,
    });
  });

  it('refuses lines that are not in the file at that version and broken line codes, writing nothing', async () => {
    const before = (await discussions()).length;
    const cases: Array<[NotePosition, string, string?]> = [
      // Old and new numbers of two different lines.
      [at(20, 20), POSITION_REFUSALS.notInDiff],
      // Past the end of both files.
      [at(41, 42), POSITION_REFUSALS.notInDiff],
      [at(null, 42), POSITION_REFUSALS.notInDiff],
      [at(19, 20), POSITION_REFUSALS.brokenLineCode, lineCode(HASH, 20, 20)],
      [
        at(10, 11, {
          line_range: {
            start: { line_code: lineCode(HASH, 8, 9), type: null, old_line: 8, new_line: 9 },
            end: { line_code: 'abc_1_2', type: null, old_line: 10, new_line: 11 },
          },
        }),
        POSITION_REFUSALS.brokenLineCode,
      ],
    ];
    for (const [where, message, code] of cases) {
      const response = await post({ note: 'Nope', position: where, ...(code ? { line_code: code } : {}) });
      expect(response.statusCode, `${where.old_line}/${where.new_line}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect((await discussions()).length).toBe(before);
  });

  it('saves a pending comment on a hidden line too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${apiBase}/draft_notes`,
      headers: owner.headers,
      payload: { note: 'Pending on context', position: at(29, 30) },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ line_code: string }>().line_code).toBe(lineCode(HASH, 29, 30));
  });

  it('keeps a thread on a hidden line active after a push that leaves its file alone', async () => {
    const oldHead = refs.head_sha;
    const newHead = await commitFiles(project.gitDir, {
      branch: 'feature',
      message: 'Add notes.txt',
      author: testAuthor,
      changes: [{ action: 'create', path: 'notes.txt', content: 'notes\n' }],
    });
    await t.container.pushHooks.run(
      { project, actor: owner, changes: [{ ref: 'refs/heads/feature', oldSha: oldHead, newSha: newHead }] },
      (error) => {
        throw error;
      },
    );
    const thread = (await discussions()).find((d) => d.notes[0]?.note === 'Hidden, but wrong');
    expect(thread).toMatchObject({
      active: true,
      resolved: false,
      position: { old_line: 19, new_line: 20, head_sha: newHead },
    });
    expect(thread?.truncated_diff_lines?.map((line) => line.new_line)).toEqual([17, 18, 19, 20]);
  });
});
