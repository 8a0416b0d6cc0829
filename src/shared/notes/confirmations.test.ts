import { describe, expect, it } from 'vitest';
import {
  cancelEditConfirmText,
  cancelReplyConfirmText,
  commentTypeOf,
  deleteConfirmText,
  needsCancelConfirmation,
} from './confirmations';

describe('confirmations (spec 001 §5)', () => {
  it.each([
    [{ internal: false }, 'Are you sure you want to delete this comment?'],
    [{ internal: true }, 'Are you sure you want to delete this internal note?'],
    [{ internal: false, isDraft: true }, 'Are you sure you want to delete this pending comment?'],
  ])('delete %o asks "%s"', (note, text) => {
    expect(deleteConfirmText(commentTypeOf(note))).toBe(text);
  });

  it.each([
    [{ internal: false }, 'Are you sure you want to cancel editing this comment?'],
    [{ internal: true }, 'Are you sure you want to cancel editing this internal note?'],
    [{ internal: true, isDraft: true }, 'Are you sure you want to cancel editing this pending comment?'],
  ])('cancel editing %o asks "%s"', (note, text) => {
    expect(cancelEditConfirmText(commentTypeOf(note))).toBe(text);
  });

  it.each([
    [false, 'Are you sure you want to cancel creating this comment?'],
    [true, 'Are you sure you want to cancel creating this internal note?'],
  ])('cancel reply (internal %s) asks "%s"', (internal, text) => {
    expect(cancelReplyConfirmText(internal)).toBe(text);
  });

  it.each([
    ['', '', false],
    ['  ', 'x', false],
    ['same', 'same', false],
    ['changed', 'same', true],
    ['typed', '', true],
  ])('text %j against %j asks: %s', (text, original, asks) => {
    expect(needsCancelConfirmation(text, original)).toBe(asks);
  });
});
