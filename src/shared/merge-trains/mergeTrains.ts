import type { AutoMergeStrategy } from '../auto-merge/autoMergeStrategy';

/**
 * The strategies a merge request may be set to now. With merge trains on, a request whose checks
 * pass joins the train (`merge_train`) and one whose checks can still pass by themselves waits
 * and then joins (`add_to_merge_train_when_checks_pass`); without them only the latter kind waits
 * (`merge_when_checks_pass`), since one whose checks pass merges at once.
 */
export function availableAutoMergeStrategies(facts: {
  open: boolean;
  mergeTrainsEnabled: boolean;
  mergeable: boolean;
  /** What blocks the request can pass by itself (threads resolved, draft lifted ...). */
  waitable: boolean;
}): AutoMergeStrategy[] {
  if (!facts.open) return [];
  if (facts.mergeTrainsEnabled) {
    if (facts.mergeable) return ['merge_train'];
    return facts.waitable ? ['add_to_merge_train_when_checks_pass'] : [];
  }
  return facts.waitable ? ['merge_when_checks_pass'] : [];
}

/** The ready-to-merge button: a train started or joined now is still a "Merge" to its user. */
export const mergeButtonText = (strategy: AutoMergeStrategy | null): string =>
  strategy === null || strategy === 'merge_train' ? 'Merge' : 'Set to auto-merge';

/** The line beside the button that says what it does with a merge train; null without one. */
export function mergeTrainHelperText(strategy: AutoMergeStrategy | null): string | null {
  if (strategy === 'merge_train') return 'Add to merge train';
  if (strategy === 'add_to_merge_train_when_checks_pass')
    return 'Add to merge train when all merge checks pass';
  return null;
}

/**
 * Where a request stands on its train: `index` counts from 0 at the front, `count` is every car
 * on the train. Null when the request is not on one.
 */
export function mergeTrainPositionText(index: number | null, count: number | null): string | null {
  if (index === null) return null;
  if (index === 0) return 'A new merge train has started and this merge request is the first of the queue.';
  if (count === null) return null;
  return `This merge request is #${index + 1} of ${count} in queue.`;
}

export type MergeNowChoice = {
  label: string;
  /** Sent as `skip_merge_train`: true keeps the cars on the train as they are. */
  skipMergeTrain: boolean;
  /** What the choice does, for the line under it and its confirmation. */
  description: string;
};

/** Spec 000 section 5: the two ways to merge a request now, past a merge train. */
export const MERGE_NOW_CHOICES: readonly MergeNowChoice[] = [
  {
    label: 'Merge now and restart train',
    skipMergeTrain: false,
    description: 'The merge requests on the train are checked again on top of these changes.',
  },
  {
    label: "Merge now and don't restart train",
    skipMergeTrain: true,
    description: 'The merge requests on the train go on without being checked against these changes.',
  },
];

/** "Merge now" is offered where a merge would join the train, and the project lets merges skip it. */
export const showMergeNow = (facts: {
  strategy: AutoMergeStrategy | null;
  skipTrainAllowed: boolean;
}): boolean => facts.strategy === 'merge_train' && facts.skipTrainAllowed;
