import { describe, expect, it } from 'vitest';
import { clampSwipe, dimensionsText, swipeFrame } from './imageDiff';

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
});
