import { describe, expect, it, vi } from 'vitest';
import { ACTION_TOOLTIP_RESET_MS } from '../../../../shared/ci/views/stageDropdown';
import { tooltipReset } from './tooltipReset';

describe('tooltipReset', () => {
  it('hides the tooltip on a click and shows it again 1000 ms later, counting from the last click', () => {
    vi.useFakeTimers();
    try {
      const seen: boolean[] = [];
      const reset = tooltipReset((hidden) => seen.push(hidden));
      reset.hide();
      expect(seen).toEqual([true]);
      vi.advanceTimersByTime(999);
      expect(seen).toEqual([true]);
      vi.advanceTimersByTime(1);
      expect(seen).toEqual([true, false]);

      reset.hide();
      vi.advanceTimersByTime(600);
      reset.hide();
      vi.advanceTimersByTime(600);
      expect(seen).toEqual([true, false, true, true]);
      vi.advanceTimersByTime(400);
      expect(seen).toEqual([true, false, true, true, false]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows nothing again once disposed (the button went away)', () => {
    vi.useFakeTimers();
    try {
      const seen: boolean[] = [];
      const reset = tooltipReset((hidden) => seen.push(hidden));
      reset.hide();
      reset.dispose();
      vi.advanceTimersByTime(ACTION_TOOLTIP_RESET_MS * 2);
      expect(seen).toEqual([true]);
    } finally {
      vi.useRealTimers();
    }
  });
});
