/**
 * An archive entry's path made safe to place under a directory, or null when it would land
 * outside it: absolute paths, `..` segments (after `\` is read as `/`, as some zip writers
 * mean it), drive letters and NUL are refused; `.` segments and repeated slashes are dropped.
 */
export function safeEntryPath(name: string): string | null {
  if (name.includes('\0')) return null;
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) return null;
  const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '..')) return null;
  return segments.length > 0 ? segments.join('/') : null;
}

/** Whether an entry (its mode's file type, from a zip's external attributes) is a symbolic link. */
export function isSymlinkMode(externalFileAttributes: number): boolean {
  const mode = (externalFileAttributes >>> 16) & 0o170000;
  return mode === 0o120000;
}
