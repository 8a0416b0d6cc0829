import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfigVariables,
  RunPipelineErrors,
  RunPipelinePageBody,
} from '../../../shared/api/pipelinePages';
import type { Pipeline } from '../../../shared/api/pipelines';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { ApiError, request } from '../../api/client';
import { useSession } from '../../lib/useSession';
import { viewerAccessLevel } from '../../lib/viewerAccessLevel';
import { projectUrl } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { projectApi } from './pipelinePaths';
import { pipelineKeys, readPipelinesAgain } from './queries';

/** Branches, and tags, the picker offers at a time; a search narrows them. */
const REFS_PER_SEARCH = 20;

export type RefGroups = { branches: string[]; tags: string[] };

/**
 * The project's branches and tags whose names contain `search` (up to a page of each for none),
 * read from the branches and tags lists as GitLab's ref selector reads them.
 */
export function useRefSearch(fullPath: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...pipelineKeys.all(fullPath), 'run-form', 'refs', search],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<RefGroups> => {
      const query = { search: search || undefined, per_page: REFS_PER_SEARCH };
      const [branches, tags] = await Promise.all(
        (['branches', 'tags'] as const).map((kind) =>
          request<Array<{ name: string }>>(`${projectApi(fullPath)}/repository/${kind}`, { query, signal }),
        ),
      );
      return { branches: branches!.map((ref) => ref.name), tags: tags!.map((ref) => ref.name) };
    },
  });
}

/** The top-level variables of the ref's `.gitlab-ci.yml`, read again for every ref picked. */
export function useConfigVariables(fullPath: string, ref: string) {
  return useQuery({
    queryKey: [...pipelineKeys.all(fullPath), 'run-form', 'config-variables', ref],
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      request<ConfigVariables>(projectUrl(fullPath, 'pipelines/config_variables'), {
        query: { sha_or_ref: ref },
        signal,
      }),
  });
}

/** Runs the form's pipeline (source `web`); answers the new pipeline. */
export function useRunPipeline(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunPipelinePageBody) =>
      request<Pipeline>(projectUrl(fullPath, 'pipelines'), { method: 'POST', body }),
    onSuccess: () => readPipelinesAgain(queryClient, fullPath),
  });
}

/** What a refused run says: GitLab's messages one by one, else the answer's own words. */
export function runErrors(error: unknown): string[] {
  if (error instanceof ApiError) {
    const errors = (error.body as Partial<RunPipelineErrors> | null)?.errors;
    if (Array.isArray(errors) && errors.length > 0) return errors;
    return [error.message];
  }
  return ['Something went wrong on our end. Please try again.'];
}

/** Whether the viewer may run pipelines here (Developers and up, not archived); null while loading. */
export function useMayRunPipelines(fullPath: string): boolean | null {
  const project = useProject(fullPath).data;
  const session = useSession();
  if (!project || session.isPending) return null;
  const admin = session.data?.user?.admin ?? false;
  return !project.archived && viewerAccessLevel(project, admin) >= ACCESS_LEVELS.developer;
}
