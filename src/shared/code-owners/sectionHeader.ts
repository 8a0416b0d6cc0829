import type { CodeOwnersSyntaxErrorCode } from './codeOwnersErrors';
import { isBlank, rawReferences, splitWords } from './ownerReferences';

/** The name of the section every entry before the first header belongs to. */
export const DEFAULT_SECTION = 'codeowners';

export interface SectionHeader {
  /** The section's name as first written (duplicates merge into it, case-insensitively). */
  readonly name: string;
  /** `^[Name]`: its approval is optional. */
  readonly optional: boolean;
  /** `[Name][n]`: n, 0 when absent or not a number (GitLab then requires 1). */
  readonly approvals: number;
  /** `[Name] @owner ...`: the owners of entries that name none, '' when none. */
  readonly defaultOwners: string;
}

export type SectionLine =
  | { kind: 'header'; section: SectionHeader; errors: CodeOwnersSyntaxErrorCode[] }
  /** Starts like a header (`[` or `^[`) but cannot be read as one: skipped, with an error. */
  | { kind: 'unparsable'; errors: CodeOwnersSyntaxErrorCode[] }
  | { kind: 'entry' };

// GitLab's SectionParser expressions; [ \t\n\v\f\r] stands for Ruby's ASCII-only \s.
const S = '[ \\t\\n\\v\\f\\r]';
const HEADER = new RegExp(`^(\\^)?\\[(.*?)\\](?:\\[((?:${S}|\\d)*)\\])?(${S}*(?:[@\\w.\\-/]|${S})*)?`);
const STRICT_HEADER = new RegExp(`^(\\^)?(\\[[^\\]]+\\])(\\[\\d+\\])?(${S}+(?:[@\\w.\\-/]|${S})+)?$`);
const STARTS_LIKE_HEADER = /^\^?\[/;
const STRING_INTEGER = new RegExp(`^${S}*\\d+${S}*$`);

/**
 * Reads one stripped, non-comment line as GitLab's SectionParser does. `knownSections` are the
 * section names met so far, the default section first, in order of appearance.
 */
export function parseSectionLine(line: string, knownSections: readonly string[]): SectionLine {
  const match = HEADER.exec(line);
  if (!match) {
    return STARTS_LIKE_HEADER.test(line)
      ? { kind: 'unparsable', errors: ['invalid_section_format'] }
      : { kind: 'entry' };
  }
  const rawApprovals = match[3];
  const section: SectionHeader = {
    name: sectionName(match[2]!, knownSections),
    optional: match[1] !== undefined,
    approvals: rubyToInteger(rawApprovals),
    defaultOwners: rubyStrip(match[4] ?? ''),
  };
  const errors: CodeOwnersSyntaxErrorCode[] = [];
  if (isBlank(section.name)) errors.push('missing_section_name');
  if (invalidApprovals(section, rawApprovals)) errors.push('invalid_approval_requirement');
  if (invalidDefaultOwners(section.defaultOwners)) errors.push('invalid_section_owner_format');
  // The strict form is only checked when nothing else is wrong, so a line gets one format error.
  if (errors.length === 0 && !STRICT_HEADER.test(line)) errors.push('invalid_section_format');
  return { kind: 'header', section, errors };
}

/**
 * Section names are case-insensitive and duplicates merge under the first spelling. As in
 * GitLab, the first named section is taken as written (it is never merged into the default one).
 */
function sectionName(name: string, knownSections: readonly string[]): string {
  if (knownSections.at(-1) === DEFAULT_SECTION) return name;
  const folded = foldCase(name);
  return knownSections.find((known) => foldCase(known) === folded) ?? name;
}

/** Unicode case folding as Ruby's `casecmp?` (ß and SS are the same). */
export function foldCase(text: string): string {
  return text.toUpperCase().toLowerCase();
}

function invalidApprovals(section: SectionHeader, rawApprovals: string | undefined): boolean {
  if (rawApprovals === undefined) return false;
  if (!STRING_INTEGER.test(rawApprovals)) return true;
  return section.optional && section.approvals > 0;
}

/** Every word of the default owners must itself be a reference (`@name`, `@@role`, address). */
function invalidDefaultOwners(defaultOwners: string): boolean {
  if (isBlank(defaultOwners)) return false;
  const found = new Set(rawReferences(defaultOwners));
  return splitWords(defaultOwners).some((word) => !found.has(word));
}

/** Ruby's `String#to_i`: leading whitespace, then digits; 0 when none. */
function rubyToInteger(text: string | undefined): number {
  const digits = /^[ \t\n\v\f\r]*(\d+)/.exec(text ?? '');
  return digits ? Number.parseInt(digits[1]!, 10) : 0;
}

/** Ruby's `String#strip`: ASCII whitespace and NUL at both ends (not Unicode spaces). */
export function rubyStrip(text: string): string {
  return text.replace(/^[\0 \t\n\v\f\r]+|[\0 \t\n\v\f\r]+$/g, '');
}
