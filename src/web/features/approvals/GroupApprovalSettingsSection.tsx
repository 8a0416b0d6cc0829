import { Heading } from '@primer/react';
import { ApprovalSettingsForm } from './ApprovalSettingsForm';
import './approvals.css';

/**
 * Group > Settings > Merge requests > "Merge request approvals": the group's settings, which reach
 * every project and subgroup inside it.
 */
export function GroupApprovalSettingsSection({ fullPath }: { fullPath: string }) {
  return (
    <section className="box settings-section stack" aria-label="Merge request approvals">
      <Heading as="h2" variant="small">
        Merge request approvals
      </Heading>
      <p className="muted">
        These settings reach every project and subgroup in this group: what you restrict here cannot be
        relaxed below.
      </p>
      <ApprovalSettingsForm target={{ kind: 'groups', fullPath }} />
    </section>
  );
}
