import { describe, expect, it } from 'vitest';
import { fileHash, lineCode } from './lineCode';
import { parseFilePatch } from './parsePatch';

const patch = (...rows: string[]) => `${rows.join('\n')}\n`;

describe('file hashes and line codes', () => {
  // GitLab's hashes (Digest::SHA1 of the UTF-8 path), as `sha1sum` gives them.
  it.each([
    ['README.md', '8ec9a00bfd09b3190ac6b22251dbb1aa95a0579d'],
    ['src/app.ts', '216381173f187cf4c2baf119193855699f4bc616'],
    ['my dir/with spaces.txt', '331c69a26d65a5d0c8ab6770aaaa5ed1ef23aa59'],
    ['café/naïve ☕.md', '2f9c038166eb1ffddd89dda1e30b3dac734eb136'],
    ['lib/new name.ts', '980b300014a9f9dd1dfec16843ffd072dda2046b'],
  ])('hashes %j as sha1 of the path', (path, hash) => {
    expect(fileHash(path)).toBe(hash);
  });

  it('writes {sha1 of the path}_{old position}_{new position}', () => {
    const hash = fileHash('a.txt');
    expect(lineCode(hash, 3, 5)).toBe(`${hash}_3_5`);
    expect(lineCode(hash, 0, 1)).toMatch(/^[0-9a-f]{40}_0_1$/);
  });
});

/**
 * Line codes of the lines git prints, as GitLab gives them: an added line carries the next old
 * position, a removed line the next new position, hunk headers and "\ No newline" markers none.
 * Patches are git's own output for each edge case.
 */
describe('line codes of git patches', () => {
  it.each([
    {
      name: 'a new file: old position 0',
      path: 'new.txt',
      patch: patch(
        'diff --git a/new.txt b/new.txt',
        'new file mode 100644',
        'index 0000000..de98044',
        '--- /dev/null',
        '+++ b/new.txt',
        '@@ -0,0 +1,2 @@',
        '+one',
        '+two',
      ),
      codes: ['0_1', '0_2'],
    },
    {
      name: 'a deleted file: new position 0, hashed by its path',
      path: 'gone.txt',
      patch: patch(
        'diff --git a/gone.txt b/gone.txt',
        'deleted file mode 100644',
        'index de98044..0000000',
        '--- a/gone.txt',
        '+++ /dev/null',
        '@@ -1,2 +0,0 @@',
        '-one',
        '-two',
      ),
      codes: ['1_0', '2_0'],
    },
    {
      name: 'a change in the middle: positions from the hunk header, which has no code',
      path: 'mid.txt',
      patch: patch(
        'diff --git a/mid.txt b/mid.txt',
        'index 1111111..2222222 100644',
        '--- a/mid.txt',
        '+++ b/mid.txt',
        '@@ -10,3 +10,4 @@ context',
        ' ten',
        '-eleven',
        '+ELEVEN',
        '+eleven and a half',
        ' twelve',
      ),
      codes: [null, '10_10', '11_11', '12_11', '12_12', '12_13'],
    },
    {
      name: 'no newline at end of file, on both sides: the markers have no code',
      path: 'eof.txt',
      patch: patch(
        'diff --git a/eof.txt b/eof.txt',
        'index 1111111..2222222 100644',
        '--- a/eof.txt',
        '+++ b/eof.txt',
        '@@ -1,2 +1,2 @@',
        ' a',
        '-b',
        '\\ No newline at end of file',
        '+c',
        '\\ No newline at end of file',
      ),
      codes: ['1_1', '2_2', null, '3_2', null],
    },
    {
      name: 'a final newline added: the old last line loses its marker',
      path: 'eol.txt',
      patch: patch(
        'diff --git a/eol.txt b/eol.txt',
        'index 1111111..2222222 100644',
        '--- a/eol.txt',
        '+++ b/eol.txt',
        '@@ -1 +1 @@',
        '-last',
        '\\ No newline at end of file',
        '+last',
      ),
      codes: ['1_1', null, '2_1'],
    },
    {
      name: 'an empty new file: no hunk, no lines',
      path: 'empty.txt',
      patch: patch('diff --git a/empty.txt b/empty.txt', 'new file mode 100644', 'index 0000000..e69de29'),
      codes: [],
    },
    {
      name: 'a mode change only',
      path: 'run.sh',
      patch: patch('diff --git a/run.sh b/run.sh', 'old mode 100644', 'new mode 100755'),
      codes: [],
    },
    {
      name: 'a rename only',
      path: 'to.txt',
      patch: patch(
        'diff --git a/from.txt b/to.txt',
        'similarity index 100%',
        'rename from from.txt',
        'rename to to.txt',
      ),
      codes: [],
    },
    {
      name: 'a rename with changes: hashed by the new path',
      path: 'lib/new name.ts',
      patch: patch(
        'diff --git a/lib/old.ts b/lib/new name.ts',
        'similarity index 75%',
        'rename from lib/old.ts',
        'rename to lib/new name.ts',
        'index 1111111..2222222 100644',
        '--- a/lib/old.ts',
        '+++ b/lib/new name.ts',
        '@@ -1,2 +1,2 @@',
        ' keep',
        '-old',
        '+new',
      ),
      codes: ['1_1', '2_2', '3_2'],
    },
    {
      name: 'a binary file',
      path: 'logo.png',
      patch: patch(
        'diff --git a/logo.png b/logo.png',
        'index 1111111..2222222 100644',
        'Binary files a/logo.png and b/logo.png differ',
      ),
      codes: [],
    },
    {
      name: 'a submodule moved to another commit',
      path: 'vendor/lib',
      patch: patch(
        'diff --git a/vendor/lib b/vendor/lib',
        'index 1111111..2222222 160000',
        '--- a/vendor/lib',
        '+++ b/vendor/lib',
        '@@ -1 +1 @@',
        `-Subproject commit ${'1'.repeat(40)}`,
        `+Subproject commit ${'2'.repeat(40)}`,
      ),
      codes: ['1_1', '2_1'],
    },
    {
      name: 'a C-quoted non-ASCII path: hashed as the decoded UTF-8 path',
      path: 'café.txt',
      patch: patch(
        'diff --git "a/caf\\303\\251.txt" "b/caf\\303\\251.txt"',
        'index 1111111..2222222 100644',
        '--- "a/caf\\303\\251.txt"',
        '+++ "b/caf\\303\\251.txt"',
        '@@ -1 +1 @@',
        '-a',
        '+b',
      ),
      codes: ['1_1', '2_1'],
    },
  ])('$name', ({ path, patch: text, codes }) => {
    const file = parseFilePatch(text);
    expect(file.newPath).toBe(path);
    const hash = fileHash(path);
    expect(file.lines.map((line) => line.line_code)).toEqual(
      codes.map((code) => (code === null ? null : `${hash}_${code}`)),
    );
  });
});
