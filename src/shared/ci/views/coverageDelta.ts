/** How a coverage delta is coloured: up is good, down is bad, no change is neither. */
export type CoverageDeltaSign = 'positive' | 'negative' | 'neutral';

export type CoverageDelta = { text: string; sign: CoverageDeltaSign };

const parse = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
};

/**
 * The head pipeline's coverage against the target branch's pipeline (GitLab's
 * `pipeline_coverage_delta`: the difference to two decimals). Null when either has no coverage.
 * The sign is read from the rounded figure, so a change too small to print is neutral.
 */
export function coverageDelta(
  head: string | number | null | undefined,
  target: string | number | null | undefined,
): CoverageDelta | null {
  const a = parse(head);
  const b = parse(target);
  if (a === null || b === null) return null;
  const rounded = Math.round((a - b) * 100) / 100;
  if (rounded === 0) return { text: '0.00', sign: 'neutral' };
  return rounded > 0
    ? { text: `+${rounded.toFixed(2)}`, sign: 'positive' }
    : { text: rounded.toFixed(2), sign: 'negative' };
}
