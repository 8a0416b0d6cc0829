import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { ActivitySection } from '../notes/ActivitySection';
import { MarkdownBody } from '../../components/MarkdownBody';
import { MergeWidget } from '../merge-widget/MergeWidget';

/** The overview tab: the description as the server rendered it, the merge widget, then the activity. */
export function MergeRequestOverview({
  fullPath,
  mergeRequest,
}: {
  fullPath: string;
  mergeRequest: MergeRequestPage;
}) {
  return (
    <>
      <section className="box mr-description" aria-label="Description">
        {mergeRequest.description_html ? (
          <MarkdownBody html={mergeRequest.description_html} />
        ) : (
          <p className="muted">No description provided.</p>
        )}
      </section>
      <MergeWidget fullPath={fullPath} mergeRequest={mergeRequest} />
      <ActivitySection notesDataPath={`/${fullPath}/-/merge_requests/${mergeRequest.iid}/notes_data.json`} />
    </>
  );
}
