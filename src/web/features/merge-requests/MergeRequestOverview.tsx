import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { ActivitySection } from '../notes/ActivitySection';
import { Flash } from '@primer/react';
import { NoteableAwards } from '../notes/NoteableAwards';
import { MarkdownBody } from '../../components/MarkdownBody';
import { useDescriptionTaskList } from '../../components/useDescriptionTaskList';
import { notesKeys } from '../notes/queries';
import { mergeRequestPagePath, notesDataPath } from '../../lib/mergeRequests';
import { MergeWidget } from '../merge-widget/MergeWidget';
import { MergeRequestSidebar } from './MergeRequestSidebar';
import { mergeRequestKeys, mergeRequestsApi } from '../../lib/mergeRequests';

/**
 * The overview tab: the description as the server rendered it with the request's award bar, the
 * merge widget, the activity, and the sidebar.
 */
export function MergeRequestOverview({
  fullPath,
  mergeRequest,
}: {
  fullPath: string;
  mergeRequest: MergeRequestPage;
}) {
  const pagePath = mergeRequestPagePath(fullPath, mergeRequest.iid);
  const tasks = useDescriptionTaskList({
    url: `${pagePath}.json`,
    field: 'merge_request',
    queryKey: mergeRequestKeys.page(fullPath, mergeRequest.iid),
    page: mergeRequest,
    editable: mergeRequest.current_user.can_update,
    alsoRefresh: notesKeys.all,
  });
  return (
    <div className="mr-overview">
      <div className="stack mr-overview__main">
        <section className="box mr-description" aria-label="Description">
          {tasks.error && <Flash variant="danger">{tasks.error.message}</Flash>}
          {mergeRequest.description_html ? (
            <MarkdownBody html={mergeRequest.description_html} taskList={tasks.taskList} />
          ) : (
            <p className="muted">No description provided.</p>
          )}
        </section>
        <NoteableAwards
          notesDataPath={notesDataPath(fullPath, mergeRequest.iid)}
          awardsPath={`${mergeRequestsApi(fullPath)}/${mergeRequest.iid}/award_emoji`}
          togglePath={`${pagePath}/toggle_award_emoji`}
        />
        <MergeWidget fullPath={fullPath} mergeRequest={mergeRequest} />
        <ActivitySection notesDataPath={notesDataPath(fullPath, mergeRequest.iid)} />
      </div>
      <MergeRequestSidebar fullPath={fullPath} mergeRequest={mergeRequest} />
    </div>
  );
}
