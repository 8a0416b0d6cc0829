import { describe, expect, it } from 'vitest';
import { applyCollapse, initialFlags, isCollapsed, type CollapseEvent } from './collapse';

const run = (start: boolean, ...events: CollapseEvent['type'][]) =>
  events.reduce((flags, type) => applyCollapse(flags, { type }), initialFlags(start));

describe('diff file collapse flags', () => {
  it.each([
    [false, [], false],
    [true, [], true],
    [false, ['auto-collapse'], true],
    [false, ['user-collapse'], true],
    [true, ['user-expand'], false],
    [true, ['expand-all'], false],
    [false, ['collapse-all'], true],
    [false, ['mark-reviewed'], true],
    [false, ['mark-reviewed', 'unmark-reviewed'], false],
    [false, ['user-collapse', 'expand-all'], false],
    [true, ['force-open'], false],
    [false, ['user-expand', 'collapse-all'], true],
  ] as const)('starting collapsed=%s, after %j is collapsed=%s', (start, events, collapsed) => {
    expect(isCollapsed(run(start, ...events))).toBe(collapsed);
  });

  it('auto collapse sets the automatic flag and clears the manual one', () => {
    expect(run(false, 'user-expand', 'auto-collapse')).toEqual({
      automaticallyCollapsed: true,
      manuallyCollapsed: null,
      forceOpen: false,
    });
  });

  it('a user collapse sets the manual flag and clears the automatic one', () => {
    expect(run(true, 'user-collapse')).toEqual({
      automaticallyCollapsed: false,
      manuallyCollapsed: true,
      forceOpen: false,
    });
  });
});
