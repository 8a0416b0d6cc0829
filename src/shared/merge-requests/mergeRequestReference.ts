/** Which merge request a reference names: its project's full path and its iid. */
export type MergeRequestLocation = { fullPath: string; iid: number };

const PATH = String.raw`[A-Za-z0-9_.][A-Za-z0-9_.\-]*(?:/[A-Za-z0-9_.][A-Za-z0-9_.\-]*)+`;
const IID = String.raw`([1-9]\d{0,9})`;
const SHORT = new RegExp(String.raw`^!${IID}$`);
const FULL = new RegExp(String.raw`^(${PATH})!${IID}$`);
const URL_PATH = new RegExp(String.raw`^/(${PATH})/-/merge_requests/${IID}(?:/[a-z_]*)?/?$`);

/**
 * Reads what people paste to name a merge request, as GitLab's dependencies field takes it:
 * `!12` (this project), `group/project!12`, or the merge request's URL (any tab, any anchor).
 * Anything else is null.
 */
export function parseMergeRequestReference(
  text: string,
  currentFullPath: string,
): MergeRequestLocation | null {
  const input = text.trim();
  const short = SHORT.exec(input);
  if (short?.[1]) return { fullPath: currentFullPath, iid: Number(short[1]) };
  const full = FULL.exec(input);
  if (full?.[1] && full[2]) return { fullPath: full[1], iid: Number(full[2]) };
  if (!/^https?:\/\//i.test(input)) return null;
  let pathname: string;
  try {
    pathname = new URL(input).pathname;
  } catch {
    return null;
  }
  const fromUrl = URL_PATH.exec(pathname);
  return fromUrl?.[1] && fromUrl[2] ? { fullPath: fromUrl[1], iid: Number(fromUrl[2]) } : null;
}
