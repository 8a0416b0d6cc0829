import { describe, expect, it } from 'vitest';
import { diffLineKind } from './diffLineKind';

describe('diffLineKind', () => {
  it.each([
    ['@@ -1,2 +1,3 @@ function a()', 'hunk'],
    ['+added', 'added'],
    ['-removed', 'removed'],
    [' context', 'context'],
    ['\\ No newline at end of file', 'context'],
    ['', 'context'],
  ])('reads %j as %s', (line, kind) => {
    expect(diffLineKind(line)).toBe(kind);
  });
});
