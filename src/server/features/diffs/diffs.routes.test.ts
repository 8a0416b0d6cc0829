import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  diffsBatchSchema,
  diffsMetadataSchema,
  type DiffForPath,
  type DiffsBatch,
  type DiffsMetadata,
} from '../../../shared/api/diffs';
import { fileHash } from '../../../shared/diff/lineCode';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, testAuthor } from '../../../../test/support/merge-request-factories';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { commitFiles, type FileChange } from '../../git/commits';
import { branchRef, resolveCommit } from '../../git/repository';
import type { ProjectContext } from '../projects/projects.service';

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => `const v${i + 1} = ${i + 1};\n`).join('');

describe('Changes tab JSON: diffs_metadata, diffs_batch, diff_for_path', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let iid: number;
  let firstHead: string;
  let secondHead: string;
  let thirdHead: string;

  async function push(branch: string, message: string, changes: FileChange[]) {
    const oldSha = (await resolveCommit(project.gitDir, branchRef(branch)))!;
    const newSha = await commitFiles(project.gitDir, { branch, message, author: testAuthor, changes });
    await t.container.mergeRequests.handlePush({
      projectId: project.project.id,
      changes: [{ ref: branchRef(branch), oldSha, newSha }],
    });
    return newSha;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Sources',
      author: testAuthor,
      changes: [
        { action: 'create', path: 'src/app.ts', content: numbered(40) },
        { action: 'create', path: 'old name.txt', content: 'same\ncontent\nhere\n' },
      ],
    });
    firstHead = await commitFiles(project.gitDir, {
      branch: 'feature',
      startBranch: 'main',
      message: 'First change',
      author: testAuthor,
      changes: [
        {
          action: 'update',
          path: 'src/app.ts',
          content: numbered(40).replace('const v20 = 20;', 'const v20 = "<b>20</b>";'),
        },
      ],
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      title: 'Feature',
      source_branch: 'feature',
      target_branch: 'main',
    });
    iid = mr.mergeRequest.iid;
    secondHead = await push('feature', 'Second change', [
      { action: 'delete', path: 'old name.txt' },
      { action: 'create', path: 'new name.txt', content: 'same\ncontent\nhere\n' },
      { action: 'create', path: 'logo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]) },
      { action: 'create', path: 'qu"ote\nand café.md', content: '# hi\n' },
      { action: 'create', path: 'huge.min.js', content: 'x'.repeat(5 * 1024 * 1024) + '\n' },
    ]);
    thirdHead = await push(
      'feature',
      'Third change',
      Array.from({ length: 45 }, (_, i) => ({
        action: 'create' as const,
        path: `gen/f${String(i).padStart(2, '0')}.ts`,
        content: 'export {};\n',
      })),
    );
  });
  afterAll(() => t.close());

  const url = (suffix: string) => `/${project.fullPath}/-/merge_requests/${iid}/${suffix}`;
  const get = (suffix: string, user: TestUser | null = owner) =>
    t.app.inject({ method: 'GET', url: url(suffix), headers: user?.headers ?? {} });

  it('lists every file with counts and the versions, newest first, without lines', async () => {
    const response = await get('diffs_metadata.json');
    expect(response.statusCode).toBe(200);
    const body = response.json<DiffsMetadata>();
    // Written without the schema's check at run time (as batches are): the contract still holds.
    expect(diffsMetadataSchema.safeParse(body).error).toBeUndefined();
    expect(body.diff_files).toHaveLength(50);
    expect(
      body.merge_request_diffs.map((v) => [v.version_index, v.head_commit_sha, v.commits_count]),
    ).toEqual([
      [3, thirdHead, 3],
      [2, secondHead, 2],
      [1, firstHead, 1],
    ]);
    const [latest, , first] = body.merge_request_diffs;
    expect(latest).toMatchObject({
      latest: true,
      version_path: expect.stringMatching(new RegExp(`diffs\\?diff_id=${latest!.id}$`)),
    });
    expect(first!.compare_path).toBe(
      `/${project.fullPath}/-/merge_requests/${iid}/diffs?diff_id=${latest!.id}&start_sha=${firstHead}`,
    );
    const app = body.diff_files.find((file) => file.new_path === 'src/app.ts')!;
    expect(app).toMatchObject({
      file_hash: fileHash('src/app.ts'),
      added_lines: 1,
      removed_lines: 1,
      viewer: { name: 'text' },
    });
    expect(body.diff_files.find((file) => file.new_path === 'new name.txt')).toMatchObject({
      old_path: 'old name.txt',
      renamed_file: true,
      viewer: { name: 'no_preview', reason: 'File renamed with no changes.' },
    });
    expect(body.diff_files.find((file) => file.new_path === 'logo.png')!.viewer.name).toBe('image');
    expect(body).toMatchObject({ added_lines: 48, removed_lines: 1, has_encoded_file_paths: false });
  });

  it('pages files with highlighted lines, GitLab line codes and pagination', async () => {
    const response = await get('diffs_batch.json?page=0&per_page=30');
    expect(response.statusCode).toBe(200);
    const body = response.json<DiffsBatch>();
    expect(diffsBatchSchema.safeParse(body).error).toBeUndefined();
    // GitLab's offset form: `total_pages` is the number of files in the whole diff.
    expect(body.pagination).toEqual({ total_pages: 50 });
    expect(body.diff_files).toHaveLength(30);
    const last = (await get('diffs_batch.json?page=30&per_page=30')).json<DiffsBatch>();
    expect(last.pagination).toEqual({ total_pages: 50 });
    expect(last.diff_files).toHaveLength(20);
    const app = [...body.diff_files, ...last.diff_files].find((file) => file.new_path === 'src/app.ts')!;
    const added = app.highlighted_diff_lines.find((line) => line.type === 'new')!;
    expect(added).toMatchObject({
      new_line: 20,
      old_line: null,
      line_code: `${fileHash('src/app.ts')}_21_20`,
    });
    // Highlighted in this answer, or, when the request's highlighting budget went on the files
    // before it (a loaded machine, a grammar's first use), in the next answer.
    const highlighted = '+<span class=k>const</span> v20 = <span class=s>"&lt;b&gt;20&lt;/b&gt;"</span>;';
    if (added.rich_text !== highlighted)
      expect(added.rich_text).toBe('+const v20 = "&lt;b&gt;20&lt;/b&gt;";');
    await vi.waitFor(
      async () => {
        const pages = await Promise.all(
          [0, 30].map(async (page) =>
            (await get(`diffs_batch.json?page=${page}&per_page=30`)).json<DiffsBatch>(),
          ),
        );
        const line = pages
          .flatMap((batch) => batch.diff_files)
          .find((file) => file.new_path === 'src/app.ts')!
          .highlighted_diff_lines.find((l) => l.type === 'new')!;
        expect(line.rich_text).toBe(highlighted);
      },
      { timeout: 10_000 },
    );
    expect(app.highlighted_diff_lines[0]).toMatchObject({
      type: 'match',
      meta_data: { old_pos: 17, new_pos: 17 },
    });
    // GitLab's trailing match line: the hunk ends at line 23 of 40, so the rest can be unfolded.
    expect(app.highlighted_diff_lines.at(-1)).toEqual({
      line_code: null,
      type: 'match',
      old_line: null,
      new_line: null,
      text: '',
      rich_text: '',
      meta_data: { old_pos: 23, new_pos: 23 },
    });
    expect(app.is_fully_expanded).toBe(false);
    const added45 = body.diff_files.find((file) => file.new_path === 'gen/f00.ts')!;
    expect(added45).toMatchObject({ is_fully_expanded: true, size: 11, blob: { readable_text: true } });
    expect(added45.highlighted_diff_lines.map((line) => line.type)).toEqual(['new']);
  });

  it('links edits to the source branch at the latest push, modifiable only by those who may push', async () => {
    const reporter = await buildUser(t.container);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    const forPath = 'diff_for_path.json?new_path=src%2Fapp.ts';
    const editPath = `/${project.fullPath}/-/edit/feature/src/app.ts?from_merge_request_iid=${iid}`;
    const links = { edit_path: editPath, ide_edit_path: editPath };
    expect((await get(forPath)).json<DiffForPath>().diff_files[0]).toMatchObject({
      ...links,
      can_modify_blob: true,
    });
    expect((await get(forPath, reporter)).json<DiffForPath>().diff_files[0]).toMatchObject({
      ...links,
      can_modify_blob: false,
    });
    const versions = (await get('diffs_metadata.json')).json<DiffsMetadata>().merge_request_diffs;
    const older = (await get(`${forPath}&diff_id=${versions.at(-1)!.id}`)).json<DiffForPath>();
    expect(older.diff_files[0]).toMatchObject({
      edit_path: null,
      ide_edit_path: null,
      can_modify_blob: false,
    });
  });

  it('keeps a renamed file without changes readable, with its context lines path', async () => {
    const renamed = (await get('diff_for_path.json?new_path=new%20name.txt')).json<DiffForPath>();
    expect(renamed.diff_files[0]).toMatchObject({
      renamed_file: true,
      viewer: { name: 'no_preview', reason: 'File renamed with no changes.' },
      blob: { readable_text: true },
      context_lines_path: `/${project.fullPath}/-/blob/${thirdHead}/new%20name.txt/diff`,
      is_fully_expanded: true,
      size: 18,
    });
  });

  it('reads page as the offset of the first file, so batches of growing sizes follow each other', async () => {
    const listed = (await get('diffs_metadata.json'))
      .json<DiffsMetadata>()
      .diff_files.map((f) => f.file_path);
    const loaded: string[] = [];
    // Spec section 9's first sizes from the configured 5: 5, 7, 12, 22, then 30 (only 4 are left).
    for (const [page, perPage] of [
      [0, 5],
      [5, 7],
      [12, 12],
      [24, 22],
      [46, 30],
    ]) {
      const batch = (await get(`diffs_batch.json?page=${page}&per_page=${perPage}`)).json<DiffsBatch>();
      expect(batch.pagination.total_pages).toBe(50);
      loaded.push(...batch.diff_files.map((f) => f.file_path));
    }
    expect(loaded).toEqual(listed);
  });

  it('answers a page past the last file with no files and total_pages null, as GitLab does', async () => {
    const past = (await get('diffs_batch.json?page=50&per_page=5')).json<DiffsBatch>();
    expect(past).toEqual({ pagination: { total_pages: null }, diff_files: [] });
  });

  it('refuses a page size over 30 and a negative page', async () => {
    const tooMany = await get('diffs_batch.json?per_page=31');
    expect(tooMany.statusCode).toBe(400);
    expect((await get('diffs_batch.json?page=-1')).statusCode).toBe(400);
  });

  it('says why a file has no lines: binary, too large', async () => {
    const huge = (
      await get('diff_for_path.json?new_path=huge.min.js&old_path=huge.min.js')
    ).json<DiffForPath>();
    expect(huge.diff_files[0]).toMatchObject({
      too_large: true,
      viewer: { name: 'too_large' },
      highlighted_diff_lines: [],
    });
    const image = (await get('diff_for_path.json?new_path=logo.png')).json<DiffForPath>();
    expect(image.diff_files[0]).toMatchObject({
      new_file: true,
      viewer: { name: 'image' },
      highlighted_diff_lines: [],
    });
  });

  it('refuses context lines of a file with a 5 MB line instead of sending it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/${project.fullPath}/-/blob/${secondHead}/huge.min.js/diff?full=true`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The file has a line too long to show' });
  });

  it('finds one file by a path with quotes, a newline and unicode', async () => {
    const name = 'qu"ote\nand café.md';
    const response = await get(`diff_for_path.json?new_path=${encodeURIComponent(name)}`);
    expect(response.statusCode).toBe(200);
    const [file] = response.json<DiffForPath>().diff_files;
    expect(file).toMatchObject({
      new_path: name,
      file_hash: fileHash(name),
      new_path_html: 'qu&quot;ote\nand café.md',
    });
    expect(file!.highlighted_diff_lines.map((line) => line.text)).toEqual(['+# hi']);
  });

  it('answers 404 for a path outside the diff', async () => {
    const response = await get('diff_for_path.json?new_path=README.md');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: '404 File Not Found' });
  });

  it('shows an older version with diff_id, and compares two versions with start_sha', async () => {
    const meta = (await get('diffs_metadata.json')).json<DiffsMetadata>();
    const first = meta.merge_request_diffs[2]!;
    const second = meta.merge_request_diffs[1]!;
    const old = (await get(`diffs_metadata.json?diff_id=${first.id}`)).json<DiffsMetadata>();
    expect(old.diff_files.map((file) => file.new_path)).toEqual(['src/app.ts']);
    expect(old.merge_request_diff!.id).toBe(first.id);
    const compared = (
      await get(`diffs_metadata.json?diff_id=${second.id}&start_sha=${firstHead}`)
    ).json<DiffsMetadata>();
    expect(compared.diff_files.map((file) => file.new_path).sort()).toEqual(
      ['huge.min.js', 'logo.png', 'new name.txt', 'qu"ote\nand café.md'].sort(),
    );
    expect(compared.start_version!.head_commit_sha).toBe(firstHead);
    // The way back from a comparison: the version shown against the base, without start_sha.
    expect(compared.merge_request_diff!.base_version_path).toBe(
      `/${project.fullPath}/-/merge_requests/${iid}/diffs?diff_id=${second.id}`,
    );
    expect(meta.merge_request_diffs.map((v) => v.base_version_path)).toEqual(
      meta.merge_request_diffs.map(
        (v) => `/${project.fullPath}/-/merge_requests/${iid}/diffs?diff_id=${v.id}`,
      ),
    );
  });

  it('refuses an unknown diff_id with 404 and a start_sha outside the merge request with 400', async () => {
    const unknown = await get('diffs_batch.json?diff_id=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: '404 Merge Request Diff Not Found' });
    const stray = await get(`diffs_batch.json?start_sha=${'a'.repeat(40)}`);
    expect(stray.statusCode).toBe(400);
    expect(stray.json<{ message: string }>().message).toContain(
      'start_sha is not the head of another version',
    );
    expect((await get('diffs_batch.json?start_sha=nope')).statusCode).toBe(400);
  });

  it('shows one commit with its older and newer neighbours', async () => {
    const middle = (await get(`diffs_metadata.json?commit_id=${secondHead}`)).json<DiffsMetadata>();
    expect(middle.commit).toMatchObject({
      id: secondHead,
      prev_commit_id: firstHead,
      next_commit_id: thirdHead,
      title: 'Second change',
    });
    expect(middle.diff_files).toHaveLength(4);
    const oldest = (await get(`diffs_metadata.json?commit_id=${firstHead}`)).json<DiffsMetadata>();
    expect(oldest.commit).toMatchObject({ prev_commit_id: null, next_commit_id: secondHead });
    expect((await get(`diffs_metadata.json?commit_id=${'b'.repeat(40)}`)).statusCode).toBe(404);
  });

  it('hides a private project’s diffs from non-members and visitors with 404', async () => {
    expect((await get('diffs_metadata.json', stranger)).statusCode).toBe(404);
    expect((await get('diffs_batch.json', null)).statusCode).toBe(404);
    expect((await get('diff_for_path.json?new_path=src/app.ts', stranger)).statusCode).toBe(404);
  });

  it('hides whitespace-only changes with w=1 and shows them without', async () => {
    const other = await buildProject(t.container, owner);
    await commitFiles(other.gitDir, {
      branch: 'main',
      message: 'Spaced',
      author: testAuthor,
      changes: [{ action: 'create', path: 'spaced.txt', content: 'a b\n' }],
    });
    await commitFiles(other.gitDir, {
      branch: 'tidy',
      startBranch: 'main',
      message: 'Tidy',
      author: testAuthor,
      changes: [{ action: 'update', path: 'spaced.txt', content: 'a    b\n' }],
    });
    const mr = await t.container.mergeRequests.create(owner, other.project.id, {
      title: 'Tidy',
      source_branch: 'tidy',
      target_branch: 'main',
    });
    const base = `/${other.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    const fetch = (suffix: string) =>
      t.app.inject({ method: 'GET', url: `${base}/${suffix}`, headers: owner.headers });
    const ignoring = (await fetch('diffs_metadata.json?w=1')).json<DiffsMetadata>();
    expect(ignoring.diff_files[0]).toMatchObject({
      added_lines: 0,
      removed_lines: 0,
      viewer: { name: 'no_preview', reason: 'Only whitespace changed.' },
    });
    const batchIgnoring = (await fetch('diffs_batch.json?w=1')).json<DiffsBatch>();
    expect(batchIgnoring.diff_files[0]!.highlighted_diff_lines).toEqual([]);
    const showing = (await fetch('diffs_batch.json')).json<DiffsBatch>();
    expect(showing.diff_files[0]!.highlighted_diff_lines.map((line) => line.text)).toEqual([
      '-a b',
      '+a    b',
    ]);
    expect((await fetch('diffs_batch.json?w=2')).statusCode).toBe(400);
  });
});
