import type { Issue, IssueDetail, IssuePage, TimelineEvent } from '../../../shared/api/issues';
import { taskCompletionStatus } from '../../../shared/merge-requests/taskCompletion';
import type { Config } from '../../config';
import type { MarkdownWriter } from '../references/references.service';
import { presentUserBasic } from '../users/user.presenter';
import type { PersonRow, TimelineEventRecord } from './issues.repo';
import type { IssuePermissions, IssueView } from './issues.service';
import { formatDuration } from '../../../shared/quick-actions/timeDuration';

type UrlConfig = Pick<Config, 'externalUrl'>;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** GitLab's `API::Entities::Issue`, field for field; features this server lacks (milestones) answer empty. */
export function presentIssue(record: IssueView, config: UrlConfig): Issue {
  const issue = record.issue;
  const user = (row: PersonRow | null) => (row ? presentUserBasic(row, config) : null);
  const assignees = record.assignees.map((row) => presentUserBasic(row, config));
  const reference = `#${issue.iid}`;
  const tasks = taskCompletionStatus(issue.description);
  const api = `${config.externalUrl}/api/v4/projects/${issue.projectId}`;
  return {
    id: issue.id,
    iid: issue.iid,
    project_id: issue.projectId,
    title: issue.title,
    description: issue.description,
    state: issue.state,
    created_at: issue.createdAt.toISOString(),
    updated_at: issue.updatedAt.toISOString(),
    closed_at: iso(issue.closedAt),
    closed_by: user(record.closedBy),
    labels: record.labels.map((label) => label.title),
    milestone: null,
    assignees,
    author: user(record.author),
    type: issue.issueType === 'incident' ? 'INCIDENT' : 'ISSUE',
    assignee: assignees[0] ?? null,
    user_notes_count: record.counts.userNotes,
    merge_requests_count: record.counts.mergeRequests,
    upvotes: record.votes.upvotes,
    downvotes: record.votes.downvotes,
    due_date: null,
    confidential: issue.confidential,
    discussion_locked: issue.discussionLocked,
    issue_type: issue.issueType,
    web_url: `${config.externalUrl}/${record.projectFullPath}/-/issues/${issue.iid}`,
    time_stats: {
      time_estimate: issue.timeEstimate,
      total_time_spent: 0,
      human_time_estimate: issue.timeEstimate > 0 ? formatDuration(issue.timeEstimate) : null,
      human_total_time_spent: null,
    },
    task_completion_status: tasks,
    has_tasks: tasks.count > 0,
    task_status:
      tasks.count > 0 ? `${tasks.completed_count} of ${tasks.count} checklist items completed` : '',
    references: { short: reference, relative: reference, full: `${record.projectFullPath}${reference}` },
    severity: 'UNKNOWN',
    moved_to_id: null,
    imported: false,
    imported_from: 'none',
    _links: {
      self: `${api}/issues/${issue.iid}`,
      notes: `${api}/issues/${issue.iid}/notes`,
      award_emoji: `${api}/issues/${issue.iid}/award_emoji`,
      project: api,
      closed_as_duplicate_of: null,
    },
  };
}

export function presentIssueDetail(record: IssueView, config: UrlConfig): IssueDetail {
  return { ...presentIssue(record, config), subscribed: false };
}

/** The page's JSON: the REST detail with rendered HTML and what the viewer may do. */
export function presentIssuePage(
  record: IssueView,
  permissions: IssuePermissions,
  project: { archived: boolean },
  config: UrlConfig,
  markdown: MarkdownWriter,
): IssuePage {
  return {
    ...presentIssueDetail(record, config),
    title_html: markdown.inline(record.issue.title),
    description_html: markdown.html(record.issue.description),
    lock_version: record.issue.lockVersion,
    project_full_path: record.projectFullPath,
    project_archived: project.archived,
    current_user: {
      can_update: permissions.canUpdate,
      can_set_issue_metadata: permissions.canSetMetadata,
      can_create_note: permissions.canCreateNote,
      can_destroy: permissions.canDestroy,
      can_add_timeline_events: permissions.canAddTimelineEvents,
    },
  };
}

export function presentTimelineEvent(
  record: TimelineEventRecord,
  config: UrlConfig,
  markdown: MarkdownWriter,
): TimelineEvent {
  const event = record.event;
  return {
    id: event.id,
    issue_id: event.issueId,
    note: event.note,
    note_html: markdown.html(event.note),
    occurred_at: event.occurredAt.toISOString(),
    created_at: event.createdAt.toISOString(),
    author: record.author ? presentUserBasic(record.author, config) : null,
    promoted_from_note_id: event.noteId,
    internal: event.internal,
  };
}
