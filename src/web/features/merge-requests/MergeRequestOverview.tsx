import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { MarkdownBody } from './MarkdownBody';

/** The overview tab: the description as the server rendered it. */
export function MergeRequestOverview({ mergeRequest }: { mergeRequest: MergeRequestPage }) {
  return (
    <section className="box mr-description" aria-label="Description">
      {mergeRequest.description_html ? (
        <MarkdownBody html={mergeRequest.description_html} />
      ) : (
        <p className="muted">No description provided.</p>
      )}
    </section>
  );
}
