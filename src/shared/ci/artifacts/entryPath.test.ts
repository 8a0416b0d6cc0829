import { describe, expect, it } from 'vitest';
import { isSymlinkMode, safeEntryPath } from './entryPath';

describe('artifact archive entries: never outside their place', () => {
  it.each([
    ['dist/app.js', 'dist/app.js'],
    ['./dist//app.js', 'dist/app.js'],
    ['dist/', 'dist'],
    ['a/./b', 'a/b'],
  ])('keeps %j as %j', (name, expected) => {
    expect(safeEntryPath(name)).toBe(expected);
  });

  it.each([
    '../etc/passwd',
    'a/../../b',
    '/etc/passwd',
    '..\\..\\evil',
    'C:/Windows',
    'a/..',
    'nul\0byte',
    '.',
    '',
  ])('refuses %j', (name) => {
    expect(safeEntryPath(name)).toBeNull();
  });

  it('tells symbolic links from files by their mode', () => {
    expect(isSymlinkMode((0o120777 << 16) >>> 0)).toBe(true);
    expect(isSymlinkMode((0o100644 << 16) >>> 0)).toBe(false);
    expect(isSymlinkMode(0)).toBe(false);
  });
});
