import { useEffect, useRef, type KeyboardEvent } from 'react';
import { MarkdownEditor } from '../../components/MarkdownEditor';

type Props = {
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  /** Ctrl/Cmd+Enter; `force` with Shift as well (submit even what would otherwise be refused). */
  onSubmit: (force: boolean) => void;
  onCancel: () => void;
  /** Up arrow in an empty editor: edit the viewer's last own note. */
  onEditLast?: () => void;
  autoFocus?: boolean;
};

/**
 * The markdown editor (Write / Preview, rendered by the server) with the note form's keyboard:
 * Ctrl/Cmd+Enter submits, Shift+Ctrl/Cmd+Enter forces, Up arrow edits the last own note, Escape cancels.
 */
export function NoteEditor({
  label,
  value,
  onChange,
  placeholder,
  onSubmit,
  onCancel,
  onEditLast,
  autoFocus,
}: Props) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!autoFocus) return;
    const textarea = ref.current?.querySelector('textarea');
    textarea?.focus();
    textarea?.setSelectionRange(textarea.value.length, textarea.value.length);
  }, [autoFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLTextAreaElement)) return;
    const modifier = event.ctrlKey || event.metaKey;
    if (event.key === 'Enter' && modifier) {
      event.preventDefault();
      onSubmit(event.shiftKey);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (
      event.key === 'ArrowUp' &&
      !modifier &&
      !event.shiftKey &&
      !event.altKey &&
      value === '' &&
      onEditLast
    ) {
      event.preventDefault();
      onEditLast();
    }
  };

  return (
    <div ref={ref} className="note-editor" onKeyDown={onKeyDown}>
      <MarkdownEditor label={label} value={value} onChange={onChange} placeholder={placeholder} />
    </div>
  );
}
