import { ApprovalsWidget } from '../approvals/ApprovalsWidget';
import { useSession } from '../../lib/useSession';
import { viewerAccessLevel } from '../../lib/viewerAccessLevel';
import { useProject } from '../projects/queries';

const DEVELOPER = 30;
const MAINTAINER = 40;

/**
 * "Assign reviewers" opens the sidebar's reviewers picker: its Edit button, where the sidebar
 * shows one (it lives in another feature, so it is found on the page, not imported).
 */
function openReviewersPicker() {
  const block = document.querySelector<HTMLElement>('section[aria-label="Reviewers"]');
  block?.scrollIntoView({ block: 'center' });
  block?.querySelector<HTMLButtonElement>('button')?.click();
}

/** The approvals section, with what the viewer's role allows around it. */
export function MergeWidgetApprovals({
  fullPath,
  iid,
  version,
  onChanged,
}: {
  fullPath: string;
  iid: number;
  version: string | null;
  onChanged: () => void;
}) {
  const project = useProject(fullPath);
  const admin = useSession().data?.user?.admin ?? false;
  const level = project.data ? viewerAccessLevel(project.data, admin) : 0;
  return (
    <ApprovalsWidget
      fullPath={fullPath}
      iid={iid}
      version={version}
      adminMergeRequest={level >= DEVELOPER}
      settingsPath={level >= MAINTAINER ? `/${fullPath}/-/settings/merge_requests` : null}
      onChanged={onChanged}
      onAssignReviewers={openReviewersPicker}
    />
  );
}
