export type TaskCompletionStatus = { count: number; completed_count: number };

const TASK_ITEM = /^\s*(?:[-+*]|\d+[.)])\s+\[([ xX])\](?:\s|$)/;
const FENCE = /^\s*(```|~~~)/;

/** Counts the task list items of a description (`- [ ]`, `* [x]`, `1. [X]`), outside code blocks. */
export function taskCompletionStatus(markdown: string): TaskCompletionStatus {
  let count = 0;
  let completed = 0;
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (fence === marker) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const box = TASK_ITEM.exec(line)?.[1];
    if (box === undefined) continue;
    count += 1;
    if (box !== ' ') completed += 1;
  }
  return { count, completed_count: completed };
}
