import { describe, expect, it } from 'vitest';
import type { SquashOption } from '../api/projects';
import {
  SQUASH_FORBIDDEN,
  SQUASH_REQUIRED,
  squashByDefault,
  squashIsReadonly,
  squashOnMerge,
  type SquashDecision,
} from './squashOption';

describe('squashOnMerge', () => {
  it.each<[SquashOption, boolean | undefined, boolean, SquashDecision]>([
    ['never', undefined, false, { ok: true, squash: false }],
    ['never', false, true, { ok: true, squash: false }],
    ['never', true, false, { ok: false, message: SQUASH_FORBIDDEN }],
    ['always', undefined, false, { ok: true, squash: true }],
    ['always', true, false, { ok: true, squash: true }],
    ['always', false, true, { ok: false, message: SQUASH_REQUIRED }],
    ['default_on', undefined, true, { ok: true, squash: true }],
    ['default_on', false, true, { ok: true, squash: false }],
    ['default_off', undefined, false, { ok: true, squash: false }],
    ['default_off', true, false, { ok: true, squash: true }],
    ['default_off', undefined, true, { ok: true, squash: true }],
  ])('with %s, asked %s, stored %s', (option, requested, stored, expected) => {
    expect(squashOnMerge(option, requested, stored)).toEqual(expected);
  });

  it('words the refusals as GitLab does', () => {
    expect(SQUASH_REQUIRED).toBe('This project requires squashing commits when merge requests are accepted.');
    expect(SQUASH_FORBIDDEN).toBe(
      "Squashing not allowed: This project doesn't allow you to squash commits when merging.",
    );
  });
});

describe('squash defaults', () => {
  it.each<[SquashOption, boolean, boolean]>([
    ['never', false, true],
    ['always', true, true],
    ['default_on', true, false],
    ['default_off', false, false],
  ])('%s: on by default %s, read-only %s', (option, byDefault, readonly) => {
    expect(squashByDefault(option)).toBe(byDefault);
    expect(squashIsReadonly(option)).toBe(readonly);
  });
});
