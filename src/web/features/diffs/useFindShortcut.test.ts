import { describe, expect, it } from 'vitest';
import { isFindKey } from './useFindShortcut';

const press = (
  key: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>>,
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('the find key', () => {
  it.each([
    ['Ctrl-F', true, press('f', { ctrlKey: true })],
    ['Cmd-F', true, press('f', { metaKey: true })],
    ['Ctrl-F with caps lock', true, press('F', { ctrlKey: true })],
    ['F alone', false, press('f', {})],
    ['Ctrl-Shift-F', false, press('F', { ctrlKey: true, shiftKey: true })],
    ['Ctrl-Alt-F', false, press('f', { ctrlKey: true, altKey: true })],
    ['Ctrl-G', false, press('g', { ctrlKey: true })],
  ])('%s is the find key: %s', (_name, expected, event) => {
    expect(isFindKey(event)).toBe(expected);
  });
});
