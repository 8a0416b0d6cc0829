/**
 * The one check of paths and revisions a client names inside a repository, made before git reads
 * them: a path that climbs out of the repository (`..`), starts at the root, holds a NUL byte or
 * names `.git`, or a revision git would read as an option (`-n`) or that holds control characters,
 * is refused with a 400 instead of reaching git (where it failed as a 500).
 */

/** GitLab's words for a refused path (its `file_path` validator). */
export const INVALID_FILE_PATH = 'should be a valid file path';
/** GitLab's words for a refused ref (its `git_ref` validator). */
export const INVALID_REFERENCE = 'should be a valid reference path';

/** GitLab's longest ref. */
export const MAX_REVISION_LENGTH = 1024;
export const MAX_REPOSITORY_PATH_LENGTH = 4096;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a path inside a repository is refused, or null. `''` is the root. */
export function repositoryPathProblem(filePath: string): string | null {
  if (filePath.includes('\0')) return 'contains a NUL byte';
  if (filePath.startsWith('/')) return 'must be relative';
  if (filePath.length > MAX_REPOSITORY_PATH_LENGTH) return 'is too long';
  const segments = filePath.replace(/\/$/, '').split('/');
  if (filePath !== '' && segments.some((s) => s === '' || s === '.' || s === '..'))
    return 'contains an empty, . or .. segment';
  if (segments.some((s) => s.toLowerCase() === '.git')) return 'contains a .git segment';
  return null;
}

/**
 * Why a revision (a branch or tag name, a commit sha, `main~2`) is refused, or null. Only what git
 * could misread is refused; a name that names nothing is for the caller to answer as not found.
 */
export function revisionProblem(revision: string): string | null {
  if (revision.length === 0) return 'is empty';
  if (revision.length > MAX_REVISION_LENGTH) return 'is too long';
  if (revision.startsWith('-')) return 'starts with -';
  if (CONTROL.test(revision)) return 'contains a control character';
  return null;
}
