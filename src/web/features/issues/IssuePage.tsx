import { Flash, Spinner } from '@primer/react';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { IssuePage as PageData } from '../../../shared/api/issues';
import { ApiError } from '../../api/client';
import { LoadProblem } from '../../components/LoadProblem';
import { MarkdownBody } from '../../components/MarkdownBody';
import { useLiveNoteable } from '../../components/useLiveNoteable';
import { useDescriptionTaskList } from '../../components/useDescriptionTaskList';
import { notesKeys } from '../notes/queries';
import { ActivitySection } from '../notes/ActivitySection';
import { NoteableAwards } from '../notes/NoteableAwards';
import { useProjectFullPath } from '../projects/projectRoutes';
import { IncidentMetrics } from './IncidentMetrics';
import { IncidentTimeline } from './IncidentTimeline';
import { IssueEditForm } from './IssueEditForm';
import { IssueHeader } from './IssueHeader';
import { IssueSidebar } from './IssueSidebar';
import { issueKeys, issuePagePath, issuesApi, useIssuePage } from './queries';
import './issues.css';

/**
 * `{project}/-/issues/{iid}`: the issue's header, its sidebar beside it (after the header on narrow
 * screens), the description, an incident's timeline, and the activity.
 */
export function IssuePage() {
  const fullPath = useProjectFullPath();
  const iid = Number(useParams().iid);
  if (!Number.isInteger(iid) || iid <= 0) return <LoadProblem error={new ApiError(404, 'Not found')} />;
  return <IssueLoader fullPath={fullPath} iid={iid} />;
}

function IssueLoader({ fullPath, iid }: { fullPath: string; iid: number }) {
  const page = useIssuePage(fullPath, iid);
  if (page.isPending) return <Spinner />;
  // A failed background refresh keeps the page as it was loaded (and its forms) on screen.
  if (page.isError && !page.data) return <LoadProblem error={page.error} />;
  if (!page.data) return <Spinner />;
  return <Loaded fullPath={fullPath} issue={page.data} />;
}

function Loaded({ fullPath, issue }: { fullPath: string; issue: PageData }) {
  const [editing, setEditing] = useState(false);
  useLiveNoteable(`gid://gitlab/Issue/${issue.id}`, issueKeys.page(fullPath, issue.iid));
  const tasks = useDescriptionTaskList({
    url: `${issuePagePath(fullPath, issue.iid)}.json`,
    field: 'issue',
    queryKey: issueKeys.page(fullPath, issue.iid),
    page: issue,
    editable: issue.current_user.can_update,
    alsoRefresh: notesKeys.all,
  });
  const notesDataPath = `${issuePagePath(fullPath, issue.iid)}/notes_data.json`;
  return (
    <div className="issue-page">
      <div className="issue-page__head">
        {editing ? (
          <IssueEditForm fullPath={fullPath} issue={issue} onDone={() => setEditing(false)} />
        ) : (
          <IssueHeader fullPath={fullPath} issue={issue} onEdit={() => setEditing(true)} />
        )}
      </div>
      <div className="stack issue-page__main">
        {!editing && (
          <section className="box issue-description" aria-label="Description">
            {tasks.error && <Flash variant="danger">{tasks.error.message}</Flash>}
            {issue.description_html ? (
              <MarkdownBody html={issue.description_html} taskList={tasks.taskList} />
            ) : (
              <p className="muted">No description provided.</p>
            )}
          </section>
        )}
        <NoteableAwards
          notesDataPath={notesDataPath}
          awardsPath={`${issuesApi(fullPath)}/${issue.iid}/award_emoji`}
          togglePath={`${issuePagePath(fullPath, issue.iid)}/toggle_award_emoji`}
        />
        {issue.issue_type === 'incident' && (
          <>
            <IncidentMetrics fullPath={fullPath} iid={issue.iid} canEdit={issue.current_user.can_update} />
            <IncidentTimeline fullPath={fullPath} iid={issue.iid} />
          </>
        )}
        <ActivitySection notesDataPath={notesDataPath} />
      </div>
      <IssueSidebar fullPath={fullPath} issue={issue} />
    </div>
  );
}
