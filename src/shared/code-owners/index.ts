/**
 * CODEOWNERS in GitLab's syntax, read and matched as GitLab does. Pure: the caller reads the file
 * from the target branch (`refs/heads/...`) and resolves the owners it names to users.
 *
 * 1. `codeOwnersFilePath(existingPaths)`: which file is used (`CODEOWNERS`, then
 *    `docs/CODEOWNERS`, then `.gitlab/CODEOWNERS`), or null.
 * 2. `parseCodeOwners(text)` -> `CodeOwnersFile`: `sections` (the default `codeowners` section
 *    first, duplicates merged case-insensitively under the first spelling), each with its
 *    `entries` (pattern, normalized pattern, owner line and its `owners` as names, e-mails and
 *    roles, `optional`, `approvalsRequired` of its header, `exclusion` for `!pattern`, line
 *    number), and `errors` (`{ code, lineNumber }` with GitLab's codes; labels in
 *    `CODE_OWNERS_ERROR_LABELS`). Errors never stop parsing: GitLab uses the file as read.
 * 3. `createCodeOwnersMatcher(file)` compiles every pattern once (Ruby `File.fnmatch?` with
 *    FNM_PATHNAME | FNM_DOTMATCH, see fnmatch.ts) and indexes it; `entriesForPath(path)` gives
 *    the owning entry per section (the latest matching line; none in a section where a `!`
 *    exclusion matches). `matchChangedPaths(file, matcher, paths)` gives the entries a merge
 *    request's changed paths fall under, one per (section, pattern): the code owner rules.
 *
 * Bounds: parsing is linear in the file; a path is tried only against patterns that share a
 * literal segment, file-name suffix or prefix with it (plus the few that have none), and one
 * match costs at most pattern length times path length steps (no backtracking regex).
 */
export { CODE_OWNERS_FILE_PATHS, codeOwnersFilePath, type CodeOwnersFilePath } from './codeOwnersFilePath';
export {
  parseCodeOwners,
  normalizePattern,
  type CodeOwnersEntry,
  type CodeOwnersFile,
  type CodeOwnersSection,
} from './parseCodeOwners';
export { DEFAULT_SECTION } from './sectionHeader';
export {
  CODE_OWNER_ROLES,
  extractOwnerReferences,
  type CodeOwnerRole,
  type OwnerReferences,
} from './ownerReferences';
export {
  CODE_OWNERS_ERROR_LABELS,
  CODE_OWNERS_OWNER_ERROR_CODES,
  CODE_OWNERS_SYNTAX_ERROR_CODES,
  CODE_OWNERS_VALIDATION_TEXTS,
  groupErrorsByCode,
  syntaxErrorsSummary,
  type CodeOwnersError,
  type CodeOwnersErrorCode,
} from './codeOwnersErrors';
export { createCodeOwnersMatcher, type CodeOwnersMatcher } from './codeOwnersMatcher';
export { matchChangedPaths, type CodeOwnersMatch } from './changedPathOwners';
export { fnmatch } from './fnmatch';
