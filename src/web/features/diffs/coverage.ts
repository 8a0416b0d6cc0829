import type { CoverageReport } from '../../../shared/api/diffs';

/** Spec 9 simple poll defaults: every 2000 ms, giving up after 60000 ms. */
export const COVERAGE_POLL_INTERVAL = 2000;
export const COVERAGE_POLL_TIMEOUT = 60_000;

/** One file's hits per new line number, as the coverage report keys them. */
export type FileCoverage = Readonly<Record<string, number>>;

/** What the coverage endpoint has said so far: still parsing (204), or its report (200). */
export type CoverageAnswer =
  { kind: 'pending'; pollInterval: number | null } | { kind: 'ready'; report: CoverageReport };

/**
 * When to ask again: GitLab's coverage endpoint answers 204 with a `Poll-Interval` while the
 * pipeline's reports are parsed and 200 once done; asking stops at the report, or at the timeout.
 */
export function nextCoveragePoll(answer: CoverageAnswer | undefined, elapsedMs: number): number | false {
  if (answer?.kind !== 'pending' || elapsedMs >= COVERAGE_POLL_TIMEOUT) return false;
  return answer.pollInterval !== null && answer.pollInterval > 0
    ? answer.pollInterval
    : COVERAGE_POLL_INTERVAL;
}

/** A file's markers: none until the report is in, and none for a file it does not list. */
export function coverageOf(answer: CoverageAnswer | undefined, filePath: string): FileCoverage | null {
  return answer?.kind === 'ready' ? (answer.report.files[filePath] ?? null) : null;
}

/** A new line's coverage marker with GitLab's tooltip; null where the report says nothing. */
export function coverageMarker(
  coverage: FileCoverage | null,
  newLine: number | null,
): { covered: boolean; title: string } | null {
  if (!coverage || newLine === null) return null;
  const hits = coverage[String(newLine)];
  if (hits === undefined) return null;
  return hits > 0
    ? { covered: true, title: `Test coverage: ${hits} hits` }
    : { covered: false, title: 'No test coverage' };
}
