import { describe, expect, it } from 'vitest';
import { rendersEveryFile } from './fileListWindow';

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
