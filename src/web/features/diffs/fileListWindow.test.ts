import { describe, expect, it } from 'vitest';
import { rendersEveryFile, rendersWhole, WHOLE_LIST_MAX_FILES, WHOLE_LIST_MAX_ROWS } from './fileListWindow';
import { diffFile } from '../../../../test/support/diff-fixtures';

/** `count` files of `changed` changed lines each (added and removed alike), 6 context rows each expected. */
const files = (count: number, changed: number, collapsed = false) =>
  Array.from({ length: count }, () =>
    diffFile({
      added_lines: changed / 2,
      removed_lines: changed / 2,
      viewer: { name: collapsed ? 'collapsed' : 'text', collapsed, reason: null },
    }),
  );

describe('rendersWhole (small diffs render every file; large ones are virtualized)', () => {
  it('renders a six-file merge request whole', () => {
    expect(rendersWhole(files(6, 20))).toBe(true);
  });
  it('renders whole up to the row limit, and virtualizes one row past it', () => {
    const perFile = WHOLE_LIST_MAX_ROWS / 10;
    expect(rendersWhole(files(10, perFile - 6))).toBe(true);
    expect(rendersWhole([...files(10, perFile - 6), ...files(1, 0)])).toBe(false);
  });
  it('virtualizes past the file limit, however small the files', () => {
    expect(rendersWhole(files(WHOLE_LIST_MAX_FILES, 0))).toBe(true);
    expect(rendersWhole(files(WHOLE_LIST_MAX_FILES + 1, 0))).toBe(false);
  });
  it('counts no rows for files that start collapsed past the limits', () => {
    expect(rendersWhole([...files(2, 10_000, true), ...files(4, 20)])).toBe(true);
  });
});

describe('rendersEveryFile (browser find sees every line)', () => {
  it.each([
    { case: 'no files', inView: null, count: 0, every: true },
    { case: 'not laid out yet', inView: null, count: 3, every: false },
    { case: 'one file, in view', inView: { startIndex: 0, endIndex: 0 }, count: 1, every: true },
    // The first frame renders no overscan: the second file comes in the next task all the same.
    {
      case: 'the last file just past the fold',
      inView: { startIndex: 0, endIndex: 0 },
      count: 2,
      every: true,
    },
    { case: 'two files past the fold', inView: { startIndex: 0, endIndex: 0 }, count: 3, every: false },
    {
      case: 'scrolled to the end of a short list',
      inView: { startIndex: 1, endIndex: 2 },
      count: 3,
      every: true,
    },
    { case: 'two files above the viewport', inView: { startIndex: 2, endIndex: 3 }, count: 4, every: false },
    { case: 'a long list', inView: { startIndex: 10, endIndex: 12 }, count: 1000, every: false },
  ])('$case: $every', ({ inView, count, every }) => {
    expect(rendersEveryFile(inView, count)).toBe(every);
  });
});
