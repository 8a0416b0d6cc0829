import { describe, expect, it } from 'vitest';
import type { Emoji } from '../../../shared/emoji/emoji';
import { byCategory, pickerRows, searchEmoji } from './emojiPickerRows';

const emoji = (name: string, category = 'Smileys', description = name): Emoji => ({
  name,
  unicode: '?',
  description,
  category,
  aliases: [],
});

describe('emoji picker rows', () => {
  it('puts a heading before each non-empty section and nine emoji to a row', () => {
    const many = Array.from({ length: 10 }, (_, i) => emoji(`e${i}`));
    const rows = pickerRows([
      { title: 'Frequently used', emoji: [] },
      { title: 'Smileys', emoji: many },
    ]);
    expect(rows.map((row) => (row.kind === 'heading' ? row.title : row.emoji.length))).toEqual([
      'Smileys',
      9,
      1,
    ]);
  });

  it('finds by every word of name or description', () => {
    const all = [emoji('tada', 'Activities', 'party popper'), emoji('heart', 'Symbols', 'red heart')];
    expect(searchEmoji(all, 'party').map((e) => e.name)).toEqual(['tada']);
    expect(searchEmoji(all, 'red heart').map((e) => e.name)).toEqual(['heart']);
    expect(searchEmoji(all, 'red party')).toEqual([]);
  });

  it('groups by category in list order', () => {
    const all = [emoji('a', 'X'), emoji('b', 'Y'), emoji('c', 'X')];
    expect(byCategory(all).map((group) => [group.title, group.emoji.length])).toEqual([
      ['X', 2],
      ['Y', 1],
    ]);
  });
});
