import type { RenderedMarkdown } from './rendered';

/**
 * What one document may cost a worker: GitLab's `RENDER_TIMEOUT` (2 seconds), past which its
 * rendering is aborted. A worker past it is terminated, the only way to stop a regex or a parser
 * that does not return.
 */
export const RENDER_TIMEOUT_MS = 2000;

/**
 * GitLab's placeholder for a document whose rendering was aborted (its TimeoutFilterHandler's
 * COMPLEX_MARKDOWN_MESSAGE, first sentence): shown instead of the document, so that the page
 * around it still loads.
 */
export const COMPLEXITY_PLACEHOLDER = '<p>Rendering aborted due to complexity issues.</p>';

/** The placeholder as a rendering: nothing to link, no task to tick. */
export const abortedRendering: RenderedMarkdown = {
  parts: [COMPLEXITY_PLACEHOLDER],
  references: [],
  taskLines: [],
};

/**
 * The longest text rendered: the longest description or note the API accepts (GitLab's limit,
 * MAX_DESCRIPTION_LENGTH and MAX_NOTE_LENGTH; not imported, so the render workers do not load zod).
 */
export const MAX_MARKDOWN_LENGTH = 1_000_000;

/**
 * Containers (list items, block quotes) one line may open at most. Parsing grows with the square
 * of the depth and its tree walks recurse once per level: `- ` repeated 1,000 times before a word
 * overflowed the stack, 4,000 times took seconds. markdown-it stops at 100 levels too.
 */
export const MAX_NESTING_DEPTH = 100;

/**
 * One container marker, with the blanks before it: `>`, or a bullet or number followed by a blank.
 * A thematic break (`- - -`) counts too: 100 and more of them on a line are no longer a rule anyone
 * writes, and parsing `- ` repeated 50,000 times as one took seconds.
 */
const CONTAINER = /[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/y;

function nestingOf(line: string): number {
  CONTAINER.lastIndex = 0;
  let depth = 0;
  while (depth <= MAX_NESTING_DEPTH && CONTAINER.test(line)) depth++;
  return depth;
}

/**
 * Whether a text is past the structural limits, and so aborted before it is parsed: longer than
 * MAX_MARKDOWN_LENGTH, or a line opening more than MAX_NESTING_DEPTH containers. Anything else
 * that takes too long is stopped by the render budget (render-pool.ts).
 */
export function exceedsStructuralLimits(text: string): boolean {
  if (text.length > MAX_MARKDOWN_LENGTH) return true;
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    if (nestingOf(line) > MAX_NESTING_DEPTH) return true;
    if (end === -1) break;
    start = end + 1;
  }
  return false;
}
