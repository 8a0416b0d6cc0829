/** Reviewed files are remembered in the browser, per merge request, as GitLab does. */
export const reviewedStorageKey = (fullPath: string, iid: number): string =>
  `/${fullPath}/-/merge_requests/${iid}-file-reviews`;

/** The stored set, tolerant of anything another version or a user wrote there. */
export function parseReviewed(stored: string | null): Set<string> {
  if (!stored) return new Set();
  try {
    const value: unknown = JSON.parse(stored);
    return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

export const serializeReviewed = (reviewed: ReadonlySet<string>): string =>
  JSON.stringify([...reviewed].sort());

/** Marks are kept by file hash, so a file whose path changes in a later version starts unreviewed. */
export function toggleReviewed(reviewed: ReadonlySet<string>, fileHash: string, value: boolean): Set<string> {
  const next = new Set(reviewed);
  if (value) next.add(fileHash);
  else next.delete(fileHash);
  return next;
}
