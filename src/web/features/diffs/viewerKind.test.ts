import { describe, expect, it } from 'vitest';
import { diffFile } from '../../../../test/support/diff-fixtures';
import { humanSize, modeChangedText, viewerKind, viewFileAtText } from './viewerKind';

const viewer = (name: 'text' | 'image' | 'not_diffable' | 'too_large' | 'collapsed' | 'no_preview') => ({
  name,
  collapsed: false,
  reason: null,
});

describe('the viewer a file gets', () => {
  it.each([
    ['text with lines', diffFile(), 'text'],
    ['a binary file', diffFile({ viewer: viewer('not_diffable'), highlighted_diff_lines: [] }), 'download'],
    ['an image', diffFile({ viewer: viewer('image'), highlighted_diff_lines: [] }), 'image'],
    ['a file over the limits', diffFile({ too_large: true, highlighted_diff_lines: [] }), 'too-large'],
    ['a collapsed file', diffFile({ viewer: viewer('collapsed'), highlighted_diff_lines: [] }), 'collapsed'],
    [
      'a mode change only',
      diffFile({ viewer: viewer('no_preview'), mode_changed: true, highlighted_diff_lines: [] }),
      'mode-changed',
    ],
    [
      'a rename only',
      diffFile({ viewer: viewer('no_preview'), renamed_file: true, highlighted_diff_lines: [] }),
      'renamed',
    ],
    ['a renamed file with changes', diffFile({ renamed_file: true }), 'text'],
    [
      'a Git LFS pointer',
      diffFile({
        stored_externally: true,
        external_storage: 'lfs',
        viewer: viewer('not_diffable'),
        highlighted_diff_lines: [],
      }),
      'stored-externally',
    ],
    ['an empty new file', diffFile({ new_file: true, highlighted_diff_lines: [] }), 'empty'],
  ])('%s: %s', (_, file, kind) => {
    expect(viewerKind(file)).toBe(kind);
  });

  it('words the spec texts', () => {
    expect(modeChangedText('100644', '100755')).toBe('File mode changed from 100644 to 100755');
    expect(viewFileAtText('0123456789abcdef0123456789abcdef01234567')).toBe('View file @ 01234567');
  });

  it.each([
    [0, '0 bytes'],
    [1023, '1023 bytes'],
    [1024, '1.00 KiB'],
    [2560, '2.50 KiB'],
    [(1024 * 1024 * 3) / 2, '1.50 MiB'],
    [5 * 1024 ** 3, '5.00 GiB'],
  ])('writes %d bytes as "%s"', (bytes, text) => {
    expect(humanSize(bytes)).toBe(text);
  });
});
