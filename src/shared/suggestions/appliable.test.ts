import { describe, expect, it } from 'vitest';
import { inapplicableReason, inapplicableReasonText, type SuggestionFacts } from './appliable';

const appliable: SuggestionFacts = {
  applied: false,
  mergeRequestState: 'opened',
  sourceBranchExists: true,
  linesUnchanged: true,
  sameContent: false,
  mayApply: true,
};

describe('inapplicableReason', () => {
  it.each<[string, Partial<SuggestionFacts>, string | null]>([
    ['appliable', {}, null],
    ['already applied', { applied: true }, "Can't apply this suggestion."],
    [
      'merged',
      { mergeRequestState: 'merged' },
      'This merge request was merged. To apply this suggestion, edit this file directly.',
    ],
    [
      'closed',
      { mergeRequestState: 'closed' },
      'This merge request is closed. To apply this suggestion, edit this file directly.',
    ],
    ['source branch gone', { sourceBranchExists: false }, "Can't apply as the source branch was deleted."],
    [
      'lines changed',
      { linesUnchanged: false },
      "Can't apply as this line was changed in a more recent version.",
    ],
    ['nothing to change', { sameContent: true }, 'This suggestion already matches its content.'],
    ['may not push', { mayApply: false }, "You don't have permission to apply this suggestion."],
    [
      'applied wins over closed',
      { applied: true, mergeRequestState: 'closed' },
      "Can't apply this suggestion.",
    ],
  ])('%s', (_, overrides, text) => {
    const reason = inapplicableReason({ ...appliable, ...overrides });
    expect(reason === null ? null : inapplicableReasonText(reason)).toBe(text);
  });
});
