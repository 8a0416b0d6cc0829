import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Discussion, CreateNoteResponse, NotePosition } from '../../src/shared/api/notes';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { listCommits } from '../../src/server/git/commits';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { buildChangesMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** A file name a repository may well hold, and that would run script if it reached a page as markup. */
const NAME = '<img src=x onerror=alert(1)>.md';
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;.md';

/** Every HTML string of an answer (`*_html`, `rich_text`), wherever it sits. */
function htmlStrings(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return key.endsWith('_html') || key === 'rich_text' ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => htmlStrings(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => htmlStrings(v, k));
  return [];
}

describe('markup in a file name stays text', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let base: string;
  let position: NotePosition;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
    const mr = await buildChangesMergeRequest(t.container, owner, project, {
      base: [{ action: 'create', path: NAME, content: 'one\ntwo\nthree\n' }],
      changes: [{ action: 'update', path: NAME, content: 'one\ntwo, changed\nthree\n' }],
      branch: 'feature',
    });
    base = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    const diff = mr.latestDiff!;
    position = {
      base_sha: diff.baseCommitSha,
      start_sha: diff.startCommitSha,
      head_sha: diff.headCommitSha,
      old_path: NAME,
      new_path: NAME,
      position_type: 'text',
      old_line: null,
      new_line: 2,
    };
  });
  afterAll(() => t.close());

  const diffNote = async (note: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/notes`,
      headers: owner.headers,
      payload: { note: { note, position } },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreateNoteResponse>();
  };

  it('keeps the name as data in a diff note’s position and diff file, and out of every HTML field', async () => {
    const { discussion } = await diffNote('Why the comma?');
    expect(discussion?.position).toMatchObject({ old_path: NAME, new_path: NAME });
    expect(discussion?.diff_file).toMatchObject({ file_path: NAME });

    const listed = await t.app.inject({ url: `${base}/discussions.json`, headers: owner.headers });
    const thread = listed.json<Discussion[]>().find((d) => d.id === discussion?.id);
    expect(thread?.truncated_diff_lines?.map((line) => line.new_line)).toContain(2);
    const html = htmlStrings(thread);
    expect(html.length).toBeGreaterThan(0);
    expect(html.join('\n')).not.toMatch(/<img/i);

    // The Changes tab's file header: the name escaped in GitLab's `*_path_html`.
    const batch = await t.app.inject({ url: `${base}/diffs_batch.json?page=0`, headers: owner.headers });
    const file = batch.json<{ diff_files: Array<Record<string, unknown>> }>().diff_files[0];
    expect(file).toMatchObject({ file_path: NAME, old_path_html: ESCAPED, new_path_html: ESCAPED });
    expect(htmlStrings(batch.json()).join('\n')).not.toMatch(/<img/i);
  });

  it('writes the name into a suggestion’s commit message as it is, and its push note escapes it', async () => {
    const { note } = await diffNote('```suggestion:-0+0\ntwo, suggested\n```');
    const ids = note?.suggestions.map((s) => s.id);
    const applied = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/suggestions/batch_apply',
      headers: owner.headers,
      payload: { ids, commit_message: 'Apply %{suggestions_count} suggestion(s) to %{file_paths}' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const [commit] = await listCommits(project.gitDir, { revision: 'feature', limit: 1 });
    expect(commit?.message).toBe(`Apply 1 suggestion(s) to ${NAME}`);

    const history = await t.app.inject({
      url: `${base}/discussions.json?notes_filter=2`,
      headers: owner.headers,
    });
    const pushNote = history
      .json<Discussion[]>()
      .flatMap((d) => d.notes)
      .find((n) => n.note.startsWith('added 1 commit'));
    expect(pushNote?.note).toContain(NAME);
    // The name is there as text (its `<` an entity), never as an element.
    expect(pushNote?.note_html).toContain('img src=x onerror=alert(1)');
    expect(pushNote?.note_html).not.toMatch(/<img/i);
  });
});
