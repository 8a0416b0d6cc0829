import { useConfirm } from '@primer/react';
import { commentTypeOf, deleteConfirmText } from '../../../shared/notes/confirmations';

/** Spec 001 section 5: asks before a comment, internal note or pending comment is deleted. */
export function useDeleteConfirmation(): (subject: {
  internal: boolean;
  isDraft?: boolean;
}) => Promise<boolean> {
  const confirm = useConfirm();
  return (subject) => {
    const type = commentTypeOf(subject);
    return confirm({
      title: `Delete ${type}`,
      content: deleteConfirmText(type),
      confirmButtonContent: `Delete ${type}`,
      confirmButtonType: 'danger',
    });
  };
}
