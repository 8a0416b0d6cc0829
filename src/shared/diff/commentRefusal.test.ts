import { describe, expect, it } from 'vitest';
import { commentRefusal, type RefusableFile } from './commentRefusal';

const file = (overrides: Partial<RefusableFile> = {}): RefusableFile => ({
  aMode: '100644',
  bMode: '100644',
  renamedFile: false,
  addedLines: 1,
  removedLines: 0,
  ...overrides,
});

describe('files whose lines take no comments (spec 001 §5)', () => {
  it.each([
    ['a file replaced by a symbolic link', file({ bMode: '120000' }), 'symlink'],
    ['a symbolic link replaced by a file', file({ aMode: '120000' }), 'symlink'],
    ['a symbolic link changing its target', file({ aMode: '120000', bMode: '120000' }), null],
    ['a new symbolic link', file({ aMode: '0', bMode: '120000' }), null],
    ['a deleted symbolic link', file({ aMode: '120000', bMode: '000000' }), null],
    ['a file only renamed', file({ renamedFile: true, addedLines: 0 }), 'movedOnly'],
    ['a renamed file with changes', file({ renamedFile: true, addedLines: 2 }), null],
    ['an ordinary change', file(), null],
  ] as const)('%s: %s', (_case, input, refusal) => {
    expect(commentRefusal(input)).toBe(refusal);
  });
});
