import { describe, expect, it } from 'vitest';
import { buildFileTree, filesInTreeOrder, findFiles, listRows, visibleRows, type TreeFile } from './fileTree';

const file = (path: string, oldPath = path): TreeFile => ({
  file_hash: `h-${path}`,
  file_path: path,
  old_path: oldPath,
  new_path: path,
});

const shape = (entries: ReturnType<typeof buildFileTree>): unknown =>
  entries.map((e) => (e.type === 'tree' ? { [e.name + '/']: shape(e.tree) } : e.name));

describe('the diff file tree', () => {
  it('puts folders first, then files, each by name', () => {
    const tree = buildFileTree([
      file('z.txt'),
      file('lib/b.ts'),
      file('a.txt'),
      file('lib/a.ts'),
      file('docs/x.md'),
    ]);
    expect(shape(tree)).toEqual([{ 'docs/': ['x.md'] }, { 'lib/': ['a.ts', 'b.ts'] }, 'a.txt', 'z.txt']);
  });

  it('shows a chain of single folders as one entry', () => {
    const tree = buildFileTree([
      file('src/web/features/a.ts'),
      file('src/web/features/b.ts'),
      file('src/server/x.ts'),
    ]);
    expect(shape(tree)).toEqual([
      { 'src/': [{ 'server/': ['x.ts'] }, { 'web/features/': ['a.ts', 'b.ts'] }] },
    ]);
  });

  it('gives every entry the spec fields: type, file hash, old and new paths, parent path and flags', () => {
    const [folder] = buildFileTree([file('lib/new.ts', 'lib/old.ts')], (hash) =>
      hash === 'h-lib/new.ts' ? 'loading' : 'pending',
    );
    expect(folder).toMatchObject({ type: 'tree', path: 'lib', parentPath: '', opened: true, fileHash: null });
    expect(folder!.tree[0]).toMatchObject({
      type: 'blob',
      fileHash: 'h-lib/new.ts',
      filePaths: { old: 'lib/old.ts', new: 'lib/new.ts' },
      parentPath: 'lib',
      diffLoaded: false,
      diffLoading: true,
    });
  });

  it.each([
    ['loaded', true, false],
    ['loading', false, true],
    ['pending', false, false],
  ] as const)('marks a %s diff as loaded=%s, loading=%s', (state, loaded, loading) => {
    const [entry] = buildFileTree([file('a.txt')], () => state);
    expect([entry!.diffLoaded, entry!.diffLoading]).toEqual([loaded, loading]);
  });

  it('hides the files of a closed folder and keeps depths for indentation', () => {
    const tree = buildFileTree([file('lib/a.ts'), file('docs/x.md'), file('z.txt')]);
    const rows = visibleRows(tree, new Set(['docs']));
    expect(rows.map((r) => [r.entry.name, r.depth, r.entry.opened])).toEqual([
      ['docs', 0, false],
      ['lib', 0, true],
      ['a.ts', 1, false],
      ['z.txt', 0, false],
    ]);
  });

  it('shows every file on a row of its own in the list view, closed folders or not, with its entry flags', () => {
    const tree = buildFileTree([file('lib/b.ts'), file('z.txt'), file('lib/a.ts')], (hash) =>
      hash === 'h-z.txt' ? 'loaded' : 'loading',
    );
    const rows = listRows(tree);
    expect(rows.map((r) => [r.entry.path, r.depth, r.entry.parentPath])).toEqual([
      ['lib/a.ts', 0, 'lib'],
      ['lib/b.ts', 0, 'lib'],
      ['z.txt', 0, ''],
    ]);
    expect(rows.map((r) => [r.entry.diffLoaded, r.entry.diffLoading])).toEqual([
      [false, true],
      [false, true],
      [true, false],
    ]);
  });

  it('lists the files in the order the tree shows them', () => {
    const tree = buildFileTree([file('z.txt'), file('lib/b.ts'), file('lib/a.ts')]);
    expect(filesInTreeOrder(tree)).toEqual(['h-lib/a.ts', 'h-lib/b.ts', 'h-z.txt']);
  });
});

describe('the file finder', () => {
  const files = [
    file('src/app.ts'),
    file('src/server/application.ts'),
    file('docs/api.md'),
    file('README.md'),
  ];
  it.each([
    ['', ['src/app.ts', 'src/server/application.ts', 'docs/api.md', 'README.md']],
    ['app', ['src/app.ts', 'src/server/application.ts']],
    ['API', ['docs/api.md', 'src/server/application.ts']],
    ['srvapp', ['src/server/application.ts']],
    ['docs/', ['docs/api.md']],
    ['nothing', []],
  ])('finds %j', (query, paths) => {
    expect(findFiles(files, query).map((f) => f.file_path)).toEqual(paths);
  });
});
