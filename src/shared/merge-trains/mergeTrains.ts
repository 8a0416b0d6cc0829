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

/** GitLab's name for the pipeline of a car (spec 000 section 9: pipeline types). */
export const MERGE_TRAIN_PIPELINE = 'Merge train pipeline';

export type MergeNowChoice = {
  label: string;
  /** Sent as `skip_merge_train`: true keeps the cars on the train as they are. */
  skipMergeTrain: boolean;
  /** The line under the choice in the menu; null for "Merge immediately", which has none. */
  description: string | null;
  /** Its dangerous confirmation: what it risks, and the question before it merges. */
  confirmation: { text: string; question: string };
};

/** GitLab's merge immediately confirmation (trains on, skipping the train not allowed). */
export const MERGE_IMMEDIATELY: MergeNowChoice = {
  label: 'Merge immediately',
  skipMergeTrain: false,
  description: null,
  confirmation: {
    text: "Merging immediately isn't recommended as it may negatively impact the existing merge train. Read the documentation for more information.",
    question: 'Are you sure you want to merge immediately?',
  },
};

/** Spec 000 section 5: the two ways to merge a request now, past a merge train, in GitLab's words. */
export const MERGE_NOW_CHOICES: readonly MergeNowChoice[] = [
  {
    label: 'Merge now and restart train',
    skipMergeTrain: false,
    description: 'Restart merge train pipelines with the merged changes.',
    confirmation: {
      text: "Merging immediately is not recommended because your changes won't be validated by the merge train, and any running merge train pipelines will be restarted. What are the risks?",
      question: 'Are you sure you want to continue?',
    },
  },
  {
    label: "Merge now and don't restart train",
    skipMergeTrain: true,
    description: 'Merge train pipelines continue without the merged changes.',
    confirmation: {
      text: 'Merging immediately is not recommended. The merged changes could cause pipeline failures on the target branch, and the changes will not be validated against the commits being added by the merge requests currently in the merge train. Read the documentation for more information.',
      question: 'Are you sure you want to continue?',
    },
  },
];

/**
 * The merge button's "Select a merge moment" menu where a merge would join the train: the two
 * merge now choices where the project lets merges skip the train, else "Merge immediately"
 * (which restarts the train). Empty where nothing would join a train.
 */
export const mergeNowChoices = (facts: {
  strategy: AutoMergeStrategy | null;
  skipTrainAllowed: boolean;
}): readonly MergeNowChoice[] => {
  if (facts.strategy !== 'merge_train') return [];
  return facts.skipTrainAllowed ? MERGE_NOW_CHOICES : [MERGE_IMMEDIATELY];
};
