import type { DiffFile, DiffLine } from '../../src/shared/api/diffs';

/** Fixture diff files for the Changes tab's unit tests, in the batch endpoint's shape. */
export function line(
  type: DiffLine['type'],
  oldLine: number | null,
  newLine: number | null,
  text = '',
): DiffLine {
  const prefix = type === 'new' ? '+' : type === 'old' ? '-' : type === 'match' ? '' : ' ';
  return {
    line_code: type === 'match' ? null : `${'a'.repeat(40)}_${oldLine ?? 0}_${newLine ?? 0}`,
    type,
    old_line: oldLine,
    new_line: newLine,
    text: `${prefix}${text}`,
    rich_text: `${prefix}${text}`,
    meta_data: type === 'match' ? { old_pos: oldLine ?? 0, new_pos: newLine ?? 0 } : null,
  };
}

export function diffFile(overrides: Partial<DiffFile> = {}): DiffFile {
  const path = overrides.new_path ?? 'src/app.ts';
  return {
    file_hash: 'a'.repeat(40),
    file_path: path,
    old_path: path,
    new_path: path,
    new_file: false,
    renamed_file: false,
    deleted_file: false,
    mode_changed: false,
    a_mode: '100644',
    b_mode: '100644',
    submodule: false,
    stored_externally: false,
    external_storage: null,
    size: 120,
    added_lines: 1,
    removed_lines: 1,
    viewer: { name: 'text', collapsed: false, reason: null },
    old_path_html: path,
    new_path_html: path,
    blob: { id: 'b'.repeat(40), readable_text: true },
    external_url: null,
    formatted_external_url: null,
    content_sha: 'c'.repeat(40),
    diff_refs: { base_sha: 'd'.repeat(40), start_sha: 'd'.repeat(40), head_sha: 'c'.repeat(40) },
    view_path: `/group/app/-/blob/${'c'.repeat(40)}/${path}`,
    replaced_view_path: null,
    context_lines_path: null,
    load_collapsed_diff_url: '/group/app/-/merge_requests/1/diff_for_path.json',
    submodule_link: null,
    submodule_tree_url: null,
    submodule_compare: null,
    edit_path: `/group/app/-/edit/feature/${path}?from_merge_request_iid=1`,
    ide_edit_path: '/-/ide/project/group/app/merge_requests/1',
    can_modify_blob: true,
    old_size: null,
    new_size: null,
    too_large: false,
    is_fully_expanded: false,
    highlighted_diff_lines: [
      line('match', 1, 1, '@@ -1,2 +1,2 @@'),
      line(null, 1, 1, 'const a = 1;'),
      line('old', 2, null, 'const b = 2;'),
      line('new', null, 2, 'const b = 3;'),
    ],
    ...overrides,
  };
}
