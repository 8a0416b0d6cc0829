import { useCallback, useState } from 'react';
import type { DiffPreferences as UserDiffPreferences } from '../../../shared/api/diffs';
import { initialDiffPreferences, STORAGE_KEY, type DiffPreferences } from './diffPreferences';

type Options = {
  viewFromUrl: string | null;
  /** The signed-in user's saved settings; null when signed out. */
  saved: UserDiffPreferences | null;
  save: (change: Partial<UserDiffPreferences>) => void;
};

/**
 * The display choices, from {@link initialDiffPreferences}. Spec section 6: whitespace is saved
 * to the profile only when signed in; file by file is always saved (in this browser too, so
 * signed-out visitors keep it).
 */
export function useDiffPreferences({ viewFromUrl, saved, save }: Options) {
  const [prefs, setPrefs] = useState<DiffPreferences>(() => initialDiffPreferences(viewFromUrl, saved));
  const update = useCallback(
    (change: Partial<DiffPreferences>) => {
      setPrefs((current) => {
        const next = { ...current, ...change };
        const { view, fileByFile, showTree, fileTreeView } = next;
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ view, fileByFile, showTree, fileTreeView }));
        return next;
      });
      // The view and the file browser stay in this browser: only these two go to the profile.
      const profile: Partial<UserDiffPreferences> = {
        ...(change.showWhitespace === undefined ? {} : { show_whitespace_in_diffs: change.showWhitespace }),
        ...(change.fileByFile === undefined ? {} : { view_diffs_file_by_file: change.fileByFile }),
      };
      if (saved && Object.keys(profile).length > 0) save(profile);
    },
    [saved, save],
  );
  return [prefs, update] as const;
}
