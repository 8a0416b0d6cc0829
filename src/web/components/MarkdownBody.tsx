import { useEffect, useRef } from 'react';
import type { UpdateTask } from '../../shared/api/taskLists';
import { taskLineSource } from '../../shared/markdown/taskList';
import './markdown.css';

/** Ticking the task list of a text its reader may edit. */
export type TaskList = {
  /** The markdown the HTML was rendered from: a ticked item's line is sent back as written. */
  source: string;
  /** Saves a tick; resolves false when it was refused, and the box is set back. */
  onToggle: (task: UpdateTask) => Promise<boolean>;
};

const BOXES = 'li[data-sourcepos] > input.task-list-item-checkbox';

/** The 1-based line a task item starts on, from GitLab's `data-sourcepos="3:1-3:12"`. */
const lineOf = (box: HTMLInputElement): number =>
  Number(box.parentElement?.getAttribute('data-sourcepos')?.split(':')[0] ?? 0);

/**
 * HTML rendered and sanitized by the server (`description_html`, `note_html`, the markdown API);
 * the client never renders markdown or trusts HTML from anywhere else. The server sends task
 * list boxes disabled; with `taskList` (for those who may edit the text) they are enabled, and a
 * tick is sent as GitLab's `update_task`, every box waiting while it is saved.
 */
export function MarkdownBody({ html, taskList = null }: { html: string; taskList?: TaskList | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(taskList);
  useEffect(() => {
    latest.current = taskList;
  });
  const editable = taskList !== null;

  useEffect(() => {
    // A code block scrolls its long lines sideways: focusable, a keyboard can scroll it too.
    for (const block of ref.current?.querySelectorAll('pre') ?? []) block.tabIndex = 0;
  }, [html]);

  useEffect(() => {
    const root = ref.current;
    if (!root || !editable) return;
    const boxes = [...root.querySelectorAll<HTMLInputElement>(BOXES)];
    const setDisabled = (disabled: boolean) => boxes.forEach((box) => (box.disabled = disabled));
    setDisabled(false);
    const onChange = async (event: Event) => {
      const box = event.target;
      const current = latest.current;
      if (!(box instanceof HTMLInputElement) || !boxes.includes(box) || !current) return;
      const lineNumber = lineOf(box);
      setDisabled(true);
      const saved = await current.onToggle({
        index: boxes.indexOf(box) + 1,
        checked: box.checked,
        line_number: lineNumber,
        line_source: taskLineSource(current.source, lineNumber) ?? '',
      });
      if (!saved) box.checked = !box.checked;
      setDisabled(false);
    };
    const listener = (event: Event) => void onChange(event);
    root.addEventListener('change', listener);
    // A reader who may no longer edit (signed out, demoted) keeps the same HTML: disable it again.
    return () => {
      root.removeEventListener('change', listener);
      setDisabled(true);
    };
  }, [html, editable]);

  return <div ref={ref} className="markdown-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
