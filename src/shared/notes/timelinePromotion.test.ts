import { describe, expect, it } from 'vitest';
import { canPromoteToTimeline, promotionOutcome, type PromotionOutcome } from './timelinePromotion';

describe('promote to timeline (spec 001 §5, §6, §8)', () => {
  it.each<[{ errors: string[] } | null, PromotionOutcome]>([
    [{ errors: [] }, { kind: 'success', text: 'Comment added to the timeline.' }],
    [
      { errors: ['Timeline text is too long', 'Occurred at is missing'] },
      {
        kind: 'error',
        text: 'Error promoting the note to timeline event: Timeline text is too long. Occurred at is missing',
      },
    ],
    [null, { kind: 'error', text: 'Something went wrong while promoting the note to timeline event.' }],
  ])('%o', (answer, outcome) => {
    expect(promotionOutcome(answer)).toEqual(outcome);
  });

  it.each([
    ['incident', true, false, true],
    ['issue', true, false, false],
    ['incident', false, false, false],
    ['incident', true, true, false],
  ])('%s, may add %s, system %s: %s', (type, may, system, offered) => {
    expect(canPromoteToTimeline(type, may, system)).toBe(offered);
  });
});
