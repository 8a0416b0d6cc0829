import { describe, expect, it } from 'vitest';
import { browseArchive, type ArchiveEntry } from './browseArchive';

const entries: ArchiveEntry[] = [
  { path: 'public/index.html', directory: false, size: 120 },
  { path: 'public/css', directory: true, size: 0 },
  { path: 'coverage/lcov/report.info', directory: false, size: 9 },
  { path: 'build.log', directory: false, size: 3 },
  { path: 'empty', directory: true, size: 0 },
];

describe('browsing an artifacts archive', () => {
  it('lists the root’s folders (also those only implied by a path) and files, by name', () => {
    expect(browseArchive(entries, '')).toEqual({
      path: '',
      directories: [
        { name: 'coverage', path: 'coverage' },
        { name: 'empty', path: 'empty' },
        { name: 'public', path: 'public' },
      ],
      files: [{ name: 'build.log', path: 'build.log', size: 3 }],
    });
  });

  it('lists a folder, with a trailing slash or without', () => {
    const expected = {
      path: 'public',
      directories: [{ name: 'css', path: 'public/css' }],
      files: [{ name: 'index.html', path: 'public/index.html', size: 120 }],
    };
    expect(browseArchive(entries, 'public')).toEqual(expected);
    expect(browseArchive(entries, 'public/')).toEqual(expected);
    expect(browseArchive(entries, 'empty')).toEqual({ path: 'empty', directories: [], files: [] });
  });

  it('has no folder that is not in the archive, a file, or one that climbs out', () => {
    expect(browseArchive(entries, 'missing')).toBeNull();
    expect(browseArchive(entries, 'build.log')).toBeNull();
    expect(browseArchive(entries, 'public/../coverage')).toBeNull();
    expect(browseArchive(entries, '../etc')).toBeNull();
    expect(browseArchive(entries, '/public')).toBeNull();
  });
});
