import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { ActivitySection } from '../notes/ActivitySection';
import { MarkdownBody } from '../../components/MarkdownBody';
import { MergeWidget } from '../merge-widget/MergeWidget';
import { MergeRequestSidebar } from './MergeRequestSidebar';

/** The overview tab: the description as the server rendered it, the merge widget, the activity, and the sidebar. */
export function MergeRequestOverview({
  fullPath,
  mergeRequest,
}: {
  fullPath: string;
  mergeRequest: MergeRequestPage;
}) {
  return (
    <div className="mr-overview">
      <div className="stack mr-overview__main">
        <section className="box mr-description" aria-label="Description">
          {mergeRequest.description_html ? (
            <MarkdownBody html={mergeRequest.description_html} />
          ) : (
            <p className="muted">No description provided.</p>
          )}
        </section>
        <MergeWidget fullPath={fullPath} mergeRequest={mergeRequest} />
        <ActivitySection
          notesDataPath={`/${fullPath}/-/merge_requests/${mergeRequest.iid}/notes_data.json`}
        />
      </div>
      <MergeRequestSidebar fullPath={fullPath} mergeRequest={mergeRequest} />
    </div>
  );
}
