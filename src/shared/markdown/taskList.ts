/**
 * Ticking a task list item, as GitLab's `update_task` does: the browser names the item by its
 * line (`line_number`, from the item's `data-sourcepos`) and that line's text as it saw it
 * (`line_source`, without its leading and trailing spaces). The server changes that one line of
 * the text it holds, and only if the line still reads the same; otherwise someone edited the
 * text meanwhile and the tick is refused rather than applied to another line.
 */
export type TaskUpdate = {
  /** 1-based, the first line of the list item. */
  lineNumber: number;
  lineSource: string;
  checked: boolean;
};

/** A list item line that starts with a checkbox, inside any blockquotes: `- [ ] x`, `> 1. [x] y`. */
const TASK_LINE = /^(\s*(?:>\s*)*(?:[-+*]|\d{1,9}[.)])\s+)\[([ xX])\]/;

/** The item's line of the text as the browser shows it to compare against, or undefined. */
export function taskLineSource(text: string, lineNumber: number): string | undefined {
  return text.split('\n')[lineNumber - 1]?.trim();
}

/**
 * The text with the item at `lineNumber` ticked or unticked, or null when that line is not the
 * line the browser saw or is no task item. Ticking a ticked item changes nothing.
 */
export function toggleTask(text: string, update: TaskUpdate): string | null {
  const lines = text.split('\n');
  const index = update.lineNumber - 1;
  const line = lines[index];
  if (line === undefined || line.trim() !== update.lineSource.trim()) return null;
  const match = TASK_LINE.exec(line);
  if (!match) return null;
  const prefix = match[1] ?? '';
  const mark = update.checked ? 'x' : ' ';
  lines[index] = `${prefix}[${mark}]${line.slice(match[0].length)}`;
  return lines.join('\n');
}

/** The words of a task item after its checkbox, as GitLab's system note quotes them. */
export function taskText(line: string): string {
  const match = TASK_LINE.exec(line);
  return (match ? line.slice(match[0].length) : line).trim();
}
