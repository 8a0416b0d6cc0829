import { Flash, Heading } from '@primer/react';
import { InstanceApprovalSettingsForm } from '../approvals/InstanceApprovalSettingsForm';
import { RequireSignIn } from '../session/RequireSignIn';
import { AdminNav } from './AdminNav';
import './admin.css';

/**
 * `/admin/push_rule`: where GitLab's admin area keeps the instance's merge request approval
 * settings, for administrators.
 */
export function PushRulesPage() {
  return (
    <RequireSignIn>
      {(user) => (
        <div className="stack admin-page">
          {user.admin && <AdminNav />}
          <Heading as="h1">Push rules</Heading>
          {user.admin ? (
            <InstanceApprovalSettingsForm />
          ) : (
            <Flash variant="danger">Only administrators can change the instance&apos;s settings.</Flash>
          )}
        </div>
      )}
    </RequireSignIn>
  );
}
