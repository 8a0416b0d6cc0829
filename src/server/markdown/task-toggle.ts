import { taskText, toggleTask, type TaskUpdate } from '../../shared/markdown/taskList';
import type { updateTaskSchema } from '../../shared/api/taskLists';
import type { z } from 'zod';
import type { MarkdownRenderer } from './markdown-renderer';

export type ToggledTask = { text: string; item: string; checked: boolean };

/**
 * Ticks or unticks the task list item starting at `update.lineNumber` of the stored text, as
 * GitLab's TaskListToggleService: only if that line is a task item as the markdown renders it
 * (not a look-alike in a code block) and still reads as the browser saw it. Null otherwise:
 * the text changed meanwhile, and the tick must not land on another line.
 */
export async function toggleTaskItem(
  markdown: Pick<MarkdownRenderer, 'renderBlock'>,
  text: string,
  update: TaskUpdate,
): Promise<ToggledTask | null> {
  if (!(await markdown.renderBlock(text)).taskLines.includes(update.lineNumber)) return null;
  const toggled = toggleTask(text, update);
  if (toggled === null) return null;
  const line = toggled.split('\n')[update.lineNumber - 1] ?? '';
  return { text: toggled, item: taskText(line), checked: update.checked };
}

/** The request's `update_task` in the words of the rule. */
export const taskUpdateOf = (task: z.output<typeof updateTaskSchema>): TaskUpdate => ({
  lineNumber: task.line_number,
  lineSource: task.line_source,
  checked: task.checked,
});
