/**
 * The owners a CODEOWNERS text names, read as GitLab's ReferenceExtractor reads them: `@name`
 * (a user or a group path, `@group/subgroup`), an e-mail address, or a role `@@developer`,
 * `@@maintainer`, `@@owner` (also plural, any case). Only those three roles exist.
 */

export const CODE_OWNER_ROLES = ['developer', 'maintainer', 'owner'] as const;
export type CodeOwnerRole = (typeof CODE_OWNER_ROLES)[number];

export interface OwnerReferences {
  /** User names and group paths as written, without `@` (GitLab compares them case-insensitively). */
  readonly names: readonly string[];
  /** E-mail addresses as written (GitLab compares them with the users' verified addresses). */
  readonly emails: readonly string[];
  /** Roles named with `@@`, at most once each. */
  readonly roles: readonly CodeOwnerRole[];
}

// Ruby's \s is ASCII whitespace only; JavaScript's also takes Unicode spaces.
const SPACE = ' \\t\\n\\v\\f\\r';

/** Not Devise's address rule: anything@anything, ending on a word character. */
const EMAIL = new RegExp(`[^@${SPACE}]{1,100}@[^@${SPACE}]{1,255}(?<!\\W)`, 'g');

/** GitLab's namespace path (PathRegex::NAMESPACE_FORMAT_REGEX), up to 20 ancestors. */
const NAMESPACE = String.raw`(?:[a-zA-Z0-9_.][a-zA-Z0-9_\-.]{0,254}[a-zA-Z0-9_\-]|[a-zA-Z0-9_])(?<!\.git|\.atom)`;
/** `@name` not preceded by a word character or another `@` (so `@@role` is no name). */
const NAME = new RegExp(String.raw`(?<![\w@])@((?:${NAMESPACE}/){0,20}${NAMESPACE})`, 'g');

const ROLE = new RegExp(String.raw`(?<![\w@])@@((?:developer|maintainer|owner)s?)(?=[${SPACE}]|$)`, 'gi');

interface Matches {
  names: string[];
  roles: string[];
  emails: string[];
}

function scan(text: string): Matches {
  return {
    emails: unique([...text.matchAll(EMAIL)].map((match) => match[0])),
    names: unique([...text.matchAll(NAME)].map((match) => match[1]!)),
    roles: unique([...text.matchAll(ROLE)].map((match) => match[1]!)),
  };
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function roleOf(written: string): CodeOwnerRole {
  const singular = written.toLowerCase().replace(/s$/, '');
  return singular as CodeOwnerRole;
}

/** The owners named anywhere in `text` (a whole owner line: malformed words are ignored). */
export function extractOwnerReferences(text: string): OwnerReferences {
  if (isBlank(text)) return { names: [], emails: [], roles: [] };
  const matches = scan(text);
  return {
    names: matches.names,
    emails: matches.emails,
    roles: unique(matches.roles.map(roleOf)),
  };
}

/** Does this one word name at least one owner? (GitLab's test for a malformed entry owner.) */
export function namesAnOwner(word: string): boolean {
  const references = extractOwnerReferences(word);
  return references.names.length + references.emails.length + references.roles.length > 0;
}

/**
 * The references exactly as written (`@name`, `@@role`, address): a section's default owners
 * must consist of these and nothing else.
 */
export function rawReferences(text: string): string[] {
  if (isBlank(text)) return [];
  const matches = scan(text);
  return [
    ...matches.names.map((name) => `@${name}`),
    ...matches.roles.map((role) => `@@${role}`),
    ...matches.emails,
  ];
}

/** Ruby's `String#split` without arguments: words between runs of ASCII whitespace. */
export function splitWords(text: string): string[] {
  return text.split(/[ \t\n\v\f\r]+/).filter((word) => word !== '');
}

/** Rails' `blank?`: empty or whitespace only. */
export function isBlank(text: string | null | undefined): boolean {
  return text == null || /^\s*$/.test(text);
}
