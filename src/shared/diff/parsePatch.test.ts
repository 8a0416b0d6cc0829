import { describe, expect, it } from 'vitest';
import { parseFilePatch, parsePatch, splitPatch } from './parsePatch';
import { fileHash } from './lineCode';

const FULL = (c: string) => c.repeat(40);
const lines = (...rows: string[]) => rows.join('\n') + '\n';

describe('parseFilePatch header fields', () => {
  it.each([
    {
      name: 'a modified file',
      patch: lines(
        'diff --git a/app.ts b/app.ts',
        `index ${FULL('1')}..${FULL('2')} 100644`,
        '--- a/app.ts',
        '+++ b/app.ts',
        '@@ -1 +1 @@',
        '-a',
        '+b',
      ),
      expected: {
        oldPath: 'app.ts',
        newPath: 'app.ts',
        aMode: '100644',
        bMode: '100644',
        oldBlobId: FULL('1'),
        newBlobId: FULL('2'),
        addedLines: 1,
        removedLines: 1,
      },
    },
    {
      name: 'an empty new file (no hunks)',
      patch: lines(
        'diff --git a/empty.txt b/empty.txt',
        'new file mode 100644',
        `index ${FULL('0')}..e69de29bb2d1d6434b8b29ae775ad8c2e48c5391`,
      ),
      expected: {
        oldPath: 'empty.txt',
        newPath: 'empty.txt',
        newFile: true,
        aMode: '0',
        bMode: '100644',
        addedLines: 0,
      },
    },
    {
      name: 'a deleted file',
      patch: lines(
        'diff --git a/gone.txt b/gone.txt',
        'deleted file mode 100644',
        `index ${FULL('3')}..${FULL('0')}`,
        '--- a/gone.txt',
        '+++ /dev/null',
        '@@ -1,2 +0,0 @@',
        '-x',
        '-y',
      ),
      expected: {
        oldPath: 'gone.txt',
        newPath: 'gone.txt',
        deletedFile: true,
        aMode: '100644',
        bMode: '0',
        removedLines: 2,
      },
    },
    {
      name: 'a mode-only change',
      patch: lines('diff --git a/run.sh b/run.sh', 'old mode 100644', 'new mode 100755'),
      expected: { modeChanged: true, aMode: '100644', bMode: '100755', newFile: false, lines: [] },
    },
    {
      name: 'a rename without changes, with spaces in both names',
      patch: lines(
        'diff --git a/old name.txt b/new name.txt',
        'similarity index 100%',
        'rename from old name.txt',
        'rename to new name.txt',
      ),
      expected: { oldPath: 'old name.txt', newPath: 'new name.txt', renamedFile: true, lines: [] },
    },
    {
      name: 'a copy',
      patch: lines('diff --git a/a.txt b/b.txt', 'similarity index 100%', 'copy from a.txt', 'copy to b.txt'),
      expected: { oldPath: 'a.txt', newPath: 'b.txt', copiedFile: true, renamedFile: false },
    },
    {
      name: 'a binary file',
      patch: lines(
        'diff --git a/bin.dat b/bin.dat',
        `index ${FULL('4')}..${FULL('5')} 100644`,
        'Binary files a/bin.dat and b/bin.dat differ',
      ),
      expected: { binary: true, lines: [], newPath: 'bin.dat' },
    },
    {
      name: 'a new submodule',
      patch: lines(
        'diff --git a/vendor/lib b/vendor/lib',
        'new file mode 160000',
        `index ${FULL('0')}..${FULL('6')}`,
        '--- /dev/null',
        '+++ b/vendor/lib',
        '@@ -0,0 +1 @@',
        `+Subproject commit ${FULL('6')}`,
      ),
      expected: { submodule: true, newFile: true, bMode: '160000', addedLines: 1 },
    },
    {
      name: 'an LFS pointer',
      patch: lines(
        'diff --git a/big.psd b/big.psd',
        'new file mode 100644',
        `index ${FULL('0')}..${FULL('7')}`,
        '--- /dev/null',
        '+++ b/big.psd',
        '@@ -0,0 +1,3 @@',
        '+version https://git-lfs.github.com/spec/v1',
        `+oid sha256:${'a'.repeat(64)}`,
        '+size 12',
      ),
      expected: { lfsPointer: true, binary: false },
    },
    {
      name: 'a unicode name quoted by core.quotePath',
      patch: lines(
        'diff --git "a/caf\\303\\251.txt" "b/caf\\303\\251.txt"',
        'new file mode 100644',
        `index ${FULL('0')}..${FULL('8')}`,
        '--- /dev/null',
        '+++ "b/caf\\303\\251.txt"',
        '@@ -0,0 +1 @@',
        '+u',
      ),
      expected: { oldPath: 'café.txt', newPath: 'café.txt' },
    },
    {
      name: 'a name with a double quote',
      patch: lines(
        'diff --git "a/qu\\"ote.txt" "b/qu\\"ote.txt"',
        `index ${FULL('1')}..${FULL('2')} 100644`,
        '--- "a/qu\\"ote.txt"',
        '+++ "b/qu\\"ote.txt"',
        '@@ -1 +1 @@',
        '-q',
        '+r',
      ),
      expected: { oldPath: 'qu"ote.txt', newPath: 'qu"ote.txt' },
    },
    {
      name: 'a name with a newline, mode-only so the header alone names it',
      patch: lines('diff --git "a/new\\nline.sh" "b/new\\nline.sh"', 'old mode 100644', 'new mode 100755'),
      expected: { oldPath: 'new\nline.sh', newPath: 'new\nline.sh', modeChanged: true },
    },
    {
      name: 'a name with spaces and no quoting, mode-only',
      patch: lines('diff --git a/my b/file b/my b/file', 'old mode 100644', 'new mode 100755'),
      expected: { oldPath: 'my b/file', newPath: 'my b/file' },
    },
  ])('reads $name', ({ patch, expected }) => {
    expect(parseFilePatch(patch)).toMatchObject(expected);
  });
});

