import { sha1Hex } from './sha1';

/** GitLab's `file_hash`: sha1 of the file's path (the new path, or the old one for a deletion). */
export function fileHash(filePath: string): string {
  return sha1Hex(filePath);
}

/** GitLab's line code, `{sha1 of path}_{old position}_{new position}`; `hash` saves rehashing per line. */
export function lineCode(hash: string, oldPos: number, newPos: number): string {
  return `${hash}_${oldPos}_${newPos}`;
}
