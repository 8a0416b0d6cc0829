import { Flash } from '@primer/react';
import {
  pipelineGraphErrorText,
  serializeGraphLoadError,
  type PipelineErrorKey,
} from '../../../shared/ci/views/pipelineErrors';
import { graphLoadErrorOf } from './graphLoadError';

/**
 * The graph's alert for an error key; a load failure carries what failed, written as GitLab
 * reports it (message, locations and path; or "Network error: ..."), under Details.
 */
export function PipelineGraphAlert({ errorKey, cause }: { errorKey: PipelineErrorKey; cause?: unknown }) {
  return (
    <Flash variant="danger" role="alert" className="ci-graph-alert">
      {pipelineGraphErrorText(errorKey)}
      {cause !== undefined && (
        <details className="ci-graph-alert__details">
          <summary>Details</summary>
          <code>{serializeGraphLoadError(graphLoadErrorOf(cause))}</code>
        </details>
      )}
    </Flash>
  );
}
