import { describe, expect, it } from 'vitest';
import { draftTitle, draftlessTitle, isDraftTitle } from './draftTitle';

describe('draft titles', () => {
  it.each([
    ['Draft: Add login', true],
    ['draft:Add login', true],
    ['[Draft] Add login', true],
    ['[DRAFT]Add login', true],
    ['(Draft) Add login', true],
    ['Draft - Add login', true],
    ['  Draft: Add login', true],
    ['Add login', false],
    ['Drafting the login page', false],
    ['Add Draft: support', false],
    ['WIP: Add login', false],
  ])('reads %j as draft: %s', (title, expected) => {
    expect(isDraftTitle(title)).toBe(expected);
  });

  it('removes every draft prefix and adds exactly one', () => {
    expect(draftlessTitle('[Draft] (Draft) Draft: Add login')).toBe('Add login');
    expect(draftlessTitle('Add login')).toBe('Add login');
    expect(draftTitle('Add login')).toBe('Draft: Add login');
    expect(draftTitle('[Draft] Add login')).toBe('[Draft] Add login');
  });
});
