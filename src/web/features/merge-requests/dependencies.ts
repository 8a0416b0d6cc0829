import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MergeRequestBlockJson } from '../../../shared/api/mergeRequestBlocks';
import type { MergeRequestDetail } from '../../../shared/api/mergeRequests';
import type { MergeRequestLocation } from '../../../shared/merge-requests/mergeRequestReference';
import { request } from '../../api/client';
import { widgetKeys } from '../merge-widget/queries';
import { mergeRequestsApi } from '../../lib/mergeRequests';

/** A merge request chosen as a dependency: enough to list it and to send its id. */
export type Dependency = { id: number; iid: number; title: string; reference: string; webUrl: string };

const blocksApi = (fullPath: string, iid: number) => `${mergeRequestsApi(fullPath)}/${iid}/blocks`;

export const dependencyKeys = {
  of: (fullPath: string, iid: number) => ['merge-request-dependencies', fullPath, iid] as const,
};

/** `!12` for a request in the same project, `group/project!12` for one elsewhere. */
const referenceFrom = (mr: Pick<MergeRequestDetail, 'iid' | 'references' | 'web_url'>, fullPath: string) =>
  new URL(mr.web_url).pathname.startsWith(`/${fullPath}/-/`) ? `!${mr.iid}` : mr.references.full;

export const dependencyOf = (
  mr: Pick<MergeRequestDetail, 'id' | 'iid' | 'title' | 'references' | 'web_url'>,
  fullPath: string,
): Dependency => ({
  id: mr.id,
  iid: mr.iid,
  title: mr.title,
  reference: referenceFrom(mr, fullPath),
  webUrl: mr.web_url,
});

/** Looks up a merge request named by a reference, for its id (what the dependencies API takes). */
export const findMergeRequest = (location: MergeRequestLocation) =>
  request<MergeRequestDetail>(`${mergeRequestsApi(location.fullPath)}/${location.iid}`);

/** What blocks a merge request now, with the block ids that remove them. */
export function useDependencies(fullPath: string, iid: number) {
  return useQuery({
    queryKey: dependencyKeys.of(fullPath, iid),
    queryFn: ({ signal }) => request<MergeRequestBlockJson[]>(blocksApi(fullPath, iid), { signal }),
  });
}

const addBlock = (api: string, blockingId: number) =>
  request<MergeRequestBlockJson>(api, { method: 'POST', body: { blocking_merge_request_id: blockingId } });
const removeBlock = (api: string, blockId: number) =>
  request<null>(`${api}/${blockId}`, { method: 'DELETE' });

/** A dependency the server would not add, with its reason (a cycle, a request gone or now hidden). */
export class DependencyRefusedError extends Error {
  constructor(
    reference: string,
    readonly reason: string,
  ) {
    super(`${reference} could not be added: ${reason}`);
    this.name = 'DependencyRefusedError';
  }
}

const addOrExplain = (api: string, mr: Dependency) =>
  addBlock(api, mr.id).catch((error: unknown) => {
    throw new DependencyRefusedError(mr.reference, error instanceof Error ? error.message : String(error));
  });

type DependencyChange = { iid: number; current: MergeRequestBlockJson[]; chosen: Dependency[] };

/**
 * Makes a merge request's dependencies the chosen ones, all or nothing: removes the blocks no
 * longer chosen, adds the new ones, and at the first refusal puts back what it had changed before
 * throwing it. Answers how to undo the whole change, for a save that fails after it.
 */
async function replaceDependencies(fullPath: string, { iid, current, chosen }: DependencyChange) {
  const api = blocksApi(fullPath, iid);
  const chosenIds = new Set(chosen.map((mr) => mr.id));
  const currentIds = new Set(current.map((block) => block.blocking_merge_request.id));
  const undoSteps: Array<() => Promise<unknown>> = [];
  const undo = async () => {
    for (const step of [...undoSteps].reverse()) await step();
  };
  try {
    for (const block of current.filter((b) => !chosenIds.has(b.blocking_merge_request.id))) {
      await removeBlock(api, block.id);
      undoSteps.push(() => addBlock(api, block.blocking_merge_request.id));
    }
    for (const mr of chosen.filter((m) => !currentIds.has(m.id))) {
      const block = await addOrExplain(api, mr);
      undoSteps.push(() => removeBlock(api, block.id));
    }
  } catch (error) {
    // The refusal is what the author must read; an undo that fails too (the network gone) leaves
    // the list as the reloaded form will show it.
    await undo().catch(() => undefined);
    throw error;
  }
  return undo;
}

/**
 * Saves a merge request's edit: its dependencies first, as they are what the server may refuse,
 * then the rest of the form (`alongside`, the title and description). Either failing leaves the
 * request as it was, so a refused dependency changes nothing, and the form shows the refusal.
 */
export function useSaveWithDependencies(fullPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      change,
      alongside,
    }: {
      change: DependencyChange | null;
      alongside: () => Promise<unknown>;
    }) => {
      const undo = change ? await replaceDependencies(fullPath, change) : null;
      try {
        await alongside();
      } catch (error) {
        await undo?.().catch(() => undefined);
        throw error;
      }
    },
    onSettled: () => invalidateDependencies(queryClient, fullPath, iid),
  });
}

/**
 * Adds the dependencies chosen on the new form to the request just created. The request exists
 * whatever happens: each dependency is added on its own, and the refused ones are answered so the
 * request's page can say which and why.
 */
export function useAddDependencies(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ iid, chosen }: { iid: number; chosen: Dependency[] }) => {
      const refused: RefusedDependency[] = [];
      for (const mr of chosen)
        await addOrExplain(blocksApi(fullPath, iid), mr).catch((error: DependencyRefusedError) =>
          refused.push({ reference: mr.reference, reason: error.reason }),
        );
      return refused;
    },
    onSettled: (_refused, _error, { iid }) => invalidateDependencies(queryClient, fullPath, iid),
  });
}

const invalidateDependencies = (queryClient: QueryClient, fullPath: string, iid: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: dependencyKeys.of(fullPath, iid) }),
    queryClient.invalidateQueries({ queryKey: widgetKeys.one(fullPath, iid) }),
  ]);

/** A dependency the new form could not add, told to the created request's page. */
export type RefusedDependency = { reference: string; reason: string };

/** The navigation state that carries them there. */
export type RefusedDependenciesState = { refusedDependencies: RefusedDependency[] };

export const refusedDependenciesIn = (state: unknown): RefusedDependency[] =>
  (state as Partial<RefusedDependenciesState> | null)?.refusedDependencies ?? [];
