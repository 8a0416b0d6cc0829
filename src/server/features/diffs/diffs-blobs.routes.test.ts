import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CoverageReport,
  DiffFile,
  DiffForPath,
  DiffsBatch,
  DiffsMetadata,
} from '../../../shared/api/diffs';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { commitWithFastImport } from '../../../../test/support/git-plumbing';
import { png } from '../../../../test/support/images';
import { testAuthor } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { commitFiles } from '../../git/commits';
import { branchRef, resolveCommit } from '../../git/repository';
import { gitText } from '../../git/run-git';
import type { ProjectContext } from '../projects/projects.service';

const OLD_LIB = '1'.repeat(40);
const NEW_LIB = '2'.repeat(40);
const WIDGET = '3'.repeat(40);
const LFS_OID = 'c'.repeat(64);
const lfsPointer = `version https://git-lfs.github.com/spec/v1\noid sha256:${LFS_OID}\nsize 73400320\n`;
const gitmodules = [
  '[submodule "lib"]',
  '\tpath = vendor-lib',
  '\turl = ../lib.git',
  '[submodule "widget"]',
  '\tpath = gh-widget',
  '\turl = https://github.com/acme/widget.git',
  '',
].join('\n');

const logo = png(40, 30, [200, 60, 20]);
const iconBefore = png(16, 16, [0, 0, 0]);
const iconAfter = png(48, 48, [255, 255, 255]);
const archive = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 0), Buffer.from('payload\n')]);

const committer = {
  GIT_AUTHOR_NAME: testAuthor.name,
  GIT_AUTHOR_EMAIL: testAuthor.email,
  GIT_COMMITTER_NAME: testAuthor.name,
  GIT_COMMITTER_EMAIL: testAuthor.email,
};

/**
 * Points top-level gitlinks of `branch` at commits (which need not exist, as with any submodule
 * not fetched): git's plumbing, since commits made through the API only write blobs.
 */
async function setGitlinks(gitDir: string, branch: string, links: Record<string, string>): Promise<void> {
  const head = (await resolveCommit(gitDir, branchRef(branch)))!;
  const entries = (await gitText(gitDir, ['ls-tree', head]))
    .split('\n')
    .filter((entry) => !Object.keys(links).includes(entry.split('\t')[1]!));
  for (const [path, sha] of Object.entries(links)) entries.push(`160000 commit ${sha}\t${path}`);
  const tree = await gitText(gitDir, ['mktree'], { input: `${entries.join('\n')}\n` });
  const commit = await gitText(gitDir, ['commit-tree', tree, '-p', head, '-m', 'Submodules'], {
    env: committer,
  });
  await gitText(gitDir, ['update-ref', branchRef(branch), commit, head]);
}

