import { assertNever } from '../lib/assertNever';

export type InapplicableReason =
  | 'applied'
  | 'merge_request_merged'
  | 'merge_request_closed'
  | 'source_branch_deleted'
  | 'outdated'
  | 'same_content'
  | 'no_permission';

export type SuggestionFacts = {
  applied: boolean;
  mergeRequestState: 'opened' | 'closed' | 'merged' | 'locked';
  sourceBranchExists: boolean;
  /** The lines the suggestion was made on are still there, unchanged, at the source branch's head. */
  linesUnchanged: boolean;
  /** The suggestion would change nothing. */
  sameContent: boolean;
  /** The viewer may push to the source branch. */
  mayApply: boolean;
};

/** Why a suggestion cannot be applied now, in GitLab's order of checks; null when it can. */
export function inapplicableReason(facts: SuggestionFacts): InapplicableReason | null {
  if (facts.applied) return 'applied';
  if (facts.mergeRequestState === 'merged') return 'merge_request_merged';
  if (facts.mergeRequestState === 'closed') return 'merge_request_closed';
  if (!facts.sourceBranchExists) return 'source_branch_deleted';
  if (!facts.linesUnchanged) return 'outdated';
  if (facts.sameContent) return 'same_content';
  if (!facts.mayApply) return 'no_permission';
  return null;
}

/** GitLab's words for each reason, shown on the disabled button and returned by the API. */
export function inapplicableReasonText(reason: InapplicableReason): string {
  switch (reason) {
    case 'applied':
      return "Can't apply this suggestion.";
    case 'merge_request_merged':
      return 'This merge request was merged. To apply this suggestion, edit this file directly.';
    case 'merge_request_closed':
      return 'This merge request is closed. To apply this suggestion, edit this file directly.';
    case 'source_branch_deleted':
      return "Can't apply as the source branch was deleted.";
    case 'outdated':
      return "Can't apply as this line was changed in a more recent version.";
    case 'same_content':
      return 'This suggestion already matches its content.';
    case 'no_permission':
      return "You don't have permission to apply this suggestion.";
    default:
      return assertNever(reason);
  }
}
