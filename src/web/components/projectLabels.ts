import { useQuery } from '@tanstack/react-query';
import type { Label } from '../../shared/api/labels';
import { request } from '../api/client';
import { projectApi } from '../lib/projectApi';

export const labelKeys = {
  all: ['labels'] as const,
  project: (fullPath: string) => ['labels', fullPath] as const,
};

/** GitLab's page limit: the picker and the labels page show a project's first 100 labels, by name. */
const LABELS_PER_PAGE = 100;

export const labelsApi = (fullPath: string) => `${projectApi(fullPath)}/labels`;

/** A project's labels and its groups', by name, with how many issues and merge requests carry each. */
export function useProjectLabels(fullPath: string) {
  return useQuery({
    queryKey: labelKeys.project(fullPath),
    queryFn: ({ signal }) =>
      request<Label[]>(labelsApi(fullPath), {
        query: { per_page: LABELS_PER_PAGE, with_counts: true },
        signal,
      }),
  });
}
