import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { NotePosition, Suggestion } from '../../../shared/api/notes';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, pushFile, testAuthor } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { commitFiles, listCommits } from '../../git/commits';
import { branchRef, resolveCommit } from '../../git/repository';
import { readBlob, readPathEntry } from '../../git/tree';
import type { ProjectContext } from '../projects/projects.service';

const ORIGINAL = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';

describe('applying suggestions', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let reporter: TestUser;
  let outsider: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    developer = await buildUser(t.container, { name: 'Dev Eloper' });
    reporter = await buildUser(t.container, { name: 'Rita Reporter' });
    outsider = await buildUser(t.container, { name: 'Otto Outsider' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
  });
  afterAll(() => t.close());

  /** A merge request whose source branch adds `app.ts`: every line is new, so every line takes diff notes. */
  async function mergeRequestWithApp() {
    const branch = `feature-${Math.random().toString(36).slice(2, 8)}`;
    await pushFile(project, branch, { path: 'app.ts', content: ORIGINAL });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      title: 'Add app',
      source_branch: branch,
      target_branch: 'main',
    });
    return { branch, iid: mr.mergeRequest.iid };
  }

  /** A diff note on line `line` of app.ts holding `body`, with its suggestions stored. */
  async function suggest(author: TestUser, iid: number, line: number, body: string) {
    const noteable = await t.container.noteables.byIid(author, 'MergeRequest', project.project.id, iid);
    const refs = noteable.diffRefs;
    if (!refs) throw new Error('no diff');
    const position: NotePosition = {
      base_sha: refs.baseSha,
      start_sha: refs.startSha,
      head_sha: refs.headSha,
      position_type: 'text',
      old_path: 'app.ts',
      new_path: 'app.ts',
      old_line: null,
      new_line: line,
    };
    const { note } = await t.container.notes.create(author, noteable, { body, type: 'DiffNote', position });
    await t.container.suggestions.syncFromNote(note);
    const listed = await t.container.suggestions.forNotes(author, noteable, [note]);
    return { note, noteable, suggestions: listed.get(note.id) ?? [] };
  }

  const fileOn = async (branch: string) => {
    const head = await resolveCommit(project.gitDir, branchRef(branch));
    const entry = head ? await readPathEntry(project.gitDir, head, 'app.ts') : null;
    return entry ? (await readBlob(project.gitDir, entry.id))?.toString('utf8') : null;
  };
  const headOf = (branch: string) => resolveCommit(project.gitDir, branchRef(branch));

  const put = (user: TestUser | null, url: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'PUT', url, payload, headers: user?.headers ?? {} });

  it('stores a suggestion with the lines it replaces, appliable', async () => {
    const { iid } = await mergeRequestWithApp();
    const { suggestions } = await suggest(
      developer,
      iid,
      2,
      '```suggestion:-1+0\nconst a = 10;\nconst b = 20;\n```',
    );
    expect(suggestions).toEqual([
      {
        id: expect.any(Number),
        from_line: 1,
        to_line: 2,
        appliable: true,
        applied: false,
        from_content: 'const a = 1;\nconst b = 2;',
        to_content: 'const a = 10;\nconst b = 20;',
        inapplicable_reason: null,
      },
    ]);
  });

  it('applies one suggestion as a commit on the source branch, with a new diff version', async () => {
    const { branch, iid } = await mergeRequestWithApp();
    const [suggestion] = (await suggest(developer, iid, 2, 'Rename:\n```suggestion\nconst bee = 2;\n```'))
      .suggestions;
    const before = await headOf(branch);

    const response = await put(owner, `/api/v4/suggestions/${suggestion?.id}/apply`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Suggestion>()).toMatchObject({
      id: suggestion?.id,
      applied: true,
      appliable: false,
    });

    expect(await fileOn(branch)).toBe('const a = 1;\nconst bee = 2;\nconst c = 3;\n');
    const [commit] = await listCommits(project.gitDir, { revision: branch, limit: 1 });
    expect(commit?.parentShas).toEqual([before]);
    expect(commit?.message).toBe(
      `Apply 1 suggestion(s) to 1 file(s)\n\nCo-authored-by: Dev Eloper <${developer.email}>`,
    );
    expect(commit?.author).toMatchObject({ name: owner.name, email: owner.email });
    const versions = await t.container.mergeRequests.versions(owner, project.project.id, iid);
    expect(versions[0]?.headCommitSha).toBe(commit?.sha);
  });

  it('applies a batch in one commit with the user’s message', async () => {
    const { branch, iid } = await mergeRequestWithApp();
    const [first] = (await suggest(owner, iid, 1, '```suggestion\nconst a = 100;\n```')).suggestions;
    const [second] = (await suggest(owner, iid, 3, '```suggestion\n```')).suggestions;
    const response = await put(owner, '/api/v4/suggestions/batch_apply', {
      ids: [first?.id, second?.id],
      commit_message: 'Tidy %{file_paths} (%{suggestions_count})',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Suggestion[]>().map((s) => s.applied)).toEqual([true, true]);
    expect(await fileOn(branch)).toBe('const a = 100;\nconst b = 2;\n');
    const [commit] = await listCommits(project.gitDir, { revision: branch, limit: 1 });
    expect(commit?.message).toBe('Tidy app.ts (2)');
  });

  it('refuses a suggestion whose lines changed since, and writes nothing', async () => {
    const { branch, iid } = await mergeRequestWithApp();
    const made = await suggest(developer, iid, 2, '```suggestion\nconst b = 5;\n```');
    const [stale] = made.suggestions;
    await commitFiles(project.gitDir, {
      branch,
      message: 'Change b',
      author: testAuthor,
      changes: [{ action: 'update', path: 'app.ts', content: 'const a = 1;\nconst b = 7;\nconst c = 3;\n' }],
    });
    const head = await headOf(branch);

    const response = await put(owner, `/api/v4/suggestions/${stale?.id}/apply`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Can't apply as this line was changed in a more recent version.",
    });
    expect(await headOf(branch)).toBe(head);
    const after = await t.container.suggestions.forNotes(owner, made.noteable, [made.note]);
    expect(after.get(made.note.id)).toEqual([
      expect.objectContaining({
        applied: false,
        appliable: false,
        inapplicable_reason: "Can't apply as this line was changed in a more recent version.",
      }),
    ]);
  });

  it('refuses to apply a suggestion twice', async () => {
    const { iid } = await mergeRequestWithApp();
    const [suggestion] = (await suggest(developer, iid, 3, '```suggestion\nconst c = 30;\n```')).suggestions;
    expect((await put(owner, `/api/v4/suggestions/${suggestion?.id}/apply`)).statusCode).toBe(200);
    const again = await put(owner, `/api/v4/suggestions/${suggestion?.id}/apply`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: "Can't apply this suggestion." });
  });

  it('refuses overlapping suggestions in a batch', async () => {
    const { branch, iid } = await mergeRequestWithApp();
    const [wide] = (await suggest(owner, iid, 2, '```suggestion:-1+0\nx\n```')).suggestions;
    const [narrow] = (await suggest(owner, iid, 1, '```suggestion\ny\n```')).suggestions;
    const head = await headOf(branch);
    const response = await put(owner, '/api/v4/suggestions/batch_apply', { ids: [wide?.id, narrow?.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Suggestions are not applicable as their lines cannot overlap.',
    });
    expect(await headOf(branch)).toBe(head);
  });

  it('keeps suggestion text inert: markup is committed as text, never run', async () => {
    const { branch, iid } = await mergeRequestWithApp();
    const [suggestion] = (await suggest(owner, iid, 1, '```suggestion\n<script>alert(1)</script>\n```'))
      .suggestions;
    expect((await put(owner, `/api/v4/suggestions/${suggestion?.id}/apply`)).statusCode).toBe(200);
    expect(await fileOn(branch)).toBe('<script>alert(1)</script>\nconst b = 2;\nconst c = 3;\n');
  });

  it('asks who applies: signed out 401, non-member 404, reporter (no push) 403', async () => {
    const { branch, iid } = await mergeRequestWithApp();
    const [suggestion] = (await suggest(developer, iid, 1, '```suggestion\nz\n```')).suggestions;
    const url = `/api/v4/suggestions/${suggestion?.id}/apply`;
    const head = await headOf(branch);
    expect((await put(null, url)).statusCode).toBe(401);
    expect((await put(outsider, url)).statusCode).toBe(404);
    const refused = await put(reporter, url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "You don't have permission to apply this suggestion." });
    expect(await headOf(branch)).toBe(head);
    expect((await put(owner, '/api/v4/suggestions/999999/apply')).statusCode).toBe(404);
  });

  it('refuses to apply in an archived project', async () => {
    const { branch, iid } = await mergeRequestWithApp();
    const [suggestion] = (await suggest(developer, iid, 1, '```suggestion\nq\n```')).suggestions;
    const head = await headOf(branch);
    await t.container.projects.setArchived(owner, project.project.id, true);
    try {
      const response = await put(owner, `/api/v4/suggestions/${suggestion?.id}/apply`);
      expect(response.statusCode).toBe(403);
      expect(await headOf(branch)).toBe(head);
    } finally {
      await t.container.projects.setArchived(owner, project.project.id, false);
    }
  });
});
