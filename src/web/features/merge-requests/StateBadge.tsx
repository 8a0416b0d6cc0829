import { StateLabel } from '@primer/react';
import type { MergeRequest } from '../../../shared/api/mergeRequests';
import { mergeRequestBadge } from './mergeRequestBadge';

export function StateBadge({
  mergeRequest,
  small,
}: {
  mergeRequest: Pick<MergeRequest, 'state' | 'draft'>;
  small?: boolean;
}) {
  const badge = mergeRequestBadge(mergeRequest);
  return (
    <StateLabel status={badge.status} size={small ? 'small' : 'medium'}>
      {badge.text}
    </StateLabel>
  );
}
