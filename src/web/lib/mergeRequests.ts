import type { MergeRequestState } from '../../shared/api/mergeRequests';
import { projectApi } from './projectApi';

export type ListState = MergeRequestState | 'all';
/** `labels`: every one of them (GitLab's `labels` filter). */
export type ListFilter = { state: ListState; search: string; page: number; labels: string[] };

/** The merge request's page address, under which its page endpoints (`.json`, `notes_data.json`) live. */
export const mergeRequestPagePath = (fullPath: string, iid: number): string =>
  `/${fullPath}/-/merge_requests/${iid}`;

/** What the Overview's Activity section reads first. */
export const notesDataPath = (fullPath: string, iid: number): string =>
  `${mergeRequestPagePath(fullPath, iid)}/notes_data.json`;

export const mergeRequestsApi = (fullPath: string): string => `${projectApi(fullPath)}/merge_requests`;

export const mergeRequestKeys = {
  all: (fullPath: string) => ['merge-requests', fullPath] as const,
  list: (fullPath: string, filter: ListFilter) =>
    [...mergeRequestKeys.all(fullPath), 'list', filter] as const,
  count: (fullPath: string, state: ListState, search: string, labels: string[] = []) =>
    [...mergeRequestKeys.all(fullPath), 'count', state, search, labels] as const,
  one: (fullPath: string, iid: number) => [...mergeRequestKeys.all(fullPath), iid] as const,
  page: (fullPath: string, iid: number) => [...mergeRequestKeys.one(fullPath, iid), 'page'] as const,
  commitPages: (fullPath: string, iid: number) =>
    [...mergeRequestKeys.one(fullPath, iid), 'commits'] as const,
  commits: (fullPath: string, iid: number, page: number) =>
    [...mergeRequestKeys.commitPages(fullPath, iid), page] as const,
  branches: (fullPath: string) => ['branches', fullPath] as const,
};
