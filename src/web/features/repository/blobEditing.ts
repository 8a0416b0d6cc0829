import { refPage } from './repositoryPaths';

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** GitLab's default commit messages: "Update {file name}" for an edit, "Add {file name}" for a new file. */
export function defaultCommitMessage(mode: 'edit' | 'new', path: string): string {
  const name = baseName(path);
  if (mode === 'edit') return `Update ${name}`;
  return name ? `Add ${name}` : 'Add new file';
}

/** The new file's path: the folder of `{project}/-/new/{branch}/{folder}` joined with `?file_name=`. */
export function newFilePath(folder: string, fileName: string): string {
  const trimmed = folder.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/${fileName}` : fileName;
}

/**
 * Where a commit from the editor leads: back to the merge request's Changes tab when the editor
 * was opened from it and the commit landed on its branch, else the file as committed.
 */
export function afterCommitUrl(input: {
  fullPath: string;
  branch: string;
  committedBranch: string;
  path: string;
  fromMergeRequestIid: number | null;
}): string {
  if (input.fromMergeRequestIid !== null && input.committedBranch === input.branch)
    return `/${input.fullPath}/-/merge_requests/${input.fromMergeRequestIid}/diffs`;
  return `/${input.fullPath}/-/${refPage('blob', input.committedBranch, input.path)}`;
}

/** `?from_merge_request_iid=` as a merge request iid, or null when absent or not a number. */
export function mergeRequestIidParam(value: string | null): number | null {
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return Number(value);
}
