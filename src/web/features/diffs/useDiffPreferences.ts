import { useCallback, useState } from 'react';

export type DiffViewType = 'inline' | 'parallel';

/** The Changes tab's display choices, remembered in this browser. */
export type DiffPreferences = {
  view: DiffViewType;
  showWhitespace: boolean;
  fileByFile: boolean;
  showTree: boolean;
};

const STORAGE_KEY = 'diff_preferences';
const DEFAULTS: DiffPreferences = { view: 'inline', showWhitespace: true, fileByFile: false, showTree: true };

function read(): DiffPreferences {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (!stored || typeof stored !== 'object') return DEFAULTS;
    const s = stored as Partial<Record<keyof DiffPreferences, unknown>>;
    return {
      view: s.view === 'parallel' ? 'parallel' : 'inline',
      showWhitespace: typeof s.showWhitespace === 'boolean' ? s.showWhitespace : DEFAULTS.showWhitespace,
      fileByFile: typeof s.fileByFile === 'boolean' ? s.fileByFile : DEFAULTS.fileByFile,
      showTree: typeof s.showTree === 'boolean' ? s.showTree : DEFAULTS.showTree,
    };
  } catch {
    return DEFAULTS;
  }
}

/** The preferences, with `?view=` in the address winning over the stored view as GitLab does. */
export function useDiffPreferences(viewFromUrl: string | null) {
  const [prefs, setPrefs] = useState<DiffPreferences>(() => {
    const stored = read();
    return viewFromUrl === 'inline' || viewFromUrl === 'parallel' ? { ...stored, view: viewFromUrl } : stored;
  });
  const update = useCallback((change: Partial<DiffPreferences>) => {
    setPrefs((current) => {
      const next = { ...current, ...change };
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return [prefs, update] as const;
}
