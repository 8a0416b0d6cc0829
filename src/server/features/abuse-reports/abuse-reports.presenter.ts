import type { AbuseReport } from '../../../shared/api/abuseReports';
import type { Config } from '../../config';
import type { AbuseReportRecord, ReportPerson } from './abuse-reports.repo';

type UrlConfig = Pick<Config, 'externalUrl'>;

const personOf = (person: ReportPerson, config: UrlConfig) => ({
  id: person.id,
  username: person.username,
  name: person.name,
  web_url: `${config.externalUrl}/${person.username}`,
});

export function presentAbuseReport(
  { report, user, reporter }: AbuseReportRecord,
  config: UrlConfig,
): AbuseReport {
  return {
    id: report.id,
    category: report.category,
    status: report.status,
    reported_from_url: report.reportedFromUrl,
    message: report.message,
    created_at: report.createdAt.toISOString(),
    user: personOf(user, config),
    reporter: reporter ? personOf(reporter, config) : null,
  };
}
