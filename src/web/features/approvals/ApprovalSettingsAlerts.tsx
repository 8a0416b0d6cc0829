import { Flash } from '@primer/react';
import { APPROVAL_SETTINGS_MESSAGES } from '../../../shared/approvals';

/** What a save of approval settings ended in, at any level: the spec's success or error text. */
export function ApprovalSettingsAlerts({ saved, failed }: { saved: boolean; failed: boolean }) {
  return (
    <>
      {saved && (
        <Flash variant="success" role="status">
          {APPROVAL_SETTINGS_MESSAGES.updateSuccess}
        </Flash>
      )}
      {failed && (
        <Flash variant="danger" role="alert">
          {APPROVAL_SETTINGS_MESSAGES.updateError}
        </Flash>
      )}
    </>
  );
}
