import { describe, expect, it } from 'vitest';
import { toParallelRows } from './parallelLines';
import { line } from '../../../../test/support/diff-fixtures';

const show = (rows: ReturnType<typeof toParallelRows>) =>
  rows.map((r) => (r.kind === 'match' ? 'match' : `${r.left?.text ?? '·'} | ${r.right?.text ?? '·'}`));

describe('parallel rows', () => {
  it('pairs removed lines with the added lines that follow, padding the shorter side', () => {
    const rows = toParallelRows([
      line('match', 1, 1, '@@ -1,4 +1,3 @@'),
      line(null, 1, 1, 'a'),
      line('old', 2, null, 'b'),
      line('old', 3, null, 'c'),
      line('new', null, 2, 'B'),
      line(null, 4, 3, 'd'),
      line('new', null, 4, 'e'),
    ]);
    expect(show(rows)).toEqual(['match', ' a |  a', '-b | +B', '-c | ·', ' d |  d', '· | +e']);
  });

  it('does not pair an added run with a removed run that comes after it', () => {
    const rows = toParallelRows([line('new', null, 1, 'x'), line('old', 1, null, 'y')]);
    expect(show(rows)).toEqual(['· | +x', '-y | ·']);
  });

  it('keeps the no-newline markers on their side', () => {
    const rows = toParallelRows([
      line('old', 1, null, 'a'),
      line('old-nonewline', null, null, '\\ No newline at end of file'),
      line('new', null, 1, 'a'),
    ]);
    expect(rows).toHaveLength(2);
    expect(show(rows)[0]).toBe('-a | +a');
  });
});
