import { Flash, Heading, Label, Link, RelativeTime, Spinner } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { AbuseReport } from '../../../shared/api/abuseReports';
import { ListPages, StateTabs } from '../../components/StateListControls';
import { useStateListParams } from '../../components/useStateListParams';
import { RequireSignIn } from '../session/RequireSignIn';
import { AdminNav } from './AdminNav';
import { ABUSE_CATEGORY_LABELS, reportedFromHref } from './abuseReportDisplay';
import { ABUSE_REPORTS_PER_PAGE, useAbuseReports, type AbuseReportStatus } from './queries';
import './admin.css';

const STATES = ['open', 'closed'] as const;
const TABS = [
  { state: 'open', label: 'Open' },
  { state: 'closed', label: 'Closed' },
] as const;

/** `/admin/abuse_reports`: what users reported with "Report abuse to administrator", for administrators. */
export function AbuseReportsPage() {
  return (
    <RequireSignIn>
      {(user) =>
        user.admin ? (
          <AbuseReportList />
        ) : (
          <div className="stack admin-page">
            <Heading as="h1">Abuse reports</Heading>
            <Flash variant="danger">Only administrators can see abuse reports.</Flash>
          </div>
        )
      }
    </RequireSignIn>
  );
}

function AbuseReportList() {
  const { state, page, linkTo, go } = useStateListParams<AbuseReportStatus>(STATES);
  const reports = useAbuseReports(state, page);
  const total = reports.status === 'success' ? reports.data.total : undefined;
  return (
    <div className="stack admin-page">
      <AdminNav />
      <div>
        <Heading as="h1">Abuse reports</Heading>
        <p className="admin-page__intro">Users reported by others with “Report abuse to administrator”.</p>
      </div>
      <StateTabs
        label="Report status"
        tabs={TABS}
        current={state}
        counts={TABS.map((tab) => (tab.state === state ? total : undefined))}
        linkTo={linkTo}
      />
      <ReportTable state={reports} />
      {total !== undefined && (
        <ListPages total={total} perPage={ABUSE_REPORTS_PER_PAGE} page={page} linkTo={linkTo} go={go} />
      )}
    </div>
  );
}

function ReportTable({ state }: { state: ReturnType<typeof useAbuseReports> }) {
  switch (state.status) {
    case 'pending':
      return <Spinner size="medium" srText="Loading abuse reports" />;
    case 'error':
      return <Flash variant="danger">{state.error.message}</Flash>;
    case 'success':
      if (state.data.items.length === 0)
        return <p className="blankslate">There are no abuse reports here.</p>;
      return (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Reported user</th>
              <th scope="col">Category</th>
              <th scope="col">Reported by</th>
              <th scope="col">Reported from</th>
              <th scope="col">Reported</th>
            </tr>
          </thead>
          <tbody>
            {state.data.items.map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </tbody>
        </table>
      );
  }
}

function Person({ person }: { person: AbuseReport['user'] | null }) {
  if (!person) return <span className="admin-table__muted">A deleted user</span>;
  return (
    <span className="admin-table__person">
      <Link as={RouterLink} to={`/${person.username}`}>
        {person.name}
      </Link>
      <span className="admin-table__muted">@{person.username}</span>
    </span>
  );
}

function ReportRow({ report }: { report: AbuseReport }) {
  const href = reportedFromHref(report.reported_from_url);
  return (
    <tr>
      <td>
        <Person person={report.user} />
        {report.message && <p className="admin-table__message">{report.message}</p>}
      </td>
      <td>
        <Label variant={report.category === 'other' ? 'secondary' : 'attention'}>
          {ABUSE_CATEGORY_LABELS[report.category]}
        </Label>
      </td>
      <td>
        <Person person={report.reporter} />
      </td>
      <td className="admin-table__url">
        {href ? <Link href={href}>{report.reported_from_url}</Link> : report.reported_from_url || '—'}
      </td>
      <td>
        <RelativeTime date={new Date(report.created_at)} />
      </td>
    </tr>
  );
}
