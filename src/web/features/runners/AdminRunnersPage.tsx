import { Flash, Heading } from '@primer/react';
import { AdminNav } from '../admin/AdminNav';
import { RequireSignIn } from '../session/RequireSignIn';
import { RunnersPage } from './RunnersPage';

/** `/admin/runners`: every runner of the instance, and how the server's own runner isolates jobs. */
export function AdminRunnersPage() {
  return (
    <RequireSignIn>
      {(user) => (
        <div className="stack admin-page">
          {user.admin ? (
            <>
              <AdminNav />
              <RunnersPage
                heading="h1"
                owner={{ type: 'instance' }}
                intro="Instance runners take the jobs of every project; group and project runners are listed here too."
                empty="No runners yet. Create an instance runner to run the jobs of every project."
              />
            </>
          ) : (
            <>
              <Heading as="h1">Runners</Heading>
              <Flash variant="danger">Only administrators can manage the instance&apos;s runners.</Flash>
            </>
          )}
        </div>
      )}
    </RequireSignIn>
  );
}
