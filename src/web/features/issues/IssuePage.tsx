import { Spinner } from '@primer/react';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { IssuePage as PageData } from '../../../shared/api/issues';
import { ApiError } from '../../api/client';
import { LoadProblem } from '../../components/LoadProblem';
import { MarkdownBody } from '../../components/MarkdownBody';
import { ActivitySection } from '../notes/ActivitySection';
import { useProjectFullPath } from '../projects/projectRoutes';
import { IncidentMetrics } from './IncidentMetrics';
import { IncidentTimeline } from './IncidentTimeline';
import { IssueEditForm } from './IssueEditForm';
import { IssueHeader } from './IssueHeader';
import { IssueSidebar } from './IssueSidebar';
import { issuePagePath, useIssuePage } from './queries';
import { useLiveIssue } from './useLiveIssue';
import './issues.css';

/** `{project}/-/issues/{iid}`: the issue, its sidebar, an incident's timeline, and the activity. */
export function IssuePage() {
  const fullPath = useProjectFullPath();
  const iid = Number(useParams().iid);
  if (!Number.isInteger(iid) || iid <= 0) return <LoadProblem error={new ApiError(404, 'Not found')} />;
  return <IssueLoader fullPath={fullPath} iid={iid} />;
}

function IssueLoader({ fullPath, iid }: { fullPath: string; iid: number }) {
  const page = useIssuePage(fullPath, iid);
  if (page.isPending) return <Spinner />;
  if (page.isError) return <LoadProblem error={page.error} />;
  return <Loaded fullPath={fullPath} issue={page.data} />;
}

function Loaded({ fullPath, issue }: { fullPath: string; issue: PageData }) {
  const [editing, setEditing] = useState(false);
  useLiveIssue(fullPath, issue.iid, issue.id);
  return (
    <div className="issue-page">
      <div className="stack issue-page__main">
        {editing ? (
          <IssueEditForm fullPath={fullPath} issue={issue} onDone={() => setEditing(false)} />
        ) : (
          <>
            <IssueHeader fullPath={fullPath} issue={issue} onEdit={() => setEditing(true)} />
            <section className="box issue-description" aria-label="Description">
              {issue.description_html ? (
                <MarkdownBody html={issue.description_html} />
              ) : (
                <p className="muted">No description provided.</p>
              )}
            </section>
          </>
        )}
        {issue.issue_type === 'incident' && (
          <>
            <IncidentMetrics fullPath={fullPath} iid={issue.iid} canEdit={issue.current_user.can_update} />
            <IncidentTimeline fullPath={fullPath} iid={issue.iid} />
          </>
        )}
        <ActivitySection notesDataPath={`${issuePagePath(fullPath, issue.iid)}/notes_data.json`} />
      </div>
      <IssueSidebar fullPath={fullPath} issue={issue} />
    </div>
  );
}
