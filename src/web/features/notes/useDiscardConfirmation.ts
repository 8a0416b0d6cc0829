import { useConfirm } from '@primer/react';
import {
  CANCEL_REPLY_CONFIRM,
  cancelReplyConfirmText,
  needsCancelConfirmation,
} from '../../../shared/notes/confirmations';

/**
 * Spec 001 section 5: cancelling a new comment or reply that holds text asks first ("Discard
 * changes" / "Continue editing"); an empty one just closes. Resolves true when it may close.
 */
export function useDiscardConfirmation(): (text: string, internal: boolean) => Promise<boolean> {
  const confirm = useConfirm();
  return async (text, internal) => {
    if (!needsCancelConfirmation(text, '')) return true;
    return confirm({
      title: cancelReplyConfirmText(internal),
      content: null,
      confirmButtonContent: CANCEL_REPLY_CONFIRM.confirm,
      cancelButtonContent: CANCEL_REPLY_CONFIRM.cancel,
      confirmButtonType: 'danger',
    });
  };
}
