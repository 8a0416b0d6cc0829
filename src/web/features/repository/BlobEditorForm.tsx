import {
  Button,
  ConfirmationDialog,
  Flash,
  FormControl,
  LinkButton,
  TextInput,
  Textarea,
} from '@primer/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { afterCommitUrl, defaultCommitMessage } from './blobEditing';
import { useCommitFile } from './mutations';
import { useUnsavedChangesPrompt } from './useUnsavedChangesPrompt';

type Props = {
  fullPath: string;
  mode: 'edit' | 'new';
  /** The branch the file is read from, and committed to unless another target is typed. */
  branch: string;
  initialPath: string;
  initialContent: string;
  lastCommitId: string | null;
  fromMergeRequestIid: number | null;
};

/** The editor's form: contents, commit message and target branch, then "Commit changes". */
export function BlobEditorForm({
  fullPath,
  mode,
  branch,
  initialPath,
  initialContent,
  lastCommitId,
  fromMergeRequestIid,
}: Props) {
  const navigate = useNavigate();
  const commit = useCommitFile(fullPath);
  const [path, setPath] = useState(initialPath);
  const [content, setContent] = useState(initialContent);
  const [message, setMessage] = useState(() => defaultCommitMessage(mode, initialPath));
  const [messageEdited, setMessageEdited] = useState(false);
  const [targetBranch, setTargetBranch] = useState(branch);
  const dirty = content !== initialContent || path !== initialPath;
  const { blocker, allowLeaving } = useUnsavedChangesPrompt(dirty && !commit.isSuccess);
  const newBranch = targetBranch.trim() !== branch;
  const cancelUrl = afterCommitUrl({
    fullPath,
    branch,
    committedBranch: branch,
    path: mode === 'edit' ? initialPath : '',
    fromMergeRequestIid,
  });

  function changePath(next: string) {
    setPath(next);
    // The default message names the file; keep it in step until the author writes their own.
    if (!messageEdited) setMessage(defaultCommitMessage(mode, next));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const committedBranch = targetBranch.trim();
    try {
      await commit.mutateAsync({
        action: mode === 'edit' ? 'update' : 'create',
        path,
        branch: committedBranch,
        startBranch: newBranch ? branch : null,
        message,
        content,
        lastCommitId,
      });
    } catch {
      return; // The form shows the server's refusal.
    }
    // Awaited rather than a `mutate` callback: the commit makes the file's page read it again, and
    // the form, keyed by the blob, may be a new one by now, whose callbacks a `mutate` never calls.
    allowLeaving();
    void navigate(afterCommitUrl({ fullPath, branch, committedBranch, path, fromMergeRequestIid }));
  }

  return (
    <form
      className="box blob-editor"
      onSubmit={(event) => void submit(event)}
      aria-label={mode === 'edit' ? 'Edit file' : 'New file'}
    >
      {commit.isError && (
        <Flash variant="danger" className="blob-editor__error">
          {commit.error.message}
        </Flash>
      )}
      <div className="box__header">
        {mode === 'edit' ? (
          <strong className="blob-editor__path">{path}</strong>
        ) : (
          <FormControl required className="blob-editor__name">
            <FormControl.Label visuallyHidden>File name</FormControl.Label>
            <TextInput
              value={path}
              onChange={(event) => changePath(event.target.value)}
              placeholder="File name"
              block
              monospace
            />
          </FormControl>
        )}
      </div>
      <Textarea
        className="blob-editor__content"
        aria-label={`Contents of ${path || 'the new file'}`}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        spellCheck={false}
        resize="vertical"
        rows={Math.min(Math.max(initialContent.split('\n').length + 2, 12), 40)}
        block
      />
      <div className="blob-editor__commit stack">
        <FormControl required>
          <FormControl.Label>Commit message</FormControl.Label>
          <Textarea
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              setMessageEdited(true);
            }}
            rows={3}
            block
          />
        </FormControl>
        <FormControl required>
          <FormControl.Label>Target branch</FormControl.Label>
          <TextInput
            value={targetBranch}
            onChange={(event) => setTargetBranch(event.target.value)}
            monospace
          />
          {newBranch && targetBranch.trim() !== '' && (
            <FormControl.Caption>A new branch is created from {branch}.</FormControl.Caption>
          )}
        </FormControl>
        <div className="blob-editor__actions">
          <Button type="submit" variant="primary" loading={commit.isPending} disabled={path.trim() === ''}>
            Commit changes
          </Button>
          <LinkButton as={RouterLink} to={cancelUrl}>
            Cancel
          </LinkButton>
        </div>
      </div>
      {blocker.state === 'blocked' && (
        <ConfirmationDialog
          title="Leave without committing?"
          confirmButtonContent="Leave"
          cancelButtonContent="Keep editing"
          confirmButtonType="danger"
          onClose={(gesture) => (gesture === 'confirm' ? blocker.proceed() : blocker.reset())}
        >
          Your changes to {path || 'the new file'} have not been committed and will be lost.
        </ConfirmationDialog>
      )}
    </form>
  );
}
