import { describe, expect, it } from 'vitest';
import {
  applySuggestionEdits,
  linesOf,
  parseSuggestions,
  suggestionLines,
  type ParsedSuggestion,
} from './suggestions';

describe('parseSuggestions', () => {
  it.each<[string, string, ParsedSuggestion[]]>([
    [
      'a plain block',
      '```suggestion\nconst a = 2;\n```',
      [{ linesAbove: 0, linesBelow: 0, toContent: 'const a = 2;' }],
    ],
    ['a range', '```suggestion:-2+1\nx\ny\n```', [{ linesAbove: 2, linesBelow: 1, toContent: 'x\ny' }]],
    [
      'an empty block (delete the line)',
      '```suggestion\n```',
      [{ linesAbove: 0, linesBelow: 0, toContent: '' }],
    ],
    [
      'text around and two blocks',
      'Try this:\n```suggestion\none\n```\nor\n```suggestion:-0+1\ntwo\n```\n',
      [
        { linesAbove: 0, linesBelow: 0, toContent: 'one' },
        { linesAbove: 0, linesBelow: 1, toContent: 'two' },
      ],
    ],
    [
      'a longer fence holding backticks',
      '````suggestion\n```js\n```\n````',
      [{ linesAbove: 0, linesBelow: 0, toContent: '```js\n```' }],
    ],
    [
      'markup kept as text',
      '```suggestion\n<script>alert(1)</script>\n```',
      [{ linesAbove: 0, linesBelow: 0, toContent: '<script>alert(1)</script>' }],
    ],
    [
      'a range capped at 100 lines',
      '```suggestion:-500+500\nx\n```',
      [{ linesAbove: 100, linesBelow: 100, toContent: 'x' }],
    ],
    ['no suggestion in other code blocks', '```js\nx\n```', []],
    ['no suggestion with a malformed range', '```suggestion:+1-1\nx\n```', []],
  ])('%s', (_, note, expected) => {
    expect(parseSuggestions(note)).toEqual(expected);
  });
});

describe('suggestionLines', () => {
  it.each([
    [10, 0, 0, { fromLine: 10, toLine: 10 }],
    [10, 2, 1, { fromLine: 8, toLine: 11 }],
    [1, 3, 0, { fromLine: 1, toLine: 1 }],
  ])('line %d with -%d+%d', (line, linesAbove, linesBelow, expected) => {
    expect(suggestionLines(line, { linesAbove, linesBelow })).toEqual(expected);
  });
});

describe('linesOf', () => {
  const file = 'a\nb\nc\n';
  it.each([
    [1, 1, 'a'],
    [2, 3, 'b\nc'],
    [3, 4, null],
    [0, 1, null],
  ])('lines %d..%d', (from, to, expected) => {
    expect(linesOf(file, from, to)).toBe(expected);
  });
});

describe('applySuggestionEdits', () => {
  const file = 'one\ntwo\nthree\nfour\n';
  it.each([
    [
      'replaces one line',
      [{ fromLine: 2, toLine: 2, fromContent: 'two', toContent: 'TWO' }],
      'one\nTWO\nthree\nfour\n',
    ],
    [
      'replaces a range with more lines',
      [{ fromLine: 2, toLine: 3, fromContent: 'two\nthree', toContent: '2\n2.5\n3' }],
      'one\n2\n2.5\n3\nfour\n',
    ],
    ['deletes a line', [{ fromLine: 1, toLine: 1, fromContent: 'one', toContent: '' }], 'two\nthree\nfour\n'],
    [
      'applies several, bottom up',
      [
        { fromLine: 1, toLine: 1, fromContent: 'one', toContent: '1\n1b' },
        { fromLine: 4, toLine: 4, fromContent: 'four', toContent: '4' },
      ],
      '1\n1b\ntwo\nthree\n4\n',
    ],
  ])('%s', (_, edits, expected) => {
    expect(applySuggestionEdits(file, edits)).toEqual({ ok: true, content: expected });
  });

  it('refuses when the lines changed since', () => {
    expect(
      applySuggestionEdits(file, [{ fromLine: 2, toLine: 2, fromContent: 'deux', toContent: 'x' }]),
    ).toEqual({
      ok: false,
      reason: 'changed',
    });
  });

  it('refuses overlapping suggestions', () => {
    const edits = [
      { fromLine: 1, toLine: 2, fromContent: 'one\ntwo', toContent: 'x' },
      { fromLine: 2, toLine: 2, fromContent: 'two', toContent: 'y' },
    ];
    expect(applySuggestionEdits(file, edits)).toEqual({ ok: false, reason: 'overlap' });
  });

  it('keeps a file without a final newline without one', () => {
    expect(
      applySuggestionEdits('a\nb', [{ fromLine: 2, toLine: 2, fromContent: 'b', toContent: 'c' }]),
    ).toEqual({
      ok: true,
      content: 'a\nc',
    });
  });
});
