import { Link, RelativeTime } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { MergeRequest } from '../../../shared/api/mergeRequests';
import { LabelChips } from '../../components/LabelChip';
import { NoteAvatar } from '../notes/NoteAvatar';
import { StateBadge } from './StateBadge';
import './merge-requests.css';

type Props = {
  mergeRequest: MergeRequest;
  /** The request's page in this app. */
  href: string;
  /** Where a label chip leads (the list filtered by it); plain chips without it. */
  labelLink?: (name: string) => string;
  /** The reference to show: `!3` in a project's list, `group/project!3` across projects. */
  reference: string;
};

/** One row of a merge request list: title, labels, who and when, branches, state and reviewers. */
export function MergeRequestRow({ mergeRequest: mr, href, labelLink, reference }: Props) {
  return (
    <li className="box__row mr-list__row">
      <div className="mr-list__main">
        <Link as={RouterLink} to={href} className="mr-list__title">
          {mr.title}
        </Link>
        <LabelChips labels={mr.labels} linkOf={labelLink} />
        <div className="muted mr-list__meta">
          {reference} · created <RelativeTime date={new Date(mr.created_at)} /> by{' '}
          {mr.author?.name ?? 'a deleted user'}
          {' · '}
          <span className="mr-branch">{mr.source_branch}</span> →{' '}
          <span className="mr-branch">{mr.target_branch}</span>
        </div>
      </div>
      <div className="mr-list__side muted">
        {mr.state !== 'opened' || mr.draft ? <StateBadge mergeRequest={mr} small /> : null}
        {mr.reviewers.length > 0 && (
          <ul className="mr-list__reviewers" aria-label="Reviewers">
            {mr.reviewers.map((user) => (
              <li key={user.id}>
                <span
                  role="img"
                  aria-label={`Review requested from ${user.name}`}
                  title={`Review requested from ${user.name}`}
                >
                  <NoteAvatar author={user} size={16} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <span>
          updated <RelativeTime date={new Date(mr.updated_at)} />
        </span>
      </div>
    </li>
  );
}
