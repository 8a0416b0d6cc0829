import type { DiffPreferences as UserDiffPreferences } from '../../../shared/api/diffs';

export type DiffViewType = 'inline' | 'parallel';

/** Spec 2.7: the file browser as a tree of folders or a flat list of files. */
export type FileTreeView = 'tree' | 'list';

/** The Changes tab's display choices. */
export type DiffPreferences = {
  view: DiffViewType;
  showWhitespace: boolean;
  fileByFile: boolean;
  showTree: boolean;
  fileTreeView: FileTreeView;
};

export const STORAGE_KEY = 'diff_preferences';
const DEFAULTS: DiffPreferences = {
  view: 'inline',
  showWhitespace: true,
  fileByFile: false,
  showTree: true,
  fileTreeView: 'tree',
};

function readStored(): Partial<DiffPreferences> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (!stored || typeof stored !== 'object') return {};
    const s = stored as Partial<Record<keyof DiffPreferences, unknown>>;
    return {
      ...(s.view === 'inline' || s.view === 'parallel' ? { view: s.view } : {}),
      ...(typeof s.fileByFile === 'boolean' ? { fileByFile: s.fileByFile } : {}),
      ...(typeof s.showTree === 'boolean' ? { showTree: s.showTree } : {}),
      ...(s.fileTreeView === 'tree' || s.fileTreeView === 'list' ? { fileTreeView: s.fileTreeView } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * The choices a visit starts with: `?view=` wins over the stored view as in GitLab; the user's
 * saved settings win over this browser's.
 */
export function initialDiffPreferences(
  viewFromUrl: string | null,
  saved: UserDiffPreferences | null,
): DiffPreferences {
  return {
    ...DEFAULTS,
    ...readStored(),
    ...(saved
      ? { showWhitespace: saved.show_whitespace_in_diffs, fileByFile: saved.view_diffs_file_by_file }
      : {}),
    ...(viewFromUrl === 'inline' || viewFromUrl === 'parallel' ? { view: viewFromUrl } : {}),
  };
}
