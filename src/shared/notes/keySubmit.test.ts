import { describe, expect, it } from 'vitest';
import { keySubmitAction, type KeySubmitForm } from './keySubmit';

describe('Ctrl/Cmd+Enter and Shift+Ctrl/Cmd+Enter in note forms (spec 001 §2.4)', () => {
  it.each([
    ['comment', true, false, false, 'submit'],
    ['comment', true, true, false, 'add_to_review'],
    ['comment', true, true, true, 'submit'],
    ['reply', true, false, false, 'add_to_review'],
    ['reply', true, true, false, 'add_to_review'],
    ['reply', true, false, true, 'submit'],
    ['reply', false, false, false, 'submit'],
    ['comment', false, true, false, 'submit'],
    ['edit', true, true, false, 'submit'],
    ['edit', true, true, true, 'submit'],
  ] as const)(
    '%s form, review buttons %s, drafts %s, forced %s: %s',
    (form: KeySubmitForm, shown, hasDrafts, force, action) => {
      expect(keySubmitAction(form, { shown, hasDrafts }, force)).toBe(action);
    },
  );
});
