import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiffPreferences as UserDiffPreferences } from '../../../shared/api/diffs';
import { request } from '../../api/client';
import { USER_PREFERENCES_API } from './diffsRequests';
import { userPreferencesKey } from './queries';

/** Saves diff settings on the signed-in user (`PUT /api/v4/user/preferences`). */
export function useSaveDiffPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<UserDiffPreferences>) =>
      request<UserDiffPreferences>(USER_PREFERENCES_API, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(userPreferencesKey, saved),
  });
}
