import { describe, expect, it } from 'vitest';
import { MERGING_MESSAGES, pickMergingMessage } from './mergingMessages';

describe('MERGING_MESSAGES', () => {
  it('§4 Merge: nine rotating texts, each saying Merging! with an emoji', () => {
    expect(MERGING_MESSAGES).toHaveLength(9);
    expect(new Set(MERGING_MESSAGES).size).toBe(9);
    for (const message of MERGING_MESSAGES) {
      expect(message).toContain('Merging!');
      expect(message).toMatch(/\p{Extended_Pictographic}/u);
    }
  });
});

describe('pickMergingMessage', () => {
  it.each<[string, number, string]>([
    ['§4 Merge: random 0 picks the first text', 0, MERGING_MESSAGES[0]],
    ['§4 Merge: random 0.5 picks the middle text', 0.5, MERGING_MESSAGES[4]],
    ['§4 Merge: random just under 1 picks the last text', 0.999999, MERGING_MESSAGES[8]],
    ['§4 Merge: a source that returns 1 still picks a text', 1, MERGING_MESSAGES[8]],
    ['§4 Merge: a negative source still picks a text', -0.2, MERGING_MESSAGES[0]],
  ])('%s', (_rule, value, expected) => {
    expect(pickMergingMessage(() => value)).toBe(expected);
  });

  it('§4 Merge: every text can be picked', () => {
    const picked = new Set(MERGING_MESSAGES.map((_, i) => pickMergingMessage(() => (i + 0.5) / 9)));
    expect(picked.size).toBe(9);
  });
});
