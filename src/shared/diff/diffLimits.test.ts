import { describe, expect, it } from 'vitest';
import {
  COLLAPSE_CHANGED_LINES,
  COLLAPSE_PATCH_BYTES,
  collapsedAutomatically,
  MAX_FILE_PATCH_BYTES,
} from './diffLimits';

describe('automatic collapse of large files', () => {
  it('collapses from a tenth of the limits, as GitLab does', () => {
    expect(COLLAPSE_PATCH_BYTES).toBe(MAX_FILE_PATCH_BYTES / 10);
    expect(COLLAPSE_CHANGED_LINES).toBe(5_000);
  });

  it.each([
    [4_999, null, false],
    [5_000, null, true],
    [120, COLLAPSE_PATCH_BYTES - 1, false],
    [120, COLLAPSE_PATCH_BYTES, true],
    [3, 300 * 1024, true],
    [0, null, false],
  ])('%d changed lines and a %s byte patch: collapsed %s', (lines, bytes, collapsed) => {
    expect(collapsedAutomatically(lines, bytes)).toBe(collapsed);
  });
});
