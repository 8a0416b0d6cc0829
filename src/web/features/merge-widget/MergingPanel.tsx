import { Spinner } from '@primer/react';
import { useState } from 'react';
import { pickMergingMessage } from '../../../shared/merge-widget/mergingMessages';
import { WidgetRow } from './WidgetRow';

/** While the merge runs: one of the nine "Merging!" texts, picked once when the panel appears. */
export function MergingPanel() {
  const [message] = useState(() => pickMergingMessage(Math.random));
  return (
    <WidgetRow icon={<Spinner size="small" />}>
      <span className="mw-title" role="status">
        {message}
      </span>
    </WidgetRow>
  );
}
