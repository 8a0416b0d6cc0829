import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  APPLY_BATCH_FAILED,
  APPLY_SUGGESTION_FAILED,
  applyErrorText,
  contentLines,
  splitSuggestions,
} from './suggestionBody';

describe('a note body with suggestions', () => {
  it('cuts the rendered HTML around each suggestion block, in order', () => {
    const html =
      '<p>Better:</p>\n<pre><code class="language-suggestion:-0+0">line &#x3C;five>\n</code></pre>\n<p>and</p>\n<pre><code class="language-suggestion">x\n</code></pre>';
    expect(splitSuggestions(html)).toEqual([
      { kind: 'html', html: '<p>Better:</p>' },
      { kind: 'suggestion', index: 0 },
      { kind: 'html', html: '<p>and</p>' },
      { kind: 'suggestion', index: 1 },
    ]);
  });

  it('leaves other code blocks and a body without suggestions as they are', () => {
    const html = '<pre><code class="language-ts">const a = 1;\n</code></pre>';
    expect(splitSuggestions(html)).toEqual([{ kind: 'html', html }]);
  });

  it('reads a deletion as no lines and keeps empty lines inside a replacement', () => {
    expect(contentLines('')).toEqual([]);
    expect(contentLines('a\n\nb')).toEqual(['a', '', 'b']);
  });
});

describe('the error text of applying suggestions', () => {
  it.each([
    [
      new ApiError(400, "Can't apply as this line was changed in a more recent version."),
      false,
      "Can't apply as this line was changed in a more recent version.",
    ],
    [
      new ApiError(409, 'The source branch changed while the suggestions were being applied. Try again.'),
      true,
      'The source branch changed while the suggestions were being applied. Try again.',
    ],
    [new ApiError(500, 'Request failed (500)'), false, APPLY_SUGGESTION_FAILED],
    [new ApiError(502, 'Bad gateway'), true, APPLY_BATCH_FAILED],
    [new ApiError(400, 'Request failed (400)'), false, APPLY_SUGGESTION_FAILED],
    [new TypeError('Failed to fetch'), true, APPLY_BATCH_FAILED],
  ])('%s (batch %s) shows %s', (error, batch, text) => {
    expect(applyErrorText(error, batch)).toBe(text);
  });
});
