import { RocketIcon, XIcon } from '@primer/octicons-react';
import { IconButton, LinkButton } from '@primer/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import {
  PIPELINE_SUGGESTION_TEXT,
  showPipelineSuggestion,
} from '../../../shared/merge-widget/pipelineSuggestion';
import { useDismissCallout } from './mutations';

/**
 * "Looks like there's no pipeline here.": invites someone who may push to the source branch to add
 * a CI configuration there. Closing it hides it at once and is remembered for them (a user
 * callout); polls may still carry the old flag until the page is loaded again.
 */
export function PipelineSuggestionCard({ cached, widget }: { cached: CachedWidget; widget: Widget }) {
  const dismiss = useDismissCallout();
  const [dismissed, setDismissed] = useState(false);
  const addCiConfigPath = widget.merge_request_add_ci_config_path;
  const shown = showPipelineSuggestion({
    hasCi: cached.has_ci,
    addCiConfigPath,
    dismissed: dismissed || widget.is_dismissed_suggest_pipeline,
  });
  if (!shown || addCiConfigPath === null) return null;
  return (
    <div className="box mw-suggestion" role="region" aria-label="Pipeline suggestion">
      <RocketIcon className="mw-suggestion__icon" size={24} />
      <div className="mw-suggestion__body">
        <p className="mw-title">{PIPELINE_SUGGESTION_TEXT}</p>
        <LinkButton as={RouterLink} to={addCiConfigPath} variant="primary" size="small">
          Try out pipelines
        </LinkButton>
      </div>
      <IconButton
        icon={XIcon}
        aria-label="Dismiss"
        variant="invisible"
        size="small"
        onClick={() => {
          setDismissed(true);
          dismiss.mutate({
            path: widget.user_callouts_path,
            featureName: widget.suggest_pipeline_feature_id,
          });
        }}
      />
    </div>
  );
}
