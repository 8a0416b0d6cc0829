import { grammarFor } from './languages';
import { escapeText, highlightLines } from './token-lines';

/** A file's content split into lines of HTML, highlighted or plain. */
export type HighlightedBlob = { lines: string[]; highlighted: boolean };

/** The content as escaped lines, not highlighted. */
export function plainLines(content: string): HighlightedBlob {
  return { lines: content.split('\n').map(escapeText), highlighted: false };
}

/** Highlights content in `language`; plain lines when it has no grammar or the grammar fails. */
export function highlightBlob(language: string, content: string): HighlightedBlob {
  try {
    const grammar = grammarFor(language);
    return grammar ? { lines: highlightLines(content, grammar), highlighted: true } : plainLines(content);
  } catch {
    return plainLines(content);
  }
}
