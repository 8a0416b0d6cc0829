import { projectUrl } from '../projects/projectRoutes';

/** The REST API takes the URL-encoded full path as the project id. */
export const projectApi = (fullPath: string): string => `/api/v4/projects/${encodeURIComponent(fullPath)}`;

export const pipelinesPage = (fullPath: string): string => projectUrl(fullPath, 'pipelines');
export const pipelinePage = (fullPath: string, id: number): string => projectUrl(fullPath, `pipelines/${id}`);
export const jobPage = (fullPath: string, id: number): string => projectUrl(fullPath, `jobs/${id}`);
export const commitPage = (fullPath: string, sha: string): string => projectUrl(fullPath, `commit/${sha}`);

/** A branch's or tag's files; branch names keep their slashes, as the repository pages read them. */
export const refPage = (fullPath: string, ref: string): string =>
  projectUrl(fullPath, `tree/${ref.split('/').map(encodeURIComponent).join('/')}`);

/** The raw log, as GitLab's "Show complete raw" link opens it. */
export const rawTracePath = (fullPath: string, jobId: number): string =>
  `${projectApi(fullPath)}/jobs/${jobId}/trace`;

/** GitLab's artifacts browser, at the archive's root or one of its folders. */
export const artifactsBrowsePage = (fullPath: string, jobId: number, folder = ''): string =>
  projectUrl(
    fullPath,
    `jobs/${jobId}/artifacts/browse${folder ? `/${folder.split('/').map(encodeURIComponent).join('/')}` : ''}`,
  );

/** The whole archive (`artifacts`) or one file of it, downloaded through the REST API. */
export const artifactsDownloadPath = (fullPath: string, jobId: number, file?: string): string =>
  `${projectApi(fullPath)}/jobs/${jobId}/artifacts${file ? `/${file.split('/').map(encodeURIComponent).join('/')}` : ''}`;
