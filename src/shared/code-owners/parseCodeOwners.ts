import type { CodeOwnersError } from './codeOwnersErrors';
import {
  extractOwnerReferences,
  isBlank,
  namesAnOwner,
  splitWords,
  type OwnerReferences,
} from './ownerReferences';
import { DEFAULT_SECTION, parseSectionLine, rubyStrip, type SectionHeader } from './sectionHeader';

export interface CodeOwnersEntry {
  /** The path pattern as written, without a leading `!` (GitLab names code owner rules by it). */
  readonly pattern: string;
  /** The pattern as matched: anchored at `/`, `/**\/` before relative ones, `**\/*` after directories. */
  readonly normalizedPattern: string;
  readonly section: string;
  /** The section header this entry sits under was `^[...]`. */
  readonly optional: boolean;
  /** `[Section][n]` of the header this entry sits under: n, or 0. */
  readonly approvalsRequired: number;
  /** `!pattern`: files it matches need no code owner approval in this section. */
  readonly exclusion: boolean;
  /** The owners as written on the line, or the section's default owners; '' for exclusions. */
  readonly ownerLine: string;
  readonly owners: OwnerReferences;
  readonly lineNumber: number;
}

export interface CodeOwnersSection {
  readonly name: string;
  /** Every entry sits under a `^[...]` header (a section also written without `^` is required). */
  readonly optional: boolean;
  /** One entry per normalized pattern: a later line with the same pattern replaces the earlier. */
  readonly entries: readonly CodeOwnersEntry[];
}

export interface CodeOwnersFile {
  /** The default section `codeowners` first, then named sections in order of first appearance. */
  readonly sections: readonly CodeOwnersSection[];
  /** Syntax errors in line order; the file is still used, as GitLab uses it. */
  readonly errors: readonly CodeOwnersError[];
  /** No entries at all (also an absent or binary file, passed as ''). */
  readonly empty: boolean;
}

const NO_OWNERS: OwnerReferences = { names: [], emails: [], roles: [] };

/**
 * Reads a CODEOWNERS file as GitLab's `Gitlab::CodeOwners::File` does: comments (`#`) and blank
 * lines skipped, section headers, entries `pattern owners...` where whitespace in a pattern is
 * escaped with `\`, and errors reported with their line but never fatal.
 */
export function parseCodeOwners(text: string | null): CodeOwnersFile {
  const sections = new Map<string, Map<string, CodeOwnersEntry>>([[DEFAULT_SECTION, new Map()]]);
  const errors: CodeOwnersError[] = [];
  let current: SectionHeader = { name: DEFAULT_SECTION, optional: false, approvals: 0, defaultOwners: '' };
  const lines = (text ?? '').split('\n');
  // A final newline ends the last line; it does not start another.
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((rawLine, index) => {
    const lineNumber = index + 1;
    const line = rubyStrip(rawLine);
    if (isBlank(line) || line.startsWith('#')) return;
    const parsed = parseSectionLine(line, [...sections.keys()]);
    if (parsed.kind !== 'entry') {
      for (const code of parsed.errors) errors.push({ code, lineNumber });
    }
    if (parsed.kind === 'header') {
      current = parsed.section;
      if (!sections.has(current.name)) sections.set(current.name, new Map());
      return;
    }
    if (parsed.kind === 'unparsable') return;
    const entry = parseEntry(line, current, lineNumber, errors);
    sections.get(current.name)!.set(entry.normalizedPattern, entry);
  });
  const result = [...sections].map(([name, entries]) => {
    const list = [...entries.values()];
    return { name, optional: list.length > 0 && list.every((entry) => entry.optional), entries: list };
  });
  return { sections: result, errors, empty: result.every((section) => section.entries.length === 0) };
}

function parseEntry(
  line: string,
  section: SectionHeader,
  lineNumber: number,
  errors: CodeOwnersError[],
): CodeOwnersEntry {
  const { pattern, ownerText, exclusion } = splitEntryLine(line);
  let ownerLine = '';
  if (!exclusion) {
    if (splitWords(ownerText).some((word) => !namesAnOwner(word))) {
      errors.push({ code: 'malformed_entry_owner', lineNumber });
    }
    ownerLine = isBlank(ownerText) ? section.defaultOwners : ownerText;
    if (isBlank(ownerLine)) errors.push({ code: 'missing_entry_owner', lineNumber });
  }
  return {
    pattern,
    normalizedPattern: normalizePattern(pattern),
    section: section.name,
    optional: section.optional,
    approvalsRequired: section.approvals,
    exclusion,
    ownerLine,
    owners: exclusion ? NO_OWNERS : extractOwnerReferences(ownerLine),
    lineNumber,
  };
}

/** The pattern ends at the first whitespace not escaped with `\`; the owners follow. */
function splitEntryLine(line: string): { pattern: string; ownerText: string; exclusion: boolean } {
  const separator = /(?<!\\)[ \t\n\v\f\r]+/.exec(line);
  let pattern = separator ? line.slice(0, separator.index) : line;
  const ownerText = separator ? line.slice(separator.index + separator[0].length) : '';
  const exclusion = pattern.startsWith('!');
  if (exclusion) pattern = pattern.slice(1);
  return { pattern, ownerText, exclusion };
}

/**
 * GitLab's pattern normalization: `*` is everything; `\#` at the start is `#`; escaped whitespace
 * is one space; a pattern not starting with `/` matches at any depth; one ending with `/` matches
 * everything below that directory.
 */
export function normalizePattern(pattern: string): string {
  if (pattern === '*') return '/**/*';
  let normalized = pattern.replace(/^\\#/, '#').replace(/\\[ \t\n\v\f\r]+/g, ' ');
  if (!normalized.startsWith('/')) normalized = `/**/${normalized}`;
  if (normalized.endsWith('/')) normalized = `${normalized}**/*`;
  return normalized;
}
