/**
 * GitLab's path rules for users, groups and projects: letters, digits, `_`, `-` and `.`; starts
 * and ends with a letter or digit (or `_`); no `..`, no `/`, and not ending in `.git` or `.atom`.
 */
const PATH_RE = /^[a-zA-Z0-9_](?:[a-zA-Z0-9_.-]*[a-zA-Z0-9_])?$/;

const RESERVED = new Set([
  '-',
  'api',
  'admin',
  'assets',
  'dashboard',
  'explore',
  'groups',
  'help',
  'oauth',
  'projects',
  'public',
  'search',
  'users',
  'uploads',
]);

export type PathProblem = 'empty' | 'too_long' | 'invalid' | 'reserved';

export function pathProblem(path: string, { topLevel }: { topLevel: boolean }): PathProblem | null {
  if (path.length === 0) return 'empty';
  if (path.length > 255) return 'too_long';
  if (!PATH_RE.test(path) || path.includes('..') || /\.(git|atom)$/i.test(path)) return 'invalid';
  if (topLevel && RESERVED.has(path.toLowerCase())) return 'reserved';
  return null;
}

export const PATH_RULE_MESSAGE =
  "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'";

export function pathMessage(problem: PathProblem): string {
  switch (problem) {
    case 'empty':
      return "can't be blank";
    case 'too_long':
      return 'is too long (maximum is 255 characters)';
    case 'invalid':
      return PATH_RULE_MESSAGE;
    case 'reserved':
      return 'is a reserved name';
  }
}

/** A display name made into a path: `My Project` becomes `my-project`. */
export function pathFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .replace(/\.{2,}/g, '.');
}

/** Group nesting, so that a project URL has at most five path segments before `/-/`. */
export const MAX_GROUP_DEPTH = 4;
