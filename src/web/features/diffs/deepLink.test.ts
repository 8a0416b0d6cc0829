import { describe, expect, it } from 'vitest';
import { fileAnchor, parseDiffTarget } from './deepLink';

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
