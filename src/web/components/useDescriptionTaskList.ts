import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { request } from '../api/client';
import { useTaskList } from './useTaskList';

type Described = { description: string; lock_version: number };

type Options<T extends Described> = {
  /** The page JSON's address (`{project}/-/issues/{iid}.json`), which takes the tick. */
  url: string;
  /** `issue` or `merge_request`: what GitLab's page names the edit. */
  field: 'issue' | 'merge_request';
  /** The page query, given the answer. */
  queryKey: QueryKey;
  page: T;
  /** Whether the reader may edit the description; otherwise the boxes stay disabled. */
  editable: boolean;
  /** Also read again after a tick (the Activity shows its "marked the checklist item" note). */
  alsoRefresh: QueryKey;
};

/**
 * Ticking a description's task list, as GitLab's issue and merge request pages do: the edit with
 * the ticked text, its `lock_version` and `update_task`; the page JSON answers. A refusal
 * (someone edited meanwhile) reads the page again.
 */
export function useDescriptionTaskList<T extends Described>(options: Options<T>) {
  const { url, field, queryKey, page, editable, alsoRefresh } = options;
  const queryClient = useQueryClient();
  return useTaskList({
    source: page.description,
    editable,
    save: (task, description) =>
      request<T>(url, {
        method: 'PATCH',
        body: { [field]: { description, lock_version: page.lock_version, update_task: task } },
      }),
    onSaved: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: alsoRefresh });
    },
    onRefused: () => queryClient.invalidateQueries({ queryKey }),
  });
}
