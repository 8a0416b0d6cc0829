import { describe, expect, it } from 'vitest';
import { buildAuthor } from '../../../test/support/note-fixtures';
import { lastReplyText, replyAvatars, replyCountText, repliesToggleLabel } from './repliesToggle';

describe('replies toggle (spec 001 §2.2)', () => {
  it.each([
    [1, '1 reply'],
    [2, '2 replies'],
    [0, '0 replies'],
  ])('%i reads "%s"', (count, text) => {
    expect(replyCountText(count)).toBe(text);
  });

  it.each([
    [true, 'collapse replies'],
    [false, 'expand replies'],
  ])('expanded %s offers "%s"', (expanded, label) => {
    expect(repliesToggleLabel(expanded)).toBe(label);
  });

  it('names the last replier', () => {
    const replies = [{ author: buildAuthor(1, 'Ada') }, { author: buildAuthor(2, 'Grace') }];
    expect(lastReplyText(replies)).toBe('last reply by Grace');
    expect(lastReplyText([{ author: null }])).toBeNull();
  });

  it('shows each replier once, at most 5', () => {
    const ids = [1, 2, 1, 3, 4, 5, 6, 7];
    const avatars = replyAvatars(ids.map((id) => ({ author: buildAuthor(id) })));
    expect(avatars.map((author) => author.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
