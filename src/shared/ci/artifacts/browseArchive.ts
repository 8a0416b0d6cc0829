import type { ArtifactsBrowse } from '../../api/artifactsBrowse';
import { safeEntryPath } from './entryPath';

/** An entry of an archive's central directory, as the server reads it: a safe path, and a size for files. */
export type ArchiveEntry = { path: string; directory: boolean; size: number };

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The folders and files directly in `folder` of an archive, each sorted by name, or null when the
 * archive has no such folder (or the path would climb out of it). Folders come from the entries'
 * paths too: many zip writers leave out the folder entries themselves.
 */
export function browseArchive(entries: readonly ArchiveEntry[], folder: string): ArtifactsBrowse | null {
  const trimmed = folder.replace(/\/+$/, '');
  const path = trimmed === '' ? '' : safeEntryPath(trimmed);
  if (path === null || (trimmed !== '' && path !== trimmed)) return null;
  const prefix = path === '' ? '' : `${path}/`;
  const directories = new Map<string, { name: string; path: string }>();
  const files: ArtifactsBrowse['files'] = [];
  let exists = path === '';
  for (const entry of entries) {
    if (!entry.path.startsWith(prefix) || entry.path === path) {
      if (entry.path === path && entry.directory) exists = true;
      continue;
    }
    exists = true;
    const [name = '', ...rest] = entry.path.slice(prefix.length).split('/');
    if (rest.length > 0 || entry.directory) directories.set(name, { name, path: `${prefix}${name}` });
    else files.push({ name, path: entry.path, size: entry.size });
  }
  if (!exists) return null;
  return { path, directories: [...directories.values()].sort(byName), files: files.sort(byName) };
}
