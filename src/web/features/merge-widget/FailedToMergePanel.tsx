import { XCircleIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useEffect, useState } from 'react';
import { failedToMergeCountdown, failedToMergeText } from '../../../shared/merge-widget/failedToMerge';
import { REFRESH_NOW } from '../../../shared/merge-widget/messages';
import { WidgetRow } from './WidgetRow';

/**
 * A merge from this page failed: its error, and a 10-second countdown (one tick a second) before
 * the widget refreshes by itself; 'Refresh now' does not wait. Polling is off meanwhile.
 */
export function FailedToMergePanel({ error, onRefresh }: { error: string | null; onRefresh: () => void }) {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  const countdown = failedToMergeCountdown(now - startedAt);

  useEffect(() => {
    if (countdown.kind === 'refresh') {
      onRefresh();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), countdown.nextTickMs);
    return () => clearTimeout(timer);
  }, [countdown, onRefresh]);

  return (
    <WidgetRow
      icon={<XCircleIcon className="mw-icon--danger" />}
      actions={
        <Button size="small" onClick={onRefresh}>
          {REFRESH_NOW}
        </Button>
      }
    >
      <p className="mw-title">{failedToMergeText(error)}</p>
      {countdown.kind === 'counting' && <p className="muted">{countdown.text}</p>}
    </WidgetRow>
  );
}
