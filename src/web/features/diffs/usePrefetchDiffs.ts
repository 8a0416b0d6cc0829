import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../session/useSession';
import { diffSelectionFrom } from './diffSelection';
import { prefetchDiffs, useUserDiffPreferences } from './queries';
import { initialDiffPreferences } from './useDiffPreferences';

/**
 * Starts the Changes tab's first requests (metadata and first batch) once the viewer's settings
 * are known, with the selection the tab itself will compute: the tab waits for the project and
 * the merge request to load, which these requests do not need.
 */
export function usePrefetchDiffs(fullPath: string, iid: number): void {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const saved = useUserDiffPreferences(signedIn);
  const settingsKnown = !session.isPending && !(signedIn && saved.isPending);
  const savedSettings = signedIn ? (saved.data ?? null) : null;
  useEffect(() => {
    if (!settingsKnown) return;
    const prefs = initialDiffPreferences(searchParams.get('view'), savedSettings);
    const selection = diffSelectionFrom(searchParams, prefs.showWhitespace);
    prefetchDiffs(queryClient, fullPath, iid, selection, prefs.fileByFile);
    // Once per merge request: later changes of the settings or the selection are the tab's to follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settingsKnown, fullPath, iid]);
}
