import { describe, expect, it } from 'vitest';
import { imagePoint, pinNumbers, pinPercent } from './imageNotes';

describe('image point comments', () => {
  it.each([
    [[40.4, 20.6, 160, 100], { x: 40, y: 21, width: 160, height: 100 }],
    [[-3, 120, 160, 100], { x: 0, y: 100, width: 160, height: 100 }],
    [[0, 0, 159.6, 0.2], { x: 0, y: 0, width: 160, height: 1 }],
  ] as const)('a click at %j names %j', ([x, y, w, h], point) => {
    expect(imagePoint(x, y, w, h)).toEqual(point);
  });

  it('places a pin in percent of the size it was written at, whatever size the image shows at now', () => {
    expect(pinPercent({ x: 40, y: 25, width: 160, height: 100 })).toEqual({ xPercent: 25, yPercent: 25 });
    expect(pinPercent({ x: 0, y: 100, width: 80, height: 100 })).toEqual({ xPercent: 0, yPercent: 100 });
    expect(pinPercent({ x: 1, y: 1, width: 0, height: 1 })).toBeNull();
    expect(pinPercent({})).toBeNull();
  });

  it('numbers the threads 1 up; pending comments are not among them', () => {
    expect([...pinNumbers([{ id: 'a' }, { id: 'b' }, { id: 'c' }])]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
  });
});
