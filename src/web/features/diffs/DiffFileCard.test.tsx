import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DiffFile } from '../../../shared/api/diffs';
import { DiffFileCard, type ExpansionActions, type FileBody } from './DiffFileCard';
import { DiffStatsBar } from './DiffStatsBar';
import { diffFile, line } from '../../../../test/support/diff-fixtures';
import { unexpanded, type FileExpansion } from './fileExpansion';

const noActions: ExpansionActions = {
  expand: () => undefined,
  unfold: () => undefined,
  toggleFullFile: () => undefined,
  dismissFullFileError: () => undefined,
  dismissExpandError: () => undefined,
};

const render = (
  file: DiffFile,
  options: {
    body?: FileBody;
    collapsed?: boolean;
    autoCollapsed?: boolean;
    view?: 'inline' | 'parallel';
    expansion?: FileExpansion;
  } = {},
) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <DiffFileCard
        fullPath="group/app"
        meta={file}
        body={options.body ?? { kind: 'loaded', file }}
        view={options.view ?? 'inline'}
        collapsed={options.collapsed ?? false}
        autoCollapsed={options.autoCollapsed ?? false}
        reviewed={false}
        expansion={options.expansion ?? unexpanded}
        actions={noActions}
        onToggleCollapse={() => undefined}
        onReviewed={() => undefined}
      />
    </QueryClientProvider>,
  );

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const noLines = { highlighted_diff_lines: [] };

