import type { DiffPreferences as UserDiffPreferences } from '../shared/api/diffs';
import type { SessionResponse } from '../shared/api/session';
import { startEarlyGet, startEarlyGetJson } from './api/client';
import { firstDiffsUrls, USER_PREFERENCES_API } from './features/diffs/diffsRequests';
import { mergeRequestPagePath, notesDataPath } from './lib/mergeRequests';
import { projectApi } from './lib/projectApi';

/** `/{namespaces}/{project}/-/{page}`, up to four namespaces as the router mounts them. */
const PROJECT_PAGE = /^\/((?:[^/]+\/){1,4}[^/]+)\/-\/(.*)$/;
const MERGE_REQUEST_TAB = /^merge_requests\/(\d{1,9})(\/diffs|\/commits|\/pipelines)?\/?$/;

/**
 * Starts the first requests of the page at this address before the app's scripts have loaded:
 * parsing and running them takes longer than the server needs to answer, so the answers are
 * waiting when the app asks (the API client hands each over once). Only reads that any visitor of
 * the address makes; the server still decides what each may see.
 */
export function startEarlyRequests(
  location: Pick<Location, 'pathname' | 'search'>,
  /** Starts loading the Changes tab's module (which the app would ask for only once the merge request has loaded). */
  loadChangesTab: () => Promise<unknown>,
): void {
  const session = startEarlyGetJson<SessionResponse>('/-/session');
  const page = PROJECT_PAGE.exec(decodedPath(location.pathname));
  if (!page) return;
  const fullPath = page[1]!;
  startEarlyGet(projectApi(fullPath));
  const tab = MERGE_REQUEST_TAB.exec(page[2]!);
  if (!tab) return;
  const iid = Number(tab[1]);
  startEarlyGet(`${mergeRequestPagePath(fullPath, iid)}.json`);
  startEarlyGet(notesDataPath(fullPath, iid));
  if (tab[2] !== '/diffs') return;
  void startDiffs(fullPath, iid, new URLSearchParams(location.search), session);
  void loadChangesTab();
}

/** The path as the router reads its parameters; a malformed one starts nothing more. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return '';
  }
}

/** The Changes tab's file list and first files, once the viewer's saved settings are known. */
async function startDiffs(
  fullPath: string,
  iid: number,
  search: URLSearchParams,
  session: Promise<SessionResponse | null>,
): Promise<void> {
  const signedIn = Boolean((await session)?.user);
  const saved = signedIn ? await startEarlyGetJson<UserDiffPreferences>(USER_PREFERENCES_API) : null;
  for (const url of firstDiffsUrls(fullPath, iid, search, saved)) startEarlyGet(url);
}
