import { assertNever } from '../lib/assertNever';
import { mergeCheckMessage, type MergeCheck, type MergeCheckStatus } from './mergeChecks';

export const MERGE_CHECKS_WARNING = 'merge with caution: override added';
export const MERGE_CHECKS_CHECKING = 'checking if merge request can be merged…';
export const READY_TO_MERGE = 'Ready to merge!';
export const READY_TO_MERGE_BY_MEMBERS = 'Ready to merge by members who can write to the target branch.';

/**
 * 'Merge blocked: N check(s) failed'. N is a placeholder, so the quote is a template, and "(s)"
 * is its mark for a count-dependent noun: "1 check failed", "2 checks failed". Texts where the
 * spec writes no such mark (for example "Refreshing in N seconds") keep one fixed form.
 */
export const mergeBlockedText = (failed: number): string =>
  `Merge blocked: ${failed} ${failed === 1 ? 'check' : 'checks'} failed`;

/** The summary line, by the spec's priority: warning, then checking, then failed, then ready. */
export function mergeChecksSummary(checks: readonly MergeCheck[], userCanMerge: boolean): string {
  const has = (status: MergeCheckStatus) => checks.some((check) => check.status === status);
  if (has('WARNING')) return MERGE_CHECKS_WARNING;
  if (has('CHECKING')) return MERGE_CHECKS_CHECKING;
  const failed = checks.filter((check) => check.status === 'FAILED').length;
  if (failed > 0) return mergeBlockedText(failed);
  return userCanMerge ? READY_TO_MERGE : READY_TO_MERGE_BY_MEMBERS;
}

function sortRank(status: Exclude<MergeCheckStatus, 'INACTIVE'>): number {
  switch (status) {
    case 'CHECKING':
      return 0;
    case 'FAILED':
      return 1;
    case 'WARNING':
      return 2;
    case 'SUCCESS':
      return 3;
    default:
      return assertNever(status);
  }
}

export type VisibleMergeCheck = {
  identifier: MergeCheck['identifier'];
  status: Exclude<MergeCheckStatus, 'INACTIVE'>;
  message: string;
};

/**
 * The checks the list shows, with their messages: inactive and message-less checks are hidden;
 * collapsed (the default) keeps only failed and checking ones; sorted CHECKING, FAILED, WARNING,
 * SUCCESS, keeping the given order within a status.
 */
export function visibleMergeChecks(checks: readonly MergeCheck[], collapsed: boolean): VisibleMergeCheck[] {
  const visible: VisibleMergeCheck[] = [];
  for (const { identifier, status } of checks) {
    if (status === 'INACTIVE') continue;
    const message = mergeCheckMessage(identifier);
    if (message === null) continue;
    if (collapsed && status !== 'FAILED' && status !== 'CHECKING') continue;
    visible.push({ identifier, status, message });
  }
  return visible.sort((a, b) => sortRank(a.status) - sortRank(b.status));
}
