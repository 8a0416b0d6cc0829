import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  BranchJson,
  CommitDetailJson,
  CommitJson,
  DiffFileJson,
  RepositoryFileJson,
  TreeEntryJson,
} from '../../../shared/api/repository';
import type { BlobCodeOwnersJson } from '../../../shared/api/codeOwners';
import { request } from '../../api/client';
import { requestPage } from '../../lib/pagination';
import { projectUrl } from '../projects/projectRoutes';
import { splitRefAndPath } from './repositoryPaths';

export const BRANCHES_PER_PAGE = 20;
export const COMMITS_PER_PAGE = 30;
export const TREE_PER_PAGE = 100;

/** The REST API takes the URL-encoded full path as the project id. */
const projectApi = (fullPath: string): string => `/api/v4/projects/${encodeURIComponent(fullPath)}`;
const repositoryApi = (fullPath: string): string => `${projectApi(fullPath)}/repository`;

export const repositoryKeys = {
  all: (fullPath: string) => ['repository', fullPath] as const,
  branches: (fullPath: string) => [...repositoryKeys.all(fullPath), 'branches'] as const,
  branchPage: (fullPath: string, search: string, page: number) =>
    [...repositoryKeys.branches(fullPath), search, page] as const,
  tree: (fullPath: string, ref: string, path: string, page: number) =>
    [...repositoryKeys.all(fullPath), 'tree', ref, path, page] as const,
  file: (fullPath: string, ref: string, path: string) =>
    [...repositoryKeys.all(fullPath), 'file', ref, path] as const,
  commits: (fullPath: string, ref: string, path: string, page: number) =>
    [...repositoryKeys.all(fullPath), 'commits', ref, path, page] as const,
  commit: (fullPath: string, sha: string) => [...repositoryKeys.all(fullPath), 'commit', sha] as const,
  commitDiff: (fullPath: string, sha: string) =>
    [...repositoryKeys.all(fullPath), 'commit', sha, 'diff'] as const,
  readme: (fullPath: string, ref: string, path: string) =>
    [...repositoryKeys.all(fullPath), 'readme', ref, path] as const,
  codeOwners: (fullPath: string, ref: string, path: string) =>
    [...repositoryKeys.all(fullPath), 'code-owners', ref, path] as const,
};

