/** A Git LFS pointer file: the object's sha256 and its real size in bytes. */
export type LfsPointer = { oid: string; size: number };

/** Pointer files are a few lines; GitLab (and git-lfs) look no further than this many bytes. */
export const LFS_POINTER_MAX_BYTES = 200;

const VERSION = 'version https://git-lfs.github.com/spec/v1';
const OID = /^oid sha256:([0-9a-f]{64})$/;
const SIZE = /^size (\d+)$/;

/**
 * The pointer a blob's text spells, or null: the spec's version line first, then `oid sha256:`
 * and `size` lines (git-lfs sorts the other keys, so they are looked for anywhere after it).
 */
export function parseLfsPointer(text: string): LfsPointer | null {
  if (text.length > LFS_POINTER_MAX_BYTES) return null;
  const lines = text.split('\n');
  if (lines[0] !== VERSION) return null;
  let oid: string | null = null;
  let size: number | null = null;
  for (const line of lines.slice(1)) {
    oid = OID.exec(line)?.[1] ?? oid;
    const sizeMatch = SIZE.exec(line);
    if (sizeMatch) size = Number(sizeMatch[1]);
  }
  return oid !== null && size !== null ? { oid, size } : null;
}
