import { describe, expect, it } from 'vitest';
import { clampSwipe, dimensionsText, imageDiffKind, imageInfoText, swipeFrame } from './imageDiff';

describe('image diff rules', () => {
  it.each([
    [
      { width: 100, height: 50 },
      { width: 80, height: 60 },
      { width: 102, height: 62 },
    ],
    [
      { width: 10, height: 10 },
      { width: 10, height: 10 },
      { width: 12, height: 12 },
    ],
  ])('frames %j and %j as %j', (before, after, frame) => {
    expect(swipeFrame(before, after)).toEqual(frame);
  });

  it.each([
    [-20, 102, 0],
    [0, 102, 0],
    [51, 102, 51],
    [102, 102, 102],
    [500, 102, 102],
  ])('clamps a swipe to %d in a %d px frame at %d', (x, width, clamped) => {
    expect(clampSwipe(x, width)).toBe(clamped);
  });

  it('words the dimensions', () => {
    expect(dimensionsText({ width: 640, height: 480 })).toBe('W: 640px | H: 480px');
  });

  it.each([
    [{ new_file: true, deleted_file: false, renamed_file: false }, 'new'],
    [{ new_file: false, deleted_file: true, renamed_file: false }, 'deleted'],
    [{ new_file: false, deleted_file: false, renamed_file: true }, 'renamed'],
    [{ new_file: false, deleted_file: false, renamed_file: false }, 'replaced'],
  ] as const)('calls %j a %s image', (file, kind) => {
    expect(imageDiffKind(file)).toBe(kind);
  });

  it('joins the file size and the dimensions, leaving out what is unknown or zero', () => {
    const size = { width: 120, height: 80 };
    expect(imageInfoText(2048, size)).toBe('2.00 KiB | W: 120px | H: 80px');
    expect(imageInfoText(500, undefined)).toBe('500 bytes');
    expect(imageInfoText(0, size)).toBe('W: 120px | H: 80px');
    expect(imageInfoText(null, undefined)).toBe('');
  });
});
