import { ApiError } from '../../api/client';

/** Spec 001 section 8: applying suggestions failed and the server gave no reason. */
export const APPLY_SUGGESTION_FAILED =
  'Something went wrong while applying the suggestion. Please try again.';
export const APPLY_BATCH_FAILED =
  'Something went wrong while applying the batch of suggestions. Please try again.';

/** A note body cut where its ```suggestion blocks were: HTML between, and the nth suggestion in place. */
export type BodyPart = { kind: 'html'; html: string } | { kind: 'suggestion'; index: number };

// The server's markdown renders a block as `<pre><code class="language-suggestion:-N+M">`, its text
// escaped, so the block ends at the first `</code></pre>`.
const SUGGESTION_BLOCK = /<pre><code class="language-suggestion[^"]*">[\s\S]*?<\/code><\/pre>/g;

/** Splits a note's rendered HTML around its suggestion blocks, which the page shows as diffs instead. */
export function splitSuggestions(html: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  let index = 0;
  for (const match of html.matchAll(SUGGESTION_BLOCK)) {
    const before = html.slice(last, match.index).trim();
    if (before) parts.push({ kind: 'html', html: before });
    parts.push({ kind: 'suggestion', index: index++ });
    last = match.index + match[0].length;
  }
  const rest = html.slice(last).trim();
  if (rest) parts.push({ kind: 'html', html: rest });
  return parts;
}

/** The server's reason when it gave one (a refusal), else the spec's generic text. */
export function applyErrorText(error: unknown, batch: boolean): string {
  if (error instanceof ApiError && error.status < 500 && !error.message.startsWith('Request failed'))
    return error.message;
  return batch ? APPLY_BATCH_FAILED : APPLY_SUGGESTION_FAILED;
}

/** A suggestion's text as lines: the empty text of a deletion is no line at all. */
export const contentLines = (content: string): string[] => (content === '' ? [] : content.split('\n'));