describe('Changes tab: sizes, LFS pointers, submodules, binaries and coverage', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  let iid: number;
  let head: string;

  const get = (endpoint: string, user: TestUser | null = owner) =>
    t.app.inject({
      method: 'GET',
      url: `/${project.fullPath}/-/merge_requests/${iid}/${endpoint}`,
      headers: user?.headers ?? {},
    });

  const fileOf = async (path: string): Promise<DiffFile> =>
    (await get(`diff_for_path.json?new_path=${encodeURIComponent(path)}`)).json<DiffForPath>().diff_files[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Base',
      author: testAuthor,
      changes: [
        { action: 'create', path: '.gitmodules', content: gitmodules },
        { action: 'create', path: 'README.md', content: '# app\n' },
        { action: 'create', path: 'logo.png', content: logo },
        { action: 'create', path: 'archive.dat', content: archive },
        { action: 'create', path: 'icon.png', content: iconBefore },
      ],
    });
    await setGitlinks(project.gitDir, 'main', { 'vendor-lib': OLD_LIB });
    await commitFiles(project.gitDir, {
      branch: 'feature',
      startBranch: 'main',
      message: 'Assets',
      author: testAuthor,
      changes: [
        { action: 'create', path: 'video.mp4', content: lfsPointer },
        { action: 'create', path: 'data.bin', content: Buffer.from([0, 1, 2, 3, 0, 255, 254, 10]) },
        { action: 'create', path: 'fake.txt', content: Buffer.from('text\u0000with a NUL\n') },
        { action: 'delete', path: 'logo.png' },
        { action: 'create', path: 'images/logo.png', content: logo },
        { action: 'delete', path: 'archive.dat' },
        { action: 'create', path: 'backup/archive.dat', content: archive },
        { action: 'update', path: 'icon.png', content: iconAfter },
      ],
    });
    await setGitlinks(project.gitDir, 'feature', { 'vendor-lib': NEW_LIB, 'gh-widget': WIDGET });
    await commitWithFastImport(project.gitDir, 'feature', 'A Latin-1 file name', [
      { kind: 'file', quotedPath: '"men\\374.txt"', content: 'soup\nbread\n' },
    ]);
    head = (await resolveCommit(project.gitDir, branchRef('feature')))!;
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      title: 'Assets and submodules',
      source_branch: 'feature',
      target_branch: 'main',
    });
    iid = mr.mergeRequest.iid;
  });

  afterAll(async () => {
    await t.close();
  });

  it('lists each file’s size and LFS storage in the metadata', async () => {
    const body = (await get('diffs_metadata.json')).json<DiffsMetadata>();
    const byPath = new Map(body.diff_files.map((file) => [file.new_path, file]));
    expect(byPath.get('video.mp4')).toMatchObject({
      stored_externally: true,
      external_storage: 'lfs',
      size: 73400320,
      viewer: { name: 'not_diffable', reason: 'The file is stored in Git LFS.' },
    });
    expect(byPath.get('data.bin')).toMatchObject({
      stored_externally: false,
      external_storage: null,
      size: 8,
    });
    expect(byPath.get('vendor-lib')).toMatchObject({ submodule: true, size: 0 });
  });

  it('serves an LFS pointer as stored externally, with the raw URL of the object', async () => {
    expect(await fileOf('video.mp4')).toMatchObject({
      stored_externally: true,
      external_storage: 'lfs',
      external_url: `/${project.fullPath}/-/raw/${head}/video.mp4`,
      formatted_external_url: `/${project.fullPath}/-/raw/${head}/video.mp4`,
      size: 73400320,
      blob: { readable_text: false },
      context_lines_path: null,
      highlighted_diff_lines: [],
    });
  });

  it('links a changed submodule in this server and an added one on github.com', async () => {
    expect(await fileOf('vendor-lib')).toMatchObject({
      submodule: true,
      a_mode: '160000',
      b_mode: '160000',
      blob: null,
      external_url: null,
      submodule_link: `/${project.namespace.path}/lib`,
      submodule_tree_url: `/${project.namespace.path}/lib/-/tree/${NEW_LIB}`,
      submodule_compare: {
        old_sha: OLD_LIB,
        new_sha: NEW_LIB,
        url: `/${project.namespace.path}/lib/-/compare/${OLD_LIB}...${NEW_LIB}`,
      },
    });
    expect(await fileOf('gh-widget')).toMatchObject({
      new_file: true,
      submodule_link: 'https://github.com/acme/widget',
      submodule_tree_url: `https://github.com/acme/widget/tree/${WIDGET}`,
      submodule_compare: { old_sha: '', new_sha: WIDGET, url: null },
    });
  });

  it('shows binaries, and binary posing as text, with a reason and no lines', async () => {
    expect(await fileOf('data.bin')).toMatchObject({
      size: 8,
      viewer: { name: 'not_diffable', reason: 'The file is binary.' },
      blob: { readable_text: false },
      is_fully_expanded: true,
      highlighted_diff_lines: [],
    });
    expect((await fileOf('fake.txt')).viewer.name).toBe('not_diffable');
  });

  it('calls a binary file and an image renamed with no changes the same in the metadata and the batch: renamed, not text', async () => {
    const metadata = (await get('diffs_metadata.json')).json<DiffsMetadata>();
    const batch = (await get('diffs_batch.json?page=0&per_page=30')).json<DiffsBatch>();
    for (const path of ['images/logo.png', 'backup/archive.dat']) {
      const renamed = {
        renamed_file: true,
        viewer: { name: 'no_preview', reason: 'File renamed with no changes.' },
      };
      expect(metadata.diff_files.find((file) => file.new_path === path)).toMatchObject(renamed);
      // Not text: no "Show file contents" (whose context lines would refuse a binary), a link to the file instead.
      expect(batch.diff_files.find((file) => file.new_path === path)).toMatchObject({
        ...renamed,
        blob: { readable_text: false },
        context_lines_path: null,
        view_path: `/${project.fullPath}/-/blob/${head}/${path}`,
        highlighted_diff_lines: [],
      });
    }
  });

  it('gives an image both file sizes for the image viewer, and other files none', async () => {
    expect(await fileOf('icon.png')).toMatchObject({
      viewer: { name: 'image' },
      old_size: iconBefore.length,
      new_size: iconAfter.length,
    });
    expect(await fileOf('data.bin')).toMatchObject({ old_size: null, new_size: null });
  });

  it('shows the lines of a file whose name is not UTF-8, which no pathspec can name, and flags the paths', async () => {
    const metadata = (await get('diffs_metadata.json')).json<DiffsMetadata>();
    expect(metadata.has_encoded_file_paths).toBe(true);
    const batch = (await get('diffs_batch.json?page=0&per_page=30')).json<DiffsBatch>();
    const menu = batch.diff_files.find((file) => file.new_path === 'men\uFFFD.txt')!;
    expect(menu.viewer.name).toBe('text');
    expect(menu.highlighted_diff_lines.map((line) => line.text)).toEqual(['+soup', '+bread']);
    // No edit can name the file.
    expect(menu).toMatchObject({ edit_path: null, ide_edit_path: null, can_modify_blob: false });
  });

  it('answers the coverage endpoint with no markers, and hides it from strangers', async () => {
    const response = await get('coverage_reports.json');
    expect(response.statusCode).toBe(200);
    expect(response.json<CoverageReport>()).toEqual({ files: {} });
    expect((await get('coverage_reports.json', stranger)).statusCode).toBe(404);
    expect((await get('coverage_reports.json', null)).statusCode).toBe(404);
  });
});
