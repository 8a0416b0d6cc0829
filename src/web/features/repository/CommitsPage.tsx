import { Heading, RelativeTime } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { CommitJson } from '../../../shared/api/repository';
import { projectUrl } from '../projects/projectRoutes';
import { LoadState } from './LoadState';
import { PageLinks, usePageParam } from './PageLinks';
import { RefSwitcher } from './RefSwitcher';
import { COMMITS_PER_PAGE, useCommits } from './queries';
import { groupByDay, refPage } from './repositoryPaths';
import { AtRefAndPath } from './AtRefAndPath';
import './repository.css';

const dayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** `{project}/-/commits/{ref}/{path}`: the history of a branch (or of one path on it), by day. */
export function CommitsPage() {
  return <AtRefAndPath what="commits">{(at) => <CommitHistory {...at} />}</AtRefAndPath>;
}

function CommitHistory({ fullPath, gitRef, path }: { fullPath: string; gitRef: string; path: string }) {
  const page = usePageParam();
  const commits = useCommits(fullPath, gitRef, path, page);
  return (
    <div className="stack">
      <div className="repo-toolbar">
        <RefSwitcher
          fullPath={fullPath}
          currentRef={gitRef}
          linkFor={(ref) => projectUrl(fullPath, refPage('commits', ref, path))}
        />
        <Heading as="h1" className="repo-title">
          Commits{path && <span className="muted"> in {path}</span>}
        </Heading>
      </div>
      {commits.status === 'success' ? (
        commits.data.items.length === 0 ? (
          <div className="box blankslate">No commits yet</div>
        ) : (
          groupByDay(commits.data.items, (date) => dayFormat.format(date)).map((group) => (
            <section key={group.day} aria-label={`Commits on ${group.day}`}>
              <h2 className="commit-day">{group.day}</h2>
              <ul className="box commit-list">
                {group.commits.map((commit) => (
                  <CommitRow key={commit.id} fullPath={fullPath} commit={commit} />
                ))}
              </ul>
            </section>
          ))
        )
      ) : (
        <LoadState error={commits.error} what="commit history" />
      )}
      <PageLinks total={commits.data?.total} perPage={COMMITS_PER_PAGE} />
    </div>
  );
}

function CommitRow({ fullPath, commit }: { fullPath: string; commit: CommitJson }) {
  return (
    <li className="box__row commit-row">
      <div className="commit-row__main">
        <RouterLink className="commit-row__title" to={projectUrl(fullPath, `commit/${commit.id}`)}>
          {commit.title}
        </RouterLink>
        <div className="muted">
          {commit.author_name} authored <RelativeTime date={new Date(commit.authored_date)} />
        </div>
      </div>
      <RouterLink
        className="commit-sha"
        to={projectUrl(fullPath, `commit/${commit.id}`)}
        aria-label={`Commit ${commit.short_id}`}
      >
        {commit.short_id}
      </RouterLink>
    </li>
  );
}
