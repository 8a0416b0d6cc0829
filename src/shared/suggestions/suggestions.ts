/** One ```suggestion block of a diff note: what replaces the commented line and its neighbours. */
export type ParsedSuggestion = {
  /** Lines above the commented line that are replaced too (`:-N`). */
  linesAbove: number;
  /** Lines below it that are replaced too (`:+M`). */
  linesBelow: number;
  /** The new text of those lines, empty to delete them; ends without a newline. */
  toContent: string;
};

/** GitLab's opening fence: ```suggestion, optionally with a range `:-N+M`. */
const OPENING = /^(`{3,})suggestion(?::-(\d+)\+(\d+))?[ \t]*$/;
/** GitLab caps how far a suggestion may reach around its line. */
export const MAX_SUGGESTION_LINES = 100;

/** The suggestions of a note, in order. A block that is never closed runs to the end of the note, as in GFM. */
export function parseSuggestions(note: string): ParsedSuggestion[] {
  const lines = note.split('\n');
  const found: ParsedSuggestion[] = [];
  for (let i = 0; i < lines.length; i++) {
    const opening = OPENING.exec(lines[i] ?? '');
    if (!opening?.[1]) continue;
    const fence = opening[1];
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j] ?? '';
      if (line.startsWith(fence) && line.slice(fence.length).trim().replace(/`/g, '') === '') break;
      body.push(line);
    }
    found.push({
      linesAbove: Math.min(Number(opening[2] ?? 0), MAX_SUGGESTION_LINES),
      linesBelow: Math.min(Number(opening[3] ?? 0), MAX_SUGGESTION_LINES),
      toContent: body.join('\n'),
    });
    i = j;
  }
  return found;
}

/** The lines (1-based, inclusive) a suggestion on `line` replaces. */
export function suggestionLines(
  line: number,
  suggestion: Pick<ParsedSuggestion, 'linesAbove' | 'linesBelow'>,
) {
  return { fromLine: Math.max(1, line - suggestion.linesAbove), toLine: line + suggestion.linesBelow };
}

/** Lines `fromLine..toLine` of a file's text, or null when the file is shorter. */
export function linesOf(content: string, fromLine: number, toLine: number): string | null {
  const lines = splitLines(content);
  if (fromLine < 1 || toLine > lines.length || fromLine > toLine) return null;
  return lines.slice(fromLine - 1, toLine).join('\n');
}

function splitLines(content: string): string[] {
  const lines = content.split('\n');
  // A final newline ends the last line; it does not start another one.
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

export type SuggestionEdit = { fromLine: number; toLine: number; fromContent: string; toContent: string };

export type EditResult = { ok: true; content: string } | { ok: false; reason: 'changed' | 'overlap' };

/**
 * Applies suggestions to one file's text. Each must still find the lines it was made on
 * (`changed` otherwise), and no two may touch the same line (`overlap`).
 */
export function applySuggestionEdits(content: string, edits: readonly SuggestionEdit[]): EditResult {
  const sorted = [...edits].sort((a, b) => a.fromLine - b.fromLine);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    const current = sorted[i];
    if (previous && current && current.fromLine <= previous.toLine) return { ok: false, reason: 'overlap' };
  }
  for (const edit of sorted) {
    if (linesOf(content, edit.fromLine, edit.toLine) !== edit.fromContent)
      return { ok: false, reason: 'changed' };
  }
  const lines = splitLines(content);
  const endsWithNewline = content.endsWith('\n');
  // From the bottom up, so earlier line numbers stay valid.
  for (const edit of sorted.reverse()) {
    const replacement = edit.toContent === '' ? [] : edit.toContent.split('\n');
    lines.splice(edit.fromLine - 1, edit.toLine - edit.fromLine + 1, ...replacement);
  }
  const text = lines.join('\n');
  return { ok: true, content: endsWithNewline && lines.length > 0 ? `${text}\n` : text };
}
