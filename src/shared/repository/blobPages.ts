/** Ref names and file paths keep their slashes in page URLs; every segment is escaped. */
export const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** The CI configuration GitLab looks for when a project sets no other path. */
export const DEFAULT_CI_CONFIG_PATH = '.gitlab-ci.yml';

/** `{project}/-/new/{branch}?file_name=`: the single-file editor, starting a file on a branch. */
export const newBlobPage = (fullPath: string, branch: string, fileName: string): string =>
  `/${fullPath}/-/new/${encodePath(branch)}?${new URLSearchParams({ file_name: fileName }).toString()}`;
