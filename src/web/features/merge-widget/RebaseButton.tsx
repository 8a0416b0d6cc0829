import { Button, useConfirm } from '@primer/react';
import { ApiError } from '../../api/client';
import {
  REBASE_CONFIRMATION_TEXT,
  REBASE_CONFIRMATION_TITLE,
} from '../../../shared/merge-widget/mergeValidation';
import { rebaseErrorMessage } from '../../../shared/merge-widget/messages';
import { useRebase } from './mutations';

type Props = {
  fullPath: string;
  iid: number;
  rebasePath: string;
  inProgress: boolean;
  onScheduled: () => void;
  onFailed: (message: string) => void;
};

/** Rebase, after the spec's confirmation; the server's words are shown when it refuses. */
export function RebaseButton({ fullPath, iid, rebasePath, inProgress, onScheduled, onFailed }: Props) {
  const confirm = useConfirm();
  const rebase = useRebase(fullPath, iid);
  const start = async () => {
    const confirmed = await confirm({
      title: REBASE_CONFIRMATION_TITLE,
      content: REBASE_CONFIRMATION_TEXT,
      confirmButtonContent: 'Rebase',
    });
    if (!confirmed) return;
    rebase.mutate(rebasePath, {
      onSuccess: onScheduled,
      onError: (error) => onFailed(rebaseErrorMessage(error instanceof ApiError ? error.message : null)),
    });
  };
  const busy = inProgress || rebase.isPending;
  return (
    <Button size="small" loading={busy} disabled={busy} onClick={() => void start()}>
      {inProgress ? 'Rebase in progress' : 'Rebase source branch'}
    </Button>
  );
}
