const PREFIX = 'gid://gitlab/';

export const toGlobalId = (type: string, id: number): string => `${PREFIX}${type}/${id}`;

/** Parses `gid://gitlab/MergeRequest/12` for the expected type; null for anything else. */
export function parseGlobalId(type: string, value: string): number | null {
  const expected = `${PREFIX}${type}/`;
  if (!value.startsWith(expected)) return null;
  const id = value.slice(expected.length);
  return /^\d{1,12}$/.test(id) ? Number(id) : null;
}
