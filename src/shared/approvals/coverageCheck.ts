import { COVERAGE_CHECK_NAME } from './approvalMessages';

/** The report type of the Coverage-Check rule, as GitLab's `report_type`. */
export const CODE_COVERAGE_REPORT_TYPE = 'code_coverage';

/** GitLab's complete pipeline statuses: a pipeline in one of them has its final coverage. */
const COMPLETE_STATUSES: readonly string[] = ['success', 'failed', 'canceled', 'skipped'];

/** A pipeline as the Coverage-Check reads it: its status and coverage (null: no job reported one). */
export interface CoveragePipeline {
  readonly status: string;
  readonly coverage: number | null;
}

/**
 * The pipelines a merge request's Coverage-Check compares: its head pipeline, and the latest
 * pipeline of its target branch at the commit it is based on (GitLab's `base_pipeline`).
 */
export interface CoverageComparison {
  readonly head: CoveragePipeline | null;
  readonly base: CoveragePipeline | null;
}

/** Whether a rule is the Coverage-Check: a report approver rule of report type code_coverage. */
export const isCoverageCheckRule = (rule: { ruleType: string; reportType: string | null }): boolean =>
  rule.ruleType === 'report_approver' && rule.reportType === CODE_COVERAGE_REPORT_TYPE;

/**
 * Whether the Coverage-Check's approvals are required, as GitLab's sync of report approval rules
 * decides: they stay required until the head pipeline is complete with a coverage; then a target
 * without a base pipeline requires none, a base pipeline without coverage requires them, and
 * otherwise they are required only when the head's coverage is lower than the base's.
 */
export function coverageApprovalRequired({ head, base }: CoverageComparison): boolean {
  if (!head || !COMPLETE_STATUSES.includes(head.status) || head.coverage === null) return true;
  if (!base) return false;
  if (base.coverage === null) return true;
  return head.coverage < base.coverage;
}

/** A project rule's kind and report type as sent (undefined: not sent) or stored. */
export interface RuleKindInput {
  readonly name: string;
  readonly ruleType: string | undefined;
  readonly reportType: string | null | undefined;
}

/**
 * A project rule's kind and report type, with GitLab's pairing of the Coverage-Check name and the
 * code_coverage report type: a rule named Coverage-Check becomes a report approver rule of that
 * type unless it says otherwise, and either one without the other is refused with GitLab's words.
 */
export function reportRuleKind(
  input: RuleKindInput,
):
  | { ruleType: string | undefined; reportType: string | null | undefined }
  | { errors: Record<string, string[]> } {
  const named = input.name === COVERAGE_CHECK_NAME;
  const reportType = input.reportType ?? (named ? CODE_COVERAGE_REPORT_TYPE : input.reportType);
  const ruleType = input.ruleType ?? (reportType ? 'report_approver' : undefined);
  const coverage = reportType === CODE_COVERAGE_REPORT_TYPE;
  if (named && (!coverage || ruleType !== 'report_approver'))
    return {
      errors: { name: [`${COVERAGE_CHECK_NAME} is reserved for ${CODE_COVERAGE_REPORT_TYPE} report type`] },
    };
  if (coverage && !named)
    return {
      errors: { report_type: [`${CODE_COVERAGE_REPORT_TYPE} only supports ${COVERAGE_CHECK_NAME} name`] },
    };
  return { ruleType, reportType };
}
