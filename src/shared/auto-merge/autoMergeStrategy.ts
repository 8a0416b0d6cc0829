/** The auto-merge strategies the spec names; `merge_when_pipeline_succeeds` is the older form. */
export const AUTO_MERGE_STRATEGIES = [
  'merge_train',
  'add_to_merge_train_when_checks_pass',
  'merge_when_checks_pass',
  'merge_when_pipeline_succeeds',
] as const;
export type AutoMergeStrategy = (typeof AUTO_MERGE_STRATEGIES)[number];

export const isAutoMergeStrategy = (value: string): value is AutoMergeStrategy =>
  (AUTO_MERGE_STRATEGIES as readonly string[]).includes(value);

/**
 * The strategy the widget offers, by the spec's fixed priority (merge train, add to the train when
 * checks pass, merge when checks pass), with the older merge-when-pipeline-succeeds form last so
 * an instance that only offers it still gets it. `null` when nothing is available.
 */
export function preferredAutoMergeStrategy(available: readonly string[]): AutoMergeStrategy | null {
  return AUTO_MERGE_STRATEGIES.find((strategy) => available.includes(strategy)) ?? null;
}

/**
 * Merge is prevented while approval is needed (approvals available and not given), except with
 * merge when pipeline succeeds, which waits for the pipeline and re-checks approvals at merge time.
 */
export function isMergePrevented(facts: {
  approvalsAvailable: boolean;
  approved: boolean;
  preferredStrategy: AutoMergeStrategy | null;
}): boolean {
  return (
    facts.approvalsAvailable && !facts.approved && facts.preferredStrategy !== 'merge_when_pipeline_succeeds'
  );
}

export type PolicyViolationStatus = 'failed' | 'success';

export const policyViolationStatus = (violationCount: number): PolicyViolationStatus =>
  violationCount > 0 ? 'failed' : 'success';
