import { describe, expect, it } from 'vitest';
import { EMOJI, canonicalEmojiName, findEmoji } from './emoji';

describe('emoji names', () => {
  it.each([
    ['thumbsup', 'thumbsup'],
    ['+1', 'thumbsup'],
    ['thumbsdown', 'thumbsdown'],
    ['-1', 'thumbsdown'],
    ['tada', 'tada'],
    ['smile', 'smile'],
    ['heart', 'heart'],
  ])('%s is stored as %s', (given, stored) => {
    expect(canonicalEmojiName(given)).toBe(stored);
  });

  it.each([
    ['<img src=x onerror=alert(1)>'],
    ['"><script>alert(1)</script>'],
    [''],
    ['Thumbsup'],
    ['thumbsup '],
    ['no_such_emoji'],
  ])('refuses %j', (given) => {
    expect(canonicalEmojiName(given)).toBeNull();
  });

  it('maps a name to its unicode character', () => {
    expect(findEmoji('thumbsup')?.unicode).toBe('👍');
    expect(findEmoji('tada')?.unicode).toBe('🎉');
  });

  it('lists each emoji once under a unique name', () => {
    const names = EMOJI.map((emoji) => emoji.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(1500);
  });
});
