import { describe, expect, it } from 'vitest';
import {
  awardFailureText,
  DEFAULT_NOTEABLE_AWARDS,
  frequentEmoji,
  groupAwards,
  parseFrequentEmoji,
  reactionTooltip,
  recordEmojiUse,
} from './emojiAwards';

const known = new Set(['thumbsup', 'tada', 'heart', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
const exists = (name: string) => known.has(name);

describe('frequently used emoji (spec 001 §5, §9)', () => {
  it('puts the last used first without repeats', () => {
    expect(recordEmojiUse(['tada', 'heart'], 'heart', exists)).toEqual(['heart', 'tada']);
  });
  it('keeps at most 9', () => {
    const stored = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
    expect(recordEmojiUse(stored, 'tada', exists)).toEqual(['tada', ...stored.slice(0, 8)]);
  });
  it('drops names that do not exist', () => {
    expect(frequentEmoji(['tada', 'not_an_emoji', 'heart'], exists)).toEqual(['tada', 'heart']);
  });
  it.each([
    [null, []],
    ['not json', []],
    ['{"a":1}', []],
    ['["tada", 3, "heart"]', ['tada', 'heart']],
  ])('reads stored %s as %o', (raw, names) => {
    expect(parseFrequentEmoji(raw)).toEqual(names);
  });
});

describe('reaction tooltip (spec 001 §9)', () => {
  const users = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `U${i + 1}` }));
  it.each([
    [users(1), null, 'U1 reacted with :tada:'],
    [users(2), null, 'U1 and U2 reacted with :tada:'],
    [users(3), 2, 'You, U1 and U3 reacted with :tada:'],
    [users(10), null, 'U1, U2, U3, U4, U5, U6, U7, U8, U9 and U10 reacted with :tada:'],
    [users(12), null, 'U1, U2, U3, U4, U5, U6, U7, U8, U9, U10, and 2 more reacted with :tada:'],
  ])('%#: %s', (list, me, text) => {
    expect(reactionTooltip(list, 'tada', me)).toBe(text);
  });
});

describe('award groups', () => {
  const award = (name: string, user: number) => ({ name, user: { id: user } });

  it('keeps the order each emoji was first given', () => {
    const groups = groupAwards([award('tada', 1), award('eyes', 2), award('tada', 3)]);
    expect(groups.map(([name, list]) => [name, list.length])).toEqual([
      ['tada', 2],
      ['eyes', 1],
    ]);
  });

  it('puts thumbs up and down first on an issue or merge request, even with nobody behind them', () => {
    const groups = groupAwards([award('tada', 1), award('thumbsdown', 2)], DEFAULT_NOTEABLE_AWARDS);
    expect(groups.map(([name, list]) => [name, list.length])).toEqual([
      ['thumbsup', 0],
      ['thumbsdown', 1],
      ['tada', 1],
    ]);
  });
});

describe('award failure text (spec 001 §8)', () => {
  it.each<[number | null, string]>([
    [500, 'Something went wrong on our end.'],
    [503, 'Something went wrong on our end.'],
    [403, 'Something went wrong while adding your award. Please try again.'],
    [404, 'Something went wrong while adding your award. Please try again.'],
    [null, 'Something went wrong while adding your award. Please try again.'],
  ])('after a %s answer: %s', (status, text) => {
    expect(awardFailureText(status)).toBe(text);
  });
});