describe('parseFilePatch lines', () => {
  it('numbers a mid-file hunk from its header and shows the header as a match line', () => {
    const file = parseFilePatch(
      lines(
        'diff --git a/ctx.txt b/ctx.txt',
        'index aecbbc4..b813f5c 100644',
        '--- a/ctx.txt',
        '+++ b/ctx.txt',
        '@@ -4,6 +4,6 @@ l3',
        ' l4',
        ' l5',
        ' l6',
        '-l7',
        '+L7',
        ' l8',
        ' l9',
      ),
    );
    const hash = fileHash('ctx.txt');
    expect(file.lines.slice(0, 2)).toEqual([
      {
        line_code: null,
        type: 'match',
        old_line: null,
        new_line: null,
        text: '@@ -4,6 +4,6 @@ l3',
        meta_data: { old_pos: 4, new_pos: 4 },
      },
      { line_code: `${hash}_4_4`, type: null, old_line: 4, new_line: 4, text: ' l4', meta_data: null },
    ]);
    expect(file.lines.slice(4, 6)).toEqual([
      { line_code: `${hash}_7_7`, type: 'old', old_line: 7, new_line: null, text: '-l7', meta_data: null },
      { line_code: `${hash}_8_7`, type: 'new', old_line: null, new_line: 7, text: '+L7', meta_data: null },
    ]);
    expect(file.lines[6]).toMatchObject({ line_code: `${hash}_8_8`, old_line: 8, new_line: 8 });
  });

  it('hides the hunk header at the top of the file, as GitLab does', () => {
    const file = parseFilePatch(lines('diff --git a/a b/a', '--- a/a', '+++ b/a', '@@ -1 +1 @@', '-x', '+y'));
    expect(file.lines.map((line) => line.type)).toEqual(['old', 'new']);
  });

  it('marks "no newline at end of file" after the side it belongs to', () => {
    const file = parseFilePatch(
      lines(
        'diff --git a/n b/n',
        '--- a/n',
        '+++ b/n',
        '@@ -1,3 +1,3 @@',
        ' a',
        ' b',
        '-c',
        '\\ No newline at end of file',
        '+d',
        '\\ No newline at end of file',
      ),
    );
    expect(file.lines.map((line) => line.type)).toEqual([
      null,
      null,
      'old',
      'old-nonewline',
      'new',
      'new-nonewline',
    ]);
    expect(file.lines[3]).toMatchObject({ line_code: null, old_line: null, new_line: null });
    expect(file.lines[4]).toMatchObject({ new_line: 3, line_code: `${fileHash('n')}_4_3` });
    expect(file).toMatchObject({ addedLines: 1, removedLines: 1 });
  });

  it('hashes the new path for line codes of a renamed file', () => {
    const file = parseFilePatch(
      lines(
        'diff --git a/old.txt b/new.txt',
        'similarity index 80%',
        'rename from old.txt',
        'rename to new.txt',
        '--- a/old.txt',
        '+++ b/new.txt',
        '@@ -1 +1 @@',
        '-a',
        '+b',
      ),
    );
    expect(file.lines[0]!.line_code).toBe(`${fileHash('new.txt')}_1_1`);
  });
});

describe('splitPatch and parsePatch', () => {
  it('splits several files, keeping content lines that look like headers inside their file', () => {
    const patch =
      lines('diff --git a/one b/one', '--- a/one', '+++ b/one', '@@ -1 +1 @@', '-diff --git a/x b/x', '+y') +
      lines('diff --git a/two b/two', 'old mode 100644', 'new mode 100755');
    expect(splitPatch(patch)).toHaveLength(2);
    expect(parsePatch(patch).map((file) => [file.newPath, file.lines.length])).toEqual([
      ['one', 2],
      ['two', 0],
    ]);
  });

  it('reads nothing from empty output', () => {
    expect(parsePatch('')).toEqual([]);
  });
});
