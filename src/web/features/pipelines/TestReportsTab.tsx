import { Button, Heading, Link, Spinner } from '@primer/react';
import { Fragment, useState } from 'react';
import type { TestCase, TestReportSummary } from '../../../shared/api/testReports';
import { LoadState } from '../repository/LoadState';
import { CiTable } from './CiTable';
import { formattedTime, summaryTexts } from './testReportText';
import { useTestReport } from './testReportQueries';

const UNIT_TEST_REPORTS_HELP = 'https://docs.gitlab.com/ci/testing/unit_test_reports/';

const STATUS_TEXT: Record<TestCase['status'], string> = {
  failed: 'Failed',
  error: 'Error',
  success: 'Passed',
  skipped: 'Skipped',
};

/** GitLab's empty state of the Tests tab. */
function NoTests() {
  return (
    <div className="box blankslate ci-empty">
      <h2 className="ci-empty__title">There are no tests to display</h2>
      <p>
        You can configure your job to use unit test reports, and Mergeway displays a report here and in the
        related merge request.
      </p>
      <Link href={UNIT_TEST_REPORTS_HELP}>Learn more</Link>
    </div>
  );
}

type Counts = {
  total: number;
  failed: number;
  error: number;
  success: number;
  skipped: number;
  time: number;
};

function Summary({ heading, counts }: { heading: string; counts: Counts }) {
  return (
    <section className="test-summary box" aria-label={heading}>
      <Heading as="h3" className="test-summary__heading">
        {heading}
      </Heading>
      <ul className="test-summary__counts">
        {summaryTexts(counts).map((text) => (
          <li key={text}>{text}</li>
        ))}
        <li>{formattedTime(counts.time)}</li>
      </ul>
    </section>
  );
}

/**
 * The pipeline's Tests tab (GitLab's test_report): the summary, a row per job's suite, and the
 * chosen suite's cases, failures first, each with its output a click away.
 */
export function TestReportsTab({
  fullPath,
  pipelineId,
  summary,
}: {
  fullPath: string;
  pipelineId: number;
  summary: TestReportSummary;
}) {
  const suites = summary.test_suites;
  const [chosen, setChosen] = useState<string | null>(suites.length === 1 ? suites[0]!.name : null);
  if (summary.total.count === 0) return <NoTests />;
  const { total } = summary;
  return (
    <div className="stack">
      <Summary heading="Summary" counts={{ ...total, total: total.count }} />
      <CiTable
        label="Jobs"
        columns={['Job', 'Duration', 'Failed', 'Errors', 'Skipped', 'Passed', 'Total']}
        error={null}
      >
        {suites.map((suite) => (
          <tr key={suite.name} aria-selected={chosen === suite.name}>
            <td>
              <Button variant="invisible" size="small" onClick={() => setChosen(suite.name)}>
                {suite.name}
              </Button>
            </td>
            <td>{formattedTime(suite.total_time)}</td>
            <td>{suite.failed_count}</td>
            <td>{suite.error_count}</td>
            <td>{suite.skipped_count}</td>
            <td>{suite.success_count}</td>
            <td>{suite.total_count}</td>
            <td />
          </tr>
        ))}
      </CiTable>
      {chosen !== null && <SuiteCases fullPath={fullPath} pipelineId={pipelineId} name={chosen} />}
    </div>
  );
}

function SuiteCases({ fullPath, pipelineId, name }: { fullPath: string; pipelineId: number; name: string }) {
  const report = useTestReport(fullPath, pipelineId, true);
  const [open, setOpen] = useState<number | null>(null);
  if (report.isPending) return <Spinner srText="Loading test cases" />;
  if (!report.data) return <LoadState error={report.error} what="test cases" />;
  const suite = report.data.test_suites.find((s) => s.name === name);
  if (!suite || suite.test_cases.length === 0)
    return <p className="muted">There are no test cases to display.</p>;
  return (
    <div className="stack">
      <Summary
        heading={suite.name}
        counts={{
          total: suite.total_count,
          failed: suite.failed_count,
          error: suite.error_count,
          success: suite.success_count,
          skipped: suite.skipped_count,
          time: suite.total_time,
        }}
      />
      <CiTable label="Tests" columns={['Suite', 'Name', 'Filename', 'Status', 'Duration']} error={null}>
        {suite.test_cases.map((testCase, index) => (
          <Fragment key={index}>
            <tr className={`test-case test-case--${testCase.status}`}>
              <td>{testCase.classname}</td>
              <td>{testCase.name}</td>
              <td className="muted">{testCase.file ?? ''}</td>
              <td>{STATUS_TEXT[testCase.status]}</td>
              <td>{formattedTime(testCase.execution_time)}</td>
              <td className="ci-table__actions">
                <Button
                  size="small"
                  aria-expanded={open === index}
                  onClick={() => setOpen(open === index ? null : index)}
                >
                  View details
                </Button>
              </td>
            </tr>
            {open === index && (
              <tr className="test-case__details">
                <td colSpan={6}>
                  <CaseDetails testCase={testCase} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </CiTable>
    </div>
  );
}

/** What GitLab's test case modal shows: name, time, attachment and the output. */
function CaseDetails({ testCase }: { testCase: TestCase }) {
  return (
    <dl className="test-case__fields">
      <dt>Name</dt>
      <dd>{testCase.name}</dd>
      <dt>Execution time</dt>
      <dd>{formattedTime(testCase.execution_time)}</dd>
      {testCase.attachment_url && (
        <>
          <dt>Attachment</dt>
          <dd>
            <Link href={testCase.attachment_url}>View attachment</Link>
          </dd>
        </>
      )}
      {testCase.system_output && (
        <>
          <dt>System output</dt>
          <dd>
            <pre className="test-case__output">{testCase.system_output}</pre>
          </dd>
        </>
      )}
      {testCase.stack_trace && (
        <>
          <dt>Stack trace</dt>
          <dd>
            <pre className="test-case__output">{testCase.stack_trace}</pre>
          </dd>
        </>
      )}
    </dl>
  );
}
