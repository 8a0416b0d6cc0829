import { describe, expect, it } from 'vitest';
import { findEmojiShortcodes } from './emojiShortcodes';

const names = (text: string) => findEmojiShortcodes(text).map((m) => m.emoji.name);

describe('findEmojiShortcodes', () => {
  it('finds known names and gives each its canonical name and character', () => {
    const [match] = findEmojiShortcodes('Nice :+1:');
    expect(match).toMatchObject({ start: 5, end: 9, emoji: { name: 'thumbsup', unicode: '👍' } });
    expect(names(':tada: done :thumbsup:')).toEqual(['tada', 'thumbsup']);
  });

  it('leaves unknown names, times and words joined by colons as text', () => {
    expect(names(':no_such_emoji: at 10:30:00, a:smile:b, :Smile:')).toEqual([]);
  });

  it('does not read markup out of a name', () => {
    expect(names(':<img src=x onerror=alert(1)>:')).toEqual([]);
  });
});