describe('a diff file card', () => {
  it('anchors the file at #diff-content-{file hash} and names its region after the path', () => {
    const html = render(diffFile());
    expect(html).toContain(`id="diff-content-${'a'.repeat(40)}"`);
    expect(html).toContain('aria-label="src/app.ts"');
    expect(html).toContain(`href="#diff-content-${'a'.repeat(40)}"`);
    expect(text(html)).toContain('Copy file path src/app.ts');
    expect(text(html)).toContain('Viewed');
  });

  it('renders the server highlighting of a line as HTML and the hunk header as text', () => {
    const file = diffFile({
      highlighted_diff_lines: [
        line('match', 1, 1, '@@ -1 +1 @@ <b>'),
        { ...line('new', null, 1), rich_text: '+<span class=k>const</span> a = &lt;b&gt;;' },
      ],
    });
    const html = render(file);
    expect(html).toContain('<span class=k>const</span> a = &lt;b&gt;;');
    expect(html).toContain('@@ -1 +1 @@ &lt;b&gt;');
    expect(html).toContain(`id="${'a'.repeat(40)}_0_1"`);
  });

  it('shows removed and added lines side by side in the parallel view', () => {
    const html = render(diffFile(), { view: 'parallel' });
    expect(html).toContain('diff-table--parallel');
    expect(html).toMatch(/-const b = 2;<\/td>.*\+const b = 3;<\/td>/);
  });

  it.each([
    [
      'a mode change',
      diffFile({
        ...noLines,
        mode_changed: true,
        b_mode: '100755',
        viewer: { name: 'no_preview', collapsed: false, reason: null },
      }),
      'File mode changed from 100644 to 100755',
    ],
    [
      'a rename of a text file',
      diffFile({
        ...noLines,
        renamed_file: true,
        old_path: 'old.ts',
        context_lines_path: '/group/app/-/blob/c/new.ts/diff',
        viewer: { name: 'no_preview', collapsed: false, reason: null },
      }),
      'File renamed with no changes. Show file contents',
    ],
    [
      'a rename of a file that is not text',
      diffFile({
        ...noLines,
        renamed_file: true,
        blob: { id: 'b'.repeat(40), readable_text: false },
        viewer: { name: 'no_preview', collapsed: false, reason: null },
      }),
      `File renamed with no changes. View file @ cccccccc`,
    ],
    [
      'a binary file',
      diffFile({
        ...noLines,
        new_path: 'logo.bin',
        viewer: { name: 'not_diffable', collapsed: false, reason: 'The file is binary.' },
      }),
      'logo.bin 120 bytes The file is binary. Download',
    ],
  ])('shows %s', (_, file, expected) => {
    expect(text(render(file))).toContain(expected);
  });

  it('offers to expand the lines a hunk header hides, unless the diff is the whole file', () => {
    const readable = { context_lines_path: '/group/app/-/blob/c/src/app.ts/diff' };
    const lines = [
      line('match', 30, 30, '@@ -30,2 +30,2 @@'),
      line(null, 30, 30, 'const a = 1;'),
      line('new', null, 31, 'const b = 3;'),
    ];
    const html = render(diffFile({ ...readable, highlighted_diff_lines: lines }));
    expect(text(html)).toContain('Expand above');
    expect(text(html)).toContain('Expand all lines');
    expect(text(html)).toContain('Show full file');
    const whole = render(diffFile({ ...readable, highlighted_diff_lines: lines, is_fully_expanded: true }));
    expect(whole).not.toContain('Expand all lines');
    expect(text(whole)).not.toContain('Show full file');
  });

  it('shows the full file with the toggle set to the changes, and says when it failed', () => {
    const file = diffFile({ context_lines_path: '/group/app/-/blob/c/src/app.ts/diff' });
    const full = render(file, {
      expansion: { ...unexpanded, full: { kind: 'full', lines: [line(null, 1, 1, 'whole file')] } },
    });
    expect(text(full)).toContain('Show changes only');
    expect(full).toContain('aria-pressed="true"');
    expect(text(full)).toContain('whole file');
    expect(text(full)).not.toContain('const b = 3;');
    const failed = render(file, { expansion: { ...unexpanded, full: { kind: 'error' } } });
    expect(text(failed)).toContain('Error loading full diff. Please try again. Dismiss');
    const expandFailed = render(file, { expansion: { ...unexpanded, expandFailed: true } });
    expect(text(expandFailed)).toContain('Something went wrong while fetching diff lines.');
  });

  it('says a Git LFS file is stored elsewhere, with its size, and leaves out a size of zero', () => {
    const lfs = diffFile({
      ...noLines,
      new_path: 'assets/video.mp4',
      stored_externally: true,
      external_storage: 'lfs',
      size: 3 * 1024 * 1024,
      viewer: { name: 'not_diffable', collapsed: false, reason: 'The file is stored in Git LFS.' },
    });
    expect(text(render(lfs))).toContain(
      'video.mp4 3.00 MiB This source diff could not be displayed because it is stored in LFS. You can view the blob instead.',
    );
    const empty = diffFile({
      ...noLines,
      new_path: 'empty.bin',
      size: 0,
      viewer: { name: 'not_diffable', collapsed: false, reason: null },
    });
    expect(text(render(empty))).toContain('empty.bin Download');
  });

  it('links to edit the file and open it in the Web IDE only for a reader who may change it', () => {
    const html = render(diffFile());
    expect(html).toContain('href="/group/app/-/edit/feature/src/app.ts?from_merge_request_iid=1"');
    expect(html).toContain('href="/-/ide/project/group/app/merge_requests/1"');
    expect(html).toContain(`href="/group/app/-/blob/${'c'.repeat(40)}/src/app.ts"`);
    const reader = render(diffFile({ can_modify_blob: false }));
    expect(reader).not.toContain('/-/edit/');
    expect(reader).not.toContain('/-/ide/');
    expect(text(reader)).toContain('View file');
  });

  it('links a submodule to its project and compares its two commits', () => {
    const html = render(
      diffFile({
        new_path: 'vendor/lib',
        submodule: true,
        a_mode: '160000',
        b_mode: '160000',
        blob: null,
        submodule_link: '/group/lib',
        submodule_tree_url: `/group/lib/-/tree/${'2'.repeat(40)}`,
        submodule_compare: {
          old_sha: '1'.repeat(40),
          new_sha: '2'.repeat(40),
          url: `/group/lib/-/compare/${'1'.repeat(40)}...${'2'.repeat(40)}`,
        },
      }),
    );
    expect(html).toContain(`href="/group/lib/-/tree/${'2'.repeat(40)}"`);
    expect(html).toContain(`href="/group/lib/-/compare/${'1'.repeat(40)}...${'2'.repeat(40)}"`);
    expect(text(html)).toContain('submodule');
    expect(text(html)).toContain('Compare 11111111…22222222');
  });

  it('shows a rename without changes loading, failing (its own alert) and loaded', () => {
    const renamed = diffFile({
      ...noLines,
      renamed_file: true,
      old_path: 'old.ts',
      context_lines_path: '/group/app/-/blob/c/src/app.ts/diff',
      viewer: { name: 'no_preview', collapsed: false, reason: null },
    });
    const loading = render(renamed, { expansion: { ...unexpanded, full: { kind: 'loading' } } });
    expect(text(loading)).not.toContain('Show file contents');
    const failed = text(render(renamed, { expansion: { ...unexpanded, full: { kind: 'error' } } }));
    expect(failed).toContain('Unable to load file contents. Try again later. Dismiss');
    expect(failed).not.toContain('Error loading full diff');
    const loaded = render(renamed, {
      expansion: { ...unexpanded, full: { kind: 'full', lines: [line(null, 1, 1, 'same text')] } },
    });
    expect(text(loaded)).toContain('same text');
    expect(text(loaded)).not.toContain('File renamed with no changes.');
  });

  it('says when the diff could not be loaded and offers to try again', () => {
    const html = render(diffFile(), { body: { kind: 'error', retry: () => undefined } });
    expect(text(html)).toContain('Unable to load the diff Try again');
  });

  it('shows only the header of a collapsed file', () => {
    const html = render(diffFile(), { collapsed: true });
    expect(html).not.toContain('diff-table');
    expect(text(html)).toContain('Expand src/app.ts');
    expect(html).toContain('aria-expanded="false"');
  });

  it('says why a file past the collapse limits is collapsed and offers to expand it; a file the reader collapsed says nothing', () => {
    const large = diffFile({ viewer: { name: 'collapsed', collapsed: true, reason: null }, ...noLines });
    const auto = text(render(large, { collapsed: true, autoCollapsed: true }));
    expect(auto).toContain('Files with large changes are collapsed by default. Expand file');
    const manual = text(render(large, { collapsed: true }));
    expect(manual).not.toContain('Files with large changes');
    expect(manual).not.toContain('Expand file');
  });

  it('labels new, deleted and renamed files', () => {
    expect(text(render(diffFile({ new_file: true })))).toContain('new');
    expect(text(render(diffFile({ deleted_file: true })))).toContain('deleted');
    expect(text(render(diffFile({ renamed_file: true, old_path: 'a.ts' })))).toContain('a.ts → src/app.ts');
  });
});

describe('the stats bar', () => {
  it('reads the totals out with the spec label', () => {
    const html = renderToStaticMarkup(
      <DiffStatsBar files={[diffFile({ added_lines: 4, removed_lines: 2 })]} />,
    );
    expect(html).toContain('aria-label="1 file. Added 4 lines. Removed 2 lines."');
    expect(text(html)).toContain('1 file +4 −2');
  });
});
