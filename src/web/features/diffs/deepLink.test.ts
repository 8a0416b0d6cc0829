import { describe, expect, it } from 'vitest';
import { fileAnchor, parseDiffTarget, resolveNoteTarget } from './deepLink';

const hash = 'a'.repeat(32) + '0123abcd';

describe('Changes tab deep links', () => {
  it.each([
    ['', '', { kind: 'none' }],
    [`?file=${hash}`, '', { kind: 'file', fileHash: hash }],
    ['', `#diff-content-${hash}`, { kind: 'file', fileHash: hash }],
    ['?file=' + 'b'.repeat(40), `#diff-content-${hash}`, { kind: 'file', fileHash: hash }],
    [
      '',
      `#${hash}_12_14`,
      { kind: 'line', fileHash: hash, lineCode: `${hash}_12_14`, oldLine: 12, newLine: 14 },
    ],
    ['', `#${hash}_0_3`, { kind: 'line', fileHash: hash, lineCode: `${hash}_0_3`, oldLine: 0, newLine: 3 }],
    ['', '#note_42', { kind: 'note', noteId: 42 }],
    ['', `#${hash.slice(1)}_1_2`, { kind: 'none' }],
    ['', `#${hash.toUpperCase()}_1_2`, { kind: 'none' }],
    ['', `#${hash}_1`, { kind: 'none' }],
    ['', '#diff-content-nothex', { kind: 'none' }],
    ['?file=../../etc/passwd', '', { kind: 'none' }],
    ['', '#note_abc', { kind: 'none' }],
  ])('reads %j %j', (search, anchor, target) => {
    expect(parseDiffTarget(search, anchor)).toEqual(target);
  });

  it('links a file by its hash', () => {
    expect(fileAnchor(hash)).toBe(`diff-content-${hash}`);
  });
});

describe('a note link on the Changes tab', () => {
  const hash = 'a'.repeat(40);
  const thread = (ids: number[], lineCode: string | null, fileHash: string | null) => ({
    notes: ids.map((id) => ({ id })),
    line_code: lineCode,
    diff_file: fileHash ? { file_hash: fileHash } : null,
  });

  it.each([
    [
      'a reply on a line',
      [thread([1, 7], `${hash}_4_5`, hash)],
      { kind: 'line', fileHash: hash, lineCode: `${hash}_4_5`, oldLine: 4, newLine: 5, noteId: 7 },
    ],
    ['a thread on an image', [thread([7], null, hash)], { kind: 'file', fileHash: hash, noteId: 7 }],
    ['a note not on the diff', [thread([7], null, null)], { kind: 'note', noteId: 7 }],
    ['a note not read yet', [thread([1], `${hash}_1_1`, hash)], { kind: 'note', noteId: 7 }],
  ])('leads to the place of %s', (_, discussions, expected) => {
    expect(resolveNoteTarget({ kind: 'note', noteId: 7 }, discussions)).toEqual(expected);
  });

  it('leaves other links alone', () => {
    expect(resolveNoteTarget({ kind: 'file', fileHash: hash }, [])).toEqual({ kind: 'file', fileHash: hash });
  });
});
