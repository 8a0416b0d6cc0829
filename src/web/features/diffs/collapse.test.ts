import { describe, expect, it } from 'vitest';
import {
  applyCollapse,
  initialFlags,
  isAutomaticallyCollapsed,
  isCollapsed,
  type CollapseEvent,
} from './collapse';

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

  it('tells a file collapsed for its size from one the reader collapsed or marked reviewed', () => {
    expect(isAutomaticallyCollapsed(initialFlags(true))).toBe(true);
    expect(isAutomaticallyCollapsed(run(true, 'user-expand', 'auto-collapse'))).toBe(true);
    expect(isAutomaticallyCollapsed(run(false, 'user-collapse'))).toBe(false);
    expect(isAutomaticallyCollapsed(run(true, 'collapse-all'))).toBe(false);
    expect(isAutomaticallyCollapsed(run(true, 'force-open'))).toBe(false);
    expect(isAutomaticallyCollapsed(initialFlags(false))).toBe(false);
  });

  it('starts a reviewed file collapsed by the reader, whatever its size', () => {
    const reviewed = initialFlags(true, true);
    expect(isCollapsed(reviewed)).toBe(true);
    expect(isAutomaticallyCollapsed(reviewed)).toBe(false);
    expect(isCollapsed(applyCollapse(reviewed, { type: 'unmark-reviewed' }))).toBe(false);
  });
});
