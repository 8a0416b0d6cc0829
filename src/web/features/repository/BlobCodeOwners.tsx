import { Link } from '@primer/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { useBlobCodeOwners } from './queries';

const LOAD_ERROR = 'An error occurred while loading code owners.';

/**
 * "Code owners: @a, @b" above a file, from the CODEOWNERS of the commit the page shows: one line per
 * section that owns the file, named where it is not the default section. Nothing when no
 * CODEOWNERS or no line owns the file.
 */
export function BlobCodeOwners({
  fullPath,
  commitSha,
  path,
}: {
  fullPath: string;
  commitSha: string;
  path: string;
}) {
  const owners = useBlobCodeOwners(fullPath, commitSha, path);
  if (owners.isError)
    return (
      <p className="blob-code-owners muted" role="alert">
        {LOAD_ERROR}
      </p>
    );
  if (!owners.data || owners.data.sections.length === 0) return null;
  return (
    <dl className="blob-code-owners" aria-label="Code owners">
      {owners.data.sections.map((section) => (
        <div key={section.name ?? ''} className="blob-code-owners__section">
          <dt>{section.name === null ? 'Code owners:' : `Code owners (${section.name}):`}</dt>
          <dd>
            {section.owners.map((owner, index) => (
              <Fragment key={owner.id}>
                {index > 0 && ', '}
                <Link as={RouterLink} to={owner.web_url} title={owner.name}>
                  @{owner.username}
                </Link>
              </Fragment>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
