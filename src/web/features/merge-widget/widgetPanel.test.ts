import { describe, expect, it } from 'vitest';
import type { WidgetState } from '../../../shared/merge-widget/widgetState';
import { showMergeChecks, widgetPanel, type WidgetPanel } from './widgetPanel';

describe('widgetPanel', () => {
  it.each<[string, WidgetState | null, boolean, boolean, WidgetPanel | null]>([
    ['a merge under way shows merging', 'merging', true, true, 'merging'],
    ['a merged request shows merged, whatever happened on the page', 'merged', true, false, 'merged'],
    ['a closed request shows closed, even with auto-merge left set', 'closed', false, true, 'closed'],
    ['a merge that failed here shows failed to merge', 'readyToMerge', true, false, 'failedToMerge'],
    ['a set auto-merge replaces the ready-to-merge panel', 'readyToMerge', false, true, 'autoMergeEnabled'],
    ['a set auto-merge waiting on a draft shows its panel', null, false, true, 'autoMergeEnabled'],
    ['otherwise the selected state', 'missingBranch', false, false, 'missingBranch'],
    ['no state, no panel', null, false, false, null],
  ])('%s', (_rule, state, failedToMerge, autoMergeEnabled, expected) => {
    expect(widgetPanel({ state, failedToMerge, autoMergeEnabled })).toBe(expected);
  });
});

describe('showMergeChecks', () => {
  it.each<[WidgetPanel | null, boolean]>([
    ['readyToMerge', true],
    ['autoMergeEnabled', true],
    ['failedToMerge', true],
    [null, true],
    ['checking', false],
    ['preparing', false],
    ['nothingToMerge', false],
    ['archived', false],
    ['missingBranch', false],
    ['merged', false],
    ['closed', false],
    ['merging', false],
    ['shaMismatch', false],
  ])('%s → %s', (panel, expected) => {
    expect(showMergeChecks(panel)).toBe(expected);
  });
});
