import type { UpdateTask } from '../../shared/api/taskLists';
import { toggleTask } from '../../shared/markdown/taskList';
import type { TaskList } from './MarkdownBody';
import { useAction } from './useAction';

type Options<T> = {
  /** The markdown shown. */
  source: string;
  /** Whether the reader may edit it; otherwise the boxes stay disabled. */
  editable: boolean;
  /** Sends the tick with the text as ticked here (GitLab's page sends both; the server ticks its own). */
  save: (task: UpdateTask, ticked: string) => Promise<T>;
  onSaved: (answer: T) => unknown;
  /** After a refusal (someone edited meanwhile): read the text again. */
  onRefused: () => unknown;
};

/** Ticking the task list of a note or a description; the error, if any, is for the page to show. */
export function useTaskList<T>({ source, editable, save, onSaved, onRefused }: Options<T>) {
  const mutation = useAction(
    (task: UpdateTask) =>
      save(
        task,
        toggleTask(source, {
          lineNumber: task.line_number,
          lineSource: task.line_source,
          checked: task.checked,
        }) ?? source,
      ),
    { onSuccess: onSaved, onError: onRefused },
  );
  const taskList: TaskList | null = editable
    ? {
        source,
        onToggle: (task) =>
          mutation.mutateAsync(task).then(
            () => true,
            () => false,
          ),
      }
    : null;
  return { taskList, error: mutation.error };
}
