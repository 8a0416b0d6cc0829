/**
 * Where GitLab looks for the CODEOWNERS file, in the order it looks: the first that exists on
 * the ref is the only one used (root, then `docs/`, then `.gitlab/`).
 */
export const CODE_OWNERS_FILE_PATHS = ['CODEOWNERS', 'docs/CODEOWNERS', '.gitlab/CODEOWNERS'] as const;
export type CodeOwnersFilePath = (typeof CODE_OWNERS_FILE_PATHS)[number];

/**
 * The CODEOWNERS file GitLab uses among the blob paths that exist (names are case-sensitive:
 * `codeowners` or `.github/CODEOWNERS` are not read), or null when there is none.
 */
export function codeOwnersFilePath(existingPaths: Iterable<string>): CodeOwnersFilePath | null {
  const existing = new Set(existingPaths);
  return CODE_OWNERS_FILE_PATHS.find((path) => existing.has(path)) ?? null;
}