export function useBranches(fullPath: string, search: string, page: number, perPage = BRANCHES_PER_PAGE) {
  return useQuery({
    queryKey: [...repositoryKeys.branchPage(fullPath, search, page), perPage],
    queryFn: ({ signal }) =>
      requestPage<BranchJson>(`${repositoryApi(fullPath)}/branches`, {
        query: { search, page, per_page: perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Which part of `/-/tree/{text}` is the ref: asks for the branches that start with the first
 * segment (only when the text has a slash, so most pages need no request).
 */
export function useRefAndPath(fullPath: string, text: string) {
  const first = text.split('/')[0] ?? '';
  const needsLookup = text.includes('/');
  const branches = useQuery({
    queryKey: [...repositoryKeys.branchPage(fullPath, `^${first}`, 1), 'names'],
    queryFn: ({ signal }) =>
      request<BranchJson[]>(`${repositoryApi(fullPath)}/branches`, {
        query: { search: `^${first}`, per_page: 100 },
        signal,
      }),
    enabled: needsLookup,
    staleTime: 30_000,
  });
  if (!needsLookup) return { status: 'success' as const, ref: text, path: '' };
  if (branches.status !== 'success') return { status: branches.status, ref: '', path: '' };
  return {
    status: 'success' as const,
    ...splitRefAndPath(
      text,
      branches.data.map((b) => b.name),
    ),
  };
}

export function useTree(fullPath: string, ref: string, path: string, page = 1, enabled = true) {
  return useQuery({
    queryKey: repositoryKeys.tree(fullPath, ref, path, page),
    queryFn: ({ signal }) =>
      requestPage<TreeEntryJson>(`${repositoryApi(fullPath)}/tree`, {
        query: { ref, path, page, per_page: TREE_PER_PAGE },
        signal,
      }),
    enabled: enabled && ref !== '',
    placeholderData: keepPreviousData,
  });
}

export function useFile(fullPath: string, ref: string, path: string, enabled = true) {
  return useQuery({
    queryKey: repositoryKeys.file(fullPath, ref, path),
    queryFn: ({ signal }) =>
      request<RepositoryFileJson>(`${repositoryApi(fullPath)}/files/${encodeURIComponent(path)}`, {
        query: { ref },
        signal,
      }),
    enabled: enabled && ref !== '' && path !== '',
  });
}

/** Who owns a file at a commit, per CODEOWNERS section (the file page's "Code owners"). */
export function useBlobCodeOwners(fullPath: string, ref: string, path: string) {
  return useQuery({
    queryKey: repositoryKeys.codeOwners(fullPath, ref, path),
    queryFn: ({ signal }) =>
      request<BlobCodeOwnersJson>(projectUrl(fullPath, 'code_owners'), { query: { ref, path }, signal }),
  });
}

/** A README rendered by the server's markdown sanitizer; plain text when that is not possible. */
export function useReadme(fullPath: string, ref: string, path: string | undefined) {
  const file = useFile(fullPath, ref, path ?? '', path !== undefined);
  const text = file.data ? decodeText(file.data.content) : null;
  const markdown = path !== undefined && /\.(md|markdown)$/i.test(path);
  const html = useQuery({
    queryKey: [...repositoryKeys.readme(fullPath, ref, path ?? ''), file.data?.blob_id],
    queryFn: ({ signal }) =>
      request<{ html: string }>('/api/v4/markdown', {
        method: 'POST',
        body: { text, gfm: true, project: fullPath },
        signal,
      }),
    enabled: markdown && text !== null,
    retry: false,
    staleTime: Infinity,
  });
  return {
    file,
    text,
    html: html.data?.html ?? null,
    rendering: markdown && html.isPending && text !== null,
  };
}

export function useCommits(fullPath: string, ref: string, path: string, page: number) {
  return useQuery({
    queryKey: repositoryKeys.commits(fullPath, ref, path, page),
    queryFn: ({ signal }) =>
      requestPage<CommitJson>(`${repositoryApi(fullPath)}/commits`, {
        query: { ref_name: ref, path, page, per_page: COMMITS_PER_PAGE },
        signal,
      }),
    enabled: ref !== '',
    placeholderData: keepPreviousData,
  });
}

export function useCommit(fullPath: string, sha: string) {
  return useQuery({
    queryKey: repositoryKeys.commit(fullPath, sha),
    queryFn: ({ signal }) =>
      request<CommitDetailJson>(`${repositoryApi(fullPath)}/commits/${encodeURIComponent(sha)}`, { signal }),
  });
}

/** The first files of a commit's diff (as many as one API page holds) and how many there are. */
export function useCommitDiff(fullPath: string, sha: string) {
  return useQuery({
    queryKey: repositoryKeys.commitDiff(fullPath, sha),
    queryFn: ({ signal }) =>
      requestPage<DiffFileJson>(`${repositoryApi(fullPath)}/commits/${encodeURIComponent(sha)}/diff`, {
        query: { per_page: 100 },
        signal,
      }),
  });
}

/** Raw bytes of a file, for the "Open raw" link. */
export const rawFileUrl = (fullPath: string, ref: string, path: string): string =>
  `${repositoryApi(fullPath)}/files/${encodeURIComponent(path)}/raw?ref=${encodeURIComponent(ref)}`;

/** base64 from the files API to bytes; `null` text when the bytes are binary (a NUL byte, as git decides). */
export function decodeBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function decodeText(base64: string): string | null {
  const bytes = decodeBytes(base64);
  if (bytes.subarray(0, 8000).includes(0)) return null;
  return new TextDecoder().decode(bytes);
}
