import { RocketIcon } from '@primer/octicons-react';
import { LinkButton } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { newBlobPage } from '../../../shared/repository/blobPages';
import type { PipelineScope } from './queries';

/** GitLab's words for a list without pipelines; who may push is invited to add a CI configuration. */
export const NO_PIPELINES = 'There are currently no pipelines.';

type Props = {
  fullPath: string;
  /** A tab of the list: its own words, and no invitation (the project may well have pipelines). */
  scope?: PipelineScope | null;
  /** The branch a new `.gitlab-ci.yml` goes to; null: no invitation (the viewer may not push). */
  configBranch: string | null;
};

export function PipelinesEmptyState({ fullPath, scope = null, configBranch }: Props) {
  if (scope !== null)
    return (
      <div className="box blankslate ci-empty">
        <h2 className="ci-empty__title">
          {scope === 'finished' ? 'There are currently no finished pipelines.' : NO_PIPELINES}
        </h2>
      </div>
    );
  return (
    <div className="box blankslate ci-empty">
      <RocketIcon size={32} />
      <h2 className="ci-empty__title">{NO_PIPELINES}</h2>
      <p>
        Pipelines run the jobs of a <code>.gitlab-ci.yml</code> file at the root of the repository, on every
        push.
      </p>
      {configBranch !== null && (
        <LinkButton
          as={RouterLink}
          to={newBlobPage(fullPath, configBranch, '.gitlab-ci.yml')}
          variant="primary"
        >
          Create .gitlab-ci.yml
        </LinkButton>
      )}
    </div>
  );
}
