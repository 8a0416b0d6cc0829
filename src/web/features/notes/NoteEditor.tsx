import { PaperclipIcon } from '@primer/octicons-react';
import { Flash, IconButton, Spinner } from '@primer/react';
import { useEffect, useRef, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { MarkdownEditor } from '../../components/MarkdownEditor';
import { useProjectFullPath } from '../projects/projectRoutes';
import { useNotesContext } from './NotesContext';
import { useUploadFile } from './useUploadFile';

type Props = {
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  /**
   * Ctrl/Cmd+Enter; `force` with Shift as well: post now where the key would add to a review
   * (`keySubmitHandler`). An edit is saved either way, as in GitLab.
   */
  onSubmit: (force: boolean) => void;
  onCancel: () => void;
  /** Up arrow in an empty editor: edit the viewer's last own note. */
  onEditLast?: () => void;
  autoFocus?: boolean;
};

/**
 * The markdown editor (Write / Preview, rendered by the server) with the note form's keyboard:
 * Ctrl/Cmd+Enter submits, Shift+Ctrl/Cmd+Enter forces the update (posts now, not to the review), Up
 * arrow edits the last own note, Escape cancels.
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
  const fileInput = useRef<HTMLInputElement>(null);
  const { notesData } = useNotesContext();
  const project = useProjectFullPath();
  const upload = useUploadFile(notesData);
  // Uploads finish after more typing; their link joins the text as it is then.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const attach = (files: Iterable<File>) => {
    for (const file of files) {
      upload.mutate(file, {
        onSuccess: ({ link }) => {
          const text = latest.current;
          onChange(`${text}${text && !text.endsWith('\n') ? '\n' : ''}${link.markdown}\n`);
        },
      });
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    attach(event.dataTransfer.files);
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (event.clipboardData.files.length === 0) return;
    event.preventDefault();
    attach(event.clipboardData.files);
  };

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
    <div ref={ref} className="note-editor" onKeyDown={onKeyDown} onDrop={onDrop} onPaste={onPaste}>
      <MarkdownEditor
        label={label}
        value={value}
        onChange={onChange}
        project={project}
        placeholder={placeholder}
      />
      <div className="note-editor__attach">
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-label="Attach a file"
          onChange={(event) => {
            if (event.target.files) attach(event.target.files);
            event.target.value = '';
          }}
        />
        <IconButton
          size="small"
          variant="invisible"
          icon={PaperclipIcon}
          aria-label="Attach a file or image"
          onClick={() => fileInput.current?.click()}
        />
        {upload.isPending && <Spinner size="small" srText="Uploading" />}
        {upload.isError && <Flash variant="danger">{upload.error.message}</Flash>}
      </div>
    </div>
  );
}
