import { describe, expect, it } from 'vitest';
import type { DiffFile, DiffLine } from '../../../shared/api/diffs';
import {
  canShowFullFile,
  changesOnly,
  mergeFullFile,
  nextFullFile,
  type FullFileEvent,
  type FullFileState,
} from './fullFile';
import { diffFile, line } from '../../../../test/support/diff-fixtures';

const hash = 'a'.repeat(40);
const fileLines = (count: number): DiffLine[] =>
  Array.from({ length: count }, (_, i) => ({ ...line(null, i + 1, i + 1, `line ${i + 1}`) }));
const loaded: FullFileState = { kind: 'full', lines: [] };

describe('the full file view (spec 4: loading, showing full file, or error)', () => {
  it.each<[FullFileState, FullFileEvent, FullFileState]>([
    [changesOnly, { type: 'toggle' }, { kind: 'loading' }],
    [{ kind: 'loading' }, { type: 'toggle' }, { kind: 'loading' }],
    [{ kind: 'loading' }, { type: 'loaded', lines: [] }, loaded],
    [{ kind: 'loading' }, { type: 'failed' }, { kind: 'error' }],
    [loaded, { type: 'toggle' }, changesOnly],
    [{ kind: 'error' }, { type: 'toggle' }, { kind: 'loading' }],
    [{ kind: 'error' }, { type: 'dismiss' }, changesOnly],
    [changesOnly, { type: 'loaded', lines: [] }, changesOnly],
    [changesOnly, { type: 'failed' }, changesOnly],
    [loaded, { type: 'dismiss' }, loaded],
  ])('%j on %j gives %j', (state, event, next) => {
    expect(nextFullFile(state, event)).toEqual(next);
  });
});

describe('the full file with the changes in place', () => {
  it('fills every gap with the file lines, numbered on the old side after the changes above', () => {
    // 10-line file: line 3 added, old line 6 removed, a hunk header between them.
    const diff = [
      line(null, 1, 1),
      line(null, 2, 2),
      line('new', null, 3),
      line(null, 3, 4),
      line('match', 5, 6, '@@ -5,3 +6,2 @@'),
      line(null, 5, 6),
      line('old', 6, null),
      line(null, 7, 7),
    ];
    const merged = mergeFullFile(hash, diff, fileLines(9));
    expect(merged.map((l) => [l.type, l.old_line, l.new_line])).toEqual([
      [null, 1, 1],
      [null, 2, 2],
      ['new', null, 3],
      [null, 3, 4],
      [null, 4, 5],
      [null, 5, 6],
      ['old', 6, null],
      [null, 7, 7],
      [null, 8, 8],
      [null, 9, 9],
    ]);
    expect(merged[4]).toMatchObject({ line_code: `${hash}_4_5`, text: ' line 5' });
    expect(merged[8]!.line_code).toBe(`${hash}_8_8`);
  });

  it('keeps the diff alone when the file adds nothing to it', () => {
    const diff = [line('new', null, 1), line('new', null, 2)];
    expect(mergeFullFile(hash, diff, fileLines(2))).toEqual(diff);
  });
});

describe('the full-file toggle in the header', () => {
  const text = diffFile({ context_lines_path: '/group/app/-/blob/c/src/app.ts/diff' });
  it.each<[string, DiffFile, boolean]>([
    ['a changed text file', text, true],
    ['a file the server cannot read whole', diffFile({ context_lines_path: null }), false],
    ['a new file: the diff is the whole file', { ...text, new_file: true }, false],
    ['a fully expanded diff', { ...text, is_fully_expanded: true }, false],
    [
      'a binary file',
      {
        ...text,
        highlighted_diff_lines: [],
        viewer: { name: 'not_diffable', collapsed: false, reason: null },
      },
      false,
    ],
  ])('%s: %s', (_name, file, offered) => {
    expect(canShowFullFile(file)).toBe(offered);
  });
});
