import { Heading } from '@primer/react';
import { ApprovalRulesSection } from './ApprovalRulesSection';
import { ApprovalSettingsForm } from './ApprovalSettingsForm';
import './approvals.css';

/** Settings > Merge requests > "Merge request approvals": the rules, then the approval settings. */
export function MergeRequestApprovalsSection({ fullPath }: { fullPath: string }) {
  return (
    <section className="box settings-section stack" aria-label="Merge request approvals">
      <Heading as="h2" variant="small">
        Merge request approvals
      </Heading>
      <p className="muted">
        Define approval rules and settings to ensure separation of duties for new merge requests.
      </p>
      <ApprovalRulesSection fullPath={fullPath} />
      <ApprovalSettingsForm target={{ kind: 'projects', fullPath }} />
    </section>
  );
}
