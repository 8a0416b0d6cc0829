import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles, type GitPerson } from './commits';
import { changeKey, listChangedFiles, readFilePatches, streamFilePatches, type FilePatch } from './diff';
import { initBareRepository } from './repository';
import { gitText, runGit } from './run-git';

const author: GitPerson = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-01-02T03:04:05Z') };
const numbered = (count: number, prefix = 'line') =>
  Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}\n`).join('');

/** Adds a gitlink (a submodule entry) to a commit; commitFiles writes blobs only. */
async function commitGitlink(gitDir: string, parent: string, entryPath: string, target: string) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'gitlink-'));
  const env = { GIT_INDEX_FILE: path.join(tmp, 'index') };
  try {
    await runGit(gitDir, ['read-tree', parent], { env });
    await runGit(gitDir, ['update-index', '--add', '--cacheinfo', `160000,${target},${entryPath}`], { env });
    const tree = await gitText(gitDir, ['write-tree'], { env });
    return await gitText(gitDir, ['commit-tree', tree, '-p', parent, '-m', 'Add submodule'], {
      env: {
        GIT_AUTHOR_NAME: 'Ada',
        GIT_AUTHOR_EMAIL: 'ada@example.com',
        GIT_COMMITTER_NAME: 'Ada',
        GIT_COMMITTER_EMAIL: 'ada@example.com',
      },
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

describe('diffs for the Changes tab, computed by git', () => {
  let dir: string;
  let gitDir: string;
  let base: string;
  let head: string;
  let patches: Map<string, FilePatch>;
  const byPath = (newPath: string) => [...patches.values()].find((patch) => patch.newPath === newPath);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'diff-changes-'));
    gitDir = path.join(dir, 'repo.git');
    await initBareRepository(gitDir, 'main');
    base = await commitFiles(gitDir, {
      branch: 'main',
      message: 'Initial',
      author,
      changes: [
        { action: 'create', path: 'app.ts', content: numbered(30) },
        { action: 'create', path: 'old name.txt', content: numbered(20, 'moved') },
        { action: 'create', path: 'copied-source.txt', content: numbered(20, 'copy') },
        { action: 'create', path: 'run.sh', content: 'echo hi\n' },
        { action: 'create', path: 'spaces.txt', content: 'a b\n' },
        { action: 'create', path: 'gone.txt', content: 'bye\n' },
      ],
    });
    const withFiles = await commitFiles(gitDir, {
      branch: 'feature',
      startBranch: 'main',
      message: 'Change everything',
      author,
      changes: [
        { action: 'update', path: 'app.ts', content: numbered(30).replace('line 15\n', 'line fifteen\n') },
        { action: 'delete', path: 'old name.txt' },
        { action: 'create', path: 'new name.txt', content: numbered(20, 'moved') },
        { action: 'update', path: 'copied-source.txt', content: numbered(20, 'copy') + 'more\n' },
        { action: 'create', path: 'copy.txt', content: numbered(20, 'copy') },
        { action: 'update', path: 'run.sh', content: 'echo hi\n', executable: true },
        { action: 'update', path: 'spaces.txt', content: 'a   b\n' },
        { action: 'delete', path: 'gone.txt' },
        { action: 'create', path: 'image.bin', content: Buffer.from([0, 1, 2, 3, 0]) },
        { action: 'create', path: 'latin1.txt', content: Buffer.from('caf\xe9\n', 'latin1') },
        { action: 'create', path: 'bell.txt', content: 'ring\x07\x01\x02 the bell\n' },
        { action: 'create', path: 'minified.js', content: 'x'.repeat(5 * 1024 * 1024) + '\n' },
        { action: 'create', path: 'qu"ote\nand café.txt', content: 'odd name\n' },
        { action: 'create', path: 'no-newline.txt', content: 'last' },
        { action: 'create', path: 'empty.txt', content: '' },
      ],
    });
    head = await commitGitlink(gitDir, withFiles, 'vendor/lib', base);
    patches = new Map();
    for await (const patch of streamFilePatches(gitDir, base, head)) patches.set(changeKey(patch), patch);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('lists every changed file with git -M -C: renames, copies, modes, and line counts', async () => {
    const files = await listChangedFiles(gitDir, base, head);
    const find = (newPath: string) => files.find((file) => file.newPath === newPath);
    expect(files).toHaveLength(patches.size);
    expect(find('new name.txt')).toMatchObject({
      oldPath: 'old name.txt',
      renamedFile: true,
      addedLines: 0,
      removedLines: 0,
    });
    expect(find('copy.txt')).toMatchObject({ oldPath: 'copied-source.txt', copiedFile: true });
    expect(find('run.sh')).toMatchObject({ aMode: '100644', bMode: '100755', addedLines: 0 });
    expect(find('app.ts')).toMatchObject({ addedLines: 1, removedLines: 1 });
    expect(find('image.bin')).toMatchObject({ newFile: true, addedLines: null, removedLines: null });
    expect(find('gone.txt')).toMatchObject({ deletedFile: true, removedLines: 1 });
    expect(find('vendor/lib')).toMatchObject({ bMode: '160000', newBlobId: base });
    expect(find('qu"ote\nand café.txt')).toMatchObject({ newFile: true, addedLines: 1 });
  });

  it('parses each patch into lines with GitLab line codes and full blob ids', () => {
    const app = byPath('app.ts')!;
    expect(app.problem).toBeNull();
    expect(app.newBlobId).toMatch(/^[0-9a-f]{40}$/);
    expect(
      app.lines.filter((line) => line.type === 'old' || line.type === 'new').map((line) => line.text),
    ).toEqual(['-line 15', '+line fifteen']);
    expect(app.lines[0]).toMatchObject({ type: 'match', meta_data: { old_pos: 12, new_pos: 12 } });
  });

  it('says why a file shows no lines: binary, too large, not UTF-8, control characters', () => {
    expect(byPath('image.bin')).toMatchObject({ binary: true, problem: 'binary', lines: [] });
    expect(byPath('minified.js')).toMatchObject({ problem: 'too_large', newFile: true, lines: [] });
    expect(byPath('minified.js')!.patchBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(byPath('latin1.txt')).toMatchObject({ problem: 'non_utf8', lines: [] });
    expect(byPath('bell.txt')).toMatchObject({ problem: 'control_characters', lines: [] });
  });

  it('reads odd file names, submodules, missing final newlines and empty files', () => {
    expect(byPath('qu"ote\nand café.txt')).toMatchObject({ oldPath: 'qu"ote\nand café.txt', problem: null });
    expect(byPath('vendor/lib')).toMatchObject({ submodule: true, newFile: true });
    expect(byPath('vendor/lib')!.lines[0]!.text).toBe(`+Subproject commit ${base}`);
    expect(byPath('no-newline.txt')!.lines.map((line) => line.type)).toEqual(['new', 'new-nonewline']);
    expect(byPath('empty.txt')).toMatchObject({ newFile: true, lines: [] });
    expect(byPath('new name.txt')).toMatchObject({ renamedFile: true, lines: [] });
    expect(byPath('run.sh')).toMatchObject({ modeChanged: true, lines: [] });
  });

  it('reads only the requested paths, pairing both sides of a rename', async () => {
    const files = await listChangedFiles(gitDir, base, head);
    const wanted = files.filter((file) => ['new name.txt', 'app.ts'].includes(file.newPath));
    const some = await readFilePatches(gitDir, base, head, wanted);
    expect([...some.values()].map((patch) => patch.newPath).sort()).toEqual(['app.ts', 'new name.txt']);
    expect(some.get(changeKey(wanted.find((file) => file.renamedFile)!))).toMatchObject({
      renamedFile: true,
    });
  });

  it('ignores whitespace with w=1: a whitespace-only change counts no lines and has no hunks', async () => {
    const files = await listChangedFiles(gitDir, base, head, { ignoreWhitespace: true });
    expect(files.find((file) => file.newPath === 'spaces.txt')).toMatchObject({
      addedLines: 0,
      removedLines: 0,
    });
    const some = await readFilePatches(
      gitDir,
      base,
      head,
      [{ oldPath: 'spaces.txt', newPath: 'spaces.txt' }],
      {
        ignoreWhitespace: true,
      },
    );
    expect(some.size).toBe(0);
    const shown = await readFilePatches(gitDir, base, head, [
      { oldPath: 'spaces.txt', newPath: 'spaces.txt' },
    ]);
    expect(shown.get(changeKey({ oldPath: 'spaces.txt', newPath: 'spaces.txt' }))!.lines).toHaveLength(2);
  });

  it('streams a large diff file by file with small chunk sizes intact', async () => {
    const many = await commitFiles(gitDir, {
      branch: 'many',
      startBranch: 'main',
      message: 'Many files',
      author,
      changes: Array.from({ length: 300 }, (_, i) => ({
        action: 'create' as const,
        path: `gen/file-${i}.txt`,
        content: numbered(100),
      })),
    });
    let count = 0;
    let lines = 0;
    for await (const patch of streamFilePatches(gitDir, base, many)) {
      count++;
      lines += patch.addedLines;
    }
    expect(count).toBe(300);
    expect(lines).toBe(30_000);
  });
});
