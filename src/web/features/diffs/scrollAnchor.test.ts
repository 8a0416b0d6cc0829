import { describe, expect, it } from 'vitest';
import {
  afterLayoutChange,
  afterOwnScroll,
  afterScroll,
  keptScrollTop,
  LAYOUT_SHIFT_THRESHOLD_PX,
  SCROLL_ANCHOR_CLEANUP_MS,
  startAnchor,
} from './scrollAnchor';

const CONTENT_TOP = 56;

describe('keeping a deep link target in view while the layout shifts', () => {
  it('uses the constants of spec section 9', () => {
    expect(SCROLL_ANCHOR_CLEANUP_MS).toBe(1000);
    expect(LAYOUT_SHIFT_THRESHOLD_PX).toBe(100);
  });

  it('scrolls a target pushed down by files loading above it back under the sticky bar', () => {
    const anchor = startAnchor(0, 20_000);
    // The files above grew by 340 px: the target, at the content top before, is now 340 px lower.
    expect(
      keptScrollTop(anchor, { targetTop: CONTENT_TOP + 340, scrollTop: 5_000, contentTop: CONTENT_TOP }),
    ).toBe(5_340);
    // Files above shrank: the page scrolls up by as much.
    expect(
      keptScrollTop(anchor, { targetTop: CONTENT_TOP - 120, scrollTop: 5_000, contentTop: CONTENT_TOP }),
    ).toBe(4_880);
  });

  it('keeps the offset the reader chose, and never asks for a scroll above the page', () => {
    const anchor = startAnchor(200, 20_000);
    expect(
      keptScrollTop(anchor, { targetTop: CONTENT_TOP + 260, scrollTop: 1_000, contentTop: CONTENT_TOP }),
    ).toBe(1_060);
    expect(
      keptScrollTop(anchor, { targetTop: CONTENT_TOP + 100, scrollTop: 0, contentTop: CONTENT_TOP }),
    ).toBe(0);
  });

  it("takes a scroll without a large height change for the reader's: the target stays where they left it", () => {
    const anchor = afterLayoutChange(startAnchor(0, 20_000), 20_050);
    const moved = afterScroll(anchor, {
      targetTop: CONTENT_TOP + 300,
      scrollTop: 4_700,
      scrollHeight: 20_050 + LAYOUT_SHIFT_THRESHOLD_PX,
      contentTop: CONTENT_TOP,
    });
    expect(moved.offset).toBe(300);
  });

  it('ignores a scroll that came with the page height moving by more than 100 px: that is the layout shifting', () => {
    const anchor = startAnchor(0, 20_000);
    const shifted = afterScroll(anchor, {
      targetTop: CONTENT_TOP + 900,
      scrollTop: 4_000,
      scrollHeight: 20_000 + LAYOUT_SHIFT_THRESHOLD_PX + 1,
      contentTop: CONTENT_TOP,
    });
    expect(shifted).toBe(anchor);
    // Shrinking counts too.
    const shrunk = {
      targetTop: CONTENT_TOP + 50,
      scrollTop: 3_000,
      scrollHeight: 19_000,
      contentTop: CONTENT_TOP,
    };
    expect(afterScroll(anchor, shrunk)).toBe(anchor);
  });

  it("ignores the scroll event of the page's own scroll, even where the browser clamped it", () => {
    // Asked for 9,000 but the page could only go to 8,100: the target sits lower than asked.
    const anchor = afterOwnScroll(startAnchor(0, 9_000), 8_100);
    expect(
      afterScroll(anchor, {
        targetTop: CONTENT_TOP + 900,
        scrollTop: 8_100,
        scrollHeight: 9_000,
        contentTop: CONTENT_TOP,
      }),
    ).toBe(anchor);
    // The page grows later: the target is brought back to its place under the bar.
    const grown = afterLayoutChange(anchor, 12_000);
    expect(
      keptScrollTop(grown, { targetTop: CONTENT_TOP + 900, scrollTop: 8_100, contentTop: CONTENT_TOP }),
    ).toBe(9_000);
  });
});
