/** The REST API takes a URL-encoded full path wherever it takes an id. */
export const projectApi = (fullPath: string): string => `/api/v4/projects/${encodeURIComponent(fullPath)}`;
