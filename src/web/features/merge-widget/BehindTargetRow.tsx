import { GitBranchIcon } from '@primer/octicons-react';
import type { ReactNode } from 'react';
import { WidgetRow } from './WidgetRow';

/** A source branch that lacks target commits, which a rebase would bring in (GitLab's words). */
export function BehindTargetRow({ count, children }: { count: number; children: ReactNode }) {
  return (
    <WidgetRow icon={<GitBranchIcon className="mw-icon--muted" />} actions={children}>
      The source branch is{' '}
      <strong>
        {count} {count === 1 ? 'commit' : 'commits'} behind
      </strong>{' '}
      the target branch
    </WidgetRow>
  );
}
