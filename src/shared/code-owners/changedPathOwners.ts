import type { CodeOwnersMatcher } from './codeOwnersMatcher';
import type { CodeOwnersEntry, CodeOwnersFile } from './parseCodeOwners';

/** One code owner entry some changed paths fall under: what GitLab turns into a code owner rule. */
export interface CodeOwnersMatch {
  readonly entry: CodeOwnersEntry;
  /** The changed paths it owns, in the order they were given. */
  readonly paths: readonly string[];
}

/**
 * The entries owning any of `changedPaths`, one per (section, pattern) as GitLab keeps one code
 * owner rule per pattern and section, in section order then line order.
 */
export function matchChangedPaths(
  file: CodeOwnersFile,
  matcher: CodeOwnersMatcher,
  changedPaths: readonly string[],
): CodeOwnersMatch[] {
  const byEntry = new Map<CodeOwnersEntry, string[]>();
  for (const path of changedPaths) {
    for (const entry of matcher.entriesForPath(path)) {
      const paths = byEntry.get(entry);
      if (paths) paths.push(path);
      else byEntry.set(entry, [path]);
    }
  }
  const sectionOrder = new Map(file.sections.map((section, index) => [section.name, index]));
  return [...byEntry]
    .map(([entry, paths]) => ({ entry, paths }))
    .sort(
      (a, b) =>
        sectionOrder.get(a.entry.section)! - sectionOrder.get(b.entry.section)! ||
        a.entry.lineNumber - b.entry.lineNumber,
    );
}
