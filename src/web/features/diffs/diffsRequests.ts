import type { DiffPreferences as UserDiffPreferences } from '../../../shared/api/diffs';
import { buildUrl } from '../../api/client';
import { mergeRequestPagePath } from '../../lib/mergeRequests';
import { batchQuery, firstBatch, type BatchCursor } from './batchLoading';
import { initialDiffPreferences } from './diffPreferences';
import { diffSelectionFrom, type DiffSelection } from './diffSelection';

/**
 * The spec's "configured" page size: GitLab's client is configured with `per_page` 5 for the
 * first batch of the Changes tab (see docs/decisions.md).
 */
export const CONFIGURED_PER_PAGE = 5;

/** The signed-in user's saved settings, whitespace and file by file among them. */
export const USER_PREFERENCES_API = '/api/v4/user/preferences';

/** The selection as the diff endpoints take it (GitLab's parameters). */
export const selectionQuery = (s: DiffSelection) => ({
  w: s.ignoreWhitespace ? '1' : '0',
  view: 'inline',
  diff_id: s.diffId,
  start_sha: s.startSha,
  commit_id: s.commitId,
  diff_head: s.diffHead ? 'true' : undefined,
  only_context_commits: s.onlyContextCommits ? 'true' : undefined,
});

/** `diffs_metadata.json` for a selection. */
export const diffsMetadataUrl = (fullPath: string, iid: number, selection: DiffSelection): string =>
  buildUrl(`${mergeRequestPagePath(fullPath, iid)}/diffs_metadata.json`, selectionQuery(selection));

/** `diffs_batch.json` for a selection, the batch at `cursor`. */
export const diffsBatchUrl = (fullPath: string, iid: number, selection: DiffSelection, cursor: BatchCursor) =>
  buildUrl(`${mergeRequestPagePath(fullPath, iid)}/diffs_batch.json`, {
    ...selectionQuery(selection),
    ...batchQuery(cursor),
  });

/**
 * What the Changes tab asks for first at this address, with the viewer's saved settings (null
 * when signed out): the file list and the first batch, as the tab itself will compute them.
 */
export function firstDiffsUrls(
  fullPath: string,
  iid: number,
  search: URLSearchParams,
  saved: UserDiffPreferences | null,
): string[] {
  const prefs = initialDiffPreferences(search.get('view'), saved);
  const selection = diffSelectionFrom(search, prefs.showWhitespace);
  return [
    diffsMetadataUrl(fullPath, iid, selection),
    diffsBatchUrl(fullPath, iid, selection, firstBatch(CONFIGURED_PER_PAGE, prefs.fileByFile)),
  ];
}
