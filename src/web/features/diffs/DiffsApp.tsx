import { Flash, IconButton, Spinner } from '@primer/react';
import { ChevronLeftIcon, ChevronRightIcon } from '@primer/octicons-react';
import { type CSSProperties, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type {
  DiffFile,
  DiffFileMetadata,
  DiffPreferences as UserDiffPreferences,
  DiffsMetadata,
} from '../../../shared/api/diffs';
import { useSession } from '../../lib/useSession';
import {
  applyCollapse,
  initialFlags,
  isAutomaticallyCollapsed,
  isCollapsed,
  type CollapseEvent,
  type CollapseFlags,
} from './collapse';
import { fileAnchor, parseDiffTarget, type DiffTarget } from './deepLink';
import { neighboursToPrefetch } from './batchLoading';
import { DiffFileCard, type ExpansionActions, type FileBody } from './DiffFileCard';
import { DiffLoadError } from './DiffLoadError';
import { NoteLinkedFileList, type ListApi } from './DiffFileList';
import { DiffNotesProvider, DiffReviewPanel } from './DiffNotesContext';
import { DiffSearch } from './DiffSearch';
import { findInDiff, stepMatch, type DiffMatch } from './diffSearch';
import { DiffsToolbar } from './DiffsToolbar';
import { FileTree } from './FileTree';
import type { LoadState } from './fileTree';
import { useSaveDiffPreferences } from './mutations';
import { changeCommit } from './commitNavigation';
import { coverageOf } from './coverage';
import {
  useCollapsedDiffs,
  useCoverage,
  useDiffBatches,
  useDiffForPath,
  useDiffsMetadata,
  usePrefetchFiles,
  useUserDiffPreferences,
} from './queries';
import { diffSelectionFrom, type DiffSelection } from './diffSelection';
import type { DiffPreferences, FileTreeView } from './diffPreferences';
import { useDiffPreferences } from './useDiffPreferences';
import { shownLines } from './fileExpansion';
import { useFileExpansions } from './useFileExpansions';
import { useFindShortcut } from './useFindShortcut';
import { useReviewedFiles } from './useReviewedFiles';
import '../../components/diff-lines.css';
import './diffs-toolbar.css';
import './diff-tree.css';
import './diff-file.css';
import './diff-image.css';
import './diffs-controls.css';
import './diff-notes.css';
import './image-notes.css';

const LOADING: FileBody = { kind: 'loading' };
const loadedBodies = new WeakMap<DiffFile, FileBody>();
/** One body per file object, so that a memoized card sees the same props while its file is unchanged. */
function loadedBody(file: DiffFile): FileBody {
  let body = loadedBodies.get(file);
  if (!body) loadedBodies.set(file, (body = { kind: 'loaded', file }));
  return body;
}

/** The Changes tab of `{project}/-/merge_requests/{iid}/diffs`. */
export function DiffsApp({ fullPath, iid }: { fullPath: string; iid: number }) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const saved = useUserDiffPreferences(signedIn);
  // The saved settings decide the first request (whitespace), so they are read before it.
  if (session.isPending || (signedIn && saved.isPending)) return <Spinner aria-label="Loading the changes" />;
  return <DiffsView fullPath={fullPath} iid={iid} saved={signedIn ? (saved.data ?? null) : null} />;
}

function DiffsView({
  fullPath,
  iid,
  saved,
}: {
  fullPath: string;
  iid: number;
  saved: UserDiffPreferences | null;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { mutate: save } = useSaveDiffPreferences();
  const [prefs, setPrefs] = useDiffPreferences({ viewFromUrl: searchParams.get('view'), saved, save });
  const { ignoreWhitespace, diffId, startSha, commitId, diffHead, onlyContextCommits } = diffSelectionFrom(
    searchParams,
    prefs.showWhitespace,
  );
  const selection: DiffSelection = useMemo(
    () => ({ ignoreWhitespace, diffId, startSha, commitId, diffHead, onlyContextCommits }),
    [ignoreWhitespace, diffId, startSha, commitId, diffHead, onlyContextCommits],
  );
  const metadata = useDiffsMetadata(fullPath, iid, selection);
  // The first batch needs only the selection: asked for beside the metadata, not after it.
  const batches = useDiffBatches(fullPath, iid, selection, prefs.fileByFile);
  const updateSelection = useCallback(
    (change: Record<string, string | undefined>) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setSearchParams],
  );
  if (metadata.isPending) return <Spinner aria-label="Loading the changes" />;
  if (metadata.isError) {
    return (
      <DiffLoadError error={metadata.error} search={searchParams} retry={() => void metadata.refetch()} />
    );
  }
  return (
    <DiffsLoaded
      fullPath={fullPath}
      iid={iid}
      metadata={metadata.data}
      batches={batches}
      selection={selection}
      prefs={prefs}
      setPrefs={setPrefs}
      updateSelection={updateSelection}
    />
  );
}

type LoadedProps = {
  fullPath: string;
  iid: number;
  metadata: DiffsMetadata;
  batches: ReturnType<typeof useDiffBatches>;
  selection: DiffSelection;
  prefs: DiffPreferences;
  setPrefs: (change: Partial<DiffPreferences>) => void;
  updateSelection: (change: Record<string, string | undefined>) => void;
};

function DiffsLoaded({
  fullPath,
  iid,
  metadata,
  batches,
  selection,
  prefs,
  setPrefs,
  updateSelection,
}: LoadedProps) {
  const files = metadata.diff_files;
  const location = useLocation();
  const [target] = useState<DiffTarget>(() => parseDiffTarget(location.search, location.hash));
  const batchFiles = useMemo(() => {
    const map = new Map<string, DiffFile>();
    for (const page of batches.data?.pages ?? [])
      for (const file of page.diff_files) map.set(file.file_hash, file);
    return map;
  }, [batches.data]);

  const [reviewed, setFileReviewed] = useReviewedFiles(fullPath, iid);
  const [flags, setFlags] = useState<ReadonlyMap<string, CollapseFlags>>(new Map());
  // Past the collapse limits a file starts collapsed (the batch, which knows its patch's size, has
  // the last word over the file list); never in file-by-file mode, which shows one file anyway.
  const flagsOf = useCallback(
    (meta: DiffFileMetadata) =>
      flags.get(meta.file_hash) ??
      initialFlags(
        !prefs.fileByFile &&
          (meta.viewer.collapsed || batchFiles.get(meta.file_hash)?.viewer.collapsed === true),
        reviewed.has(meta.file_hash),
      ),
    [flags, reviewed, batchFiles, prefs.fileByFile],
  );
  // A collapsed file came without lines: once expanded they are read from its load_collapsed_diff_url.
  const expandedLines = useCollapsedDiffs(
    fullPath,
    iid,
    selection,
    useMemo(
      () =>
        files.flatMap((meta) => {
          const file = batchFiles.get(meta.file_hash);
          return file?.viewer.name === 'collapsed' && !isCollapsed(flagsOf(meta)) ? [file] : [];
        }),
      [files, batchFiles, flagsOf],
    ),
  );
  const loaded = useMemo(() => {
    if (expandedLines.size === 0) return batchFiles;
    const map = new Map(batchFiles);
    for (const [hash, body] of expandedLines) if (body.kind === 'loaded') map.set(hash, body.file);
    return map;
  }, [batchFiles, expandedLines]);
  const loadState: LoadState = useCallback(
    (hash) => (loaded.has(hash) ? 'loaded' : batches.isFetching ? 'loading' : 'pending'),
    [loaded, batches.isFetching],
  );
  const { refetch, fetchNextPage, isFetchNextPageError, isError } = batches;
  const retry = useCallback(
    () => void (isFetchNextPageError ? fetchNextPage() : refetch()),
    [isFetchNextPageError, fetchNextPage, refetch],
  );
  const failed: FileBody = useMemo(() => ({ kind: 'error', retry }), [retry]);
  // The same body for the same file from render to render: a card re-renders only when its file changed.
  const bodyOf = (meta: DiffFileMetadata): FileBody => {
    const expanded = expandedLines.get(meta.file_hash);
    if (expanded) return expanded;
    const file = loaded.get(meta.file_hash);
    if (file) return loadedBody(file);
    return isError ? failed : LOADING;
  };

  // The cards' handlers read the flags through a ref, so that they stay the same functions when a
  // file's flags change: otherwise every card of a list rendered whole re-renders on each click.
  const latestFlagsOf = useRef(flagsOf);
  useLayoutEffect(() => {
    latestFlagsOf.current = flagsOf;
  });
  const dispatch = useCallback(
    (hashes: readonly string[], event: CollapseEvent) =>
      setFlags((current) => {
        const next = new Map(current);
        for (const hash of hashes) {
          const meta = files.find((f) => f.file_hash === hash);
          if (meta) next.set(hash, applyCollapse(current.get(hash) ?? latestFlagsOf.current(meta), event));
        }
        return next;
      }),
    [files],
  );
  const onToggleCollapse = useCallback(
    (hash: string) => {
      const meta = files.find((f) => f.file_hash === hash);
      if (!meta) return;
      dispatch([hash], { type: isCollapsed(latestFlagsOf.current(meta)) ? 'user-expand' : 'user-collapse' });
    },
    [files, dispatch],
  );
  const onReviewed = useCallback(
    (hash: string, value: boolean) => {
      setFileReviewed(hash, value);
      dispatch([hash], { type: value ? 'mark-reviewed' : 'unmark-reviewed' });
    },
    [setFileReviewed, dispatch],
  );
  const allHashes = useMemo(() => files.map((f) => f.file_hash), [files]);

  // The sticky toolbar wraps on narrow screens: files scrolled to land below it, whatever its height.
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [toolbarHeight, setToolbarHeight] = useState(56);
  useLayoutEffect(() => {
    const toolbar = toolbarRef.current;
    if (!toolbar) return;
    const observer = new ResizeObserver(() => setToolbarHeight(toolbar.offsetHeight));
    observer.observe(toolbar);
    return () => observer.disconnect();
  }, []);

  const targetHash = target.kind === 'file' || target.kind === 'line' ? target.fileHash : null;
  const [current, setCurrent] = useState(() =>
    Math.max(
      0,
      files.findIndex((f) => f.file_hash === targetHash),
    ),
  );
  const listApi = useRef<ListApi>(null);
  const open = useCallback(
    (hash: string) => {
      const index = files.findIndex((f) => f.file_hash === hash);
      if (index < 0) return;
      setCurrent(index);
      window.history.replaceState(window.history.state, '', `#${fileAnchor(hash)}`);
      if (!prefs.fileByFile) listApi.current?.scrollTo(index);
    },
    [files, prefs.fileByFile],
  );
  const showTreeAs = useCallback((fileTreeView: FileTreeView) => setPrefs({ fileTreeView }), [setPrefs]);

  const [search, setSearch] = useState({ query: '', index: 0 });
  const { expansionOf, expand, unfold, toggleFullFile, dismissFullFileError, dismissExpandError } =
    useFileExpansions(selection);
  // The search reads what each file shows, expanded lines and full files included; a collapsed
  // file's lines are not loaded until it is expanded.
  const loadedFiles = useMemo(
    () =>
      files.flatMap((f) => {
        const file = loaded.get(f.file_hash);
        return file && file.viewer.name !== 'collapsed'
          ? [
              {
                file_hash: file.file_hash,
                highlighted_diff_lines: shownLines(file, expansionOf(f.file_hash)),
              },
            ]
          : [];
      }),
    [files, loaded, expansionOf],
  );
  const matches = useMemo(() => findInDiff(loadedFiles, search.query), [loadedFiles, search.query]);
  const goTo = (match: DiffMatch | undefined) => {
    const index = match ? files.findIndex((f) => f.file_hash === match.fileHash) : -1;
    if (!match || index < 0) return;
    dispatch([match.fileHash], { type: 'force-open' });
    setCurrent(index);
    listApi.current?.scrollToLine(index, match.lineCode);
  };
  const searchInput = useRef<HTMLInputElement>(null);
  useFindShortcut(
    searchInput,
    useCallback(
      () => (prefs.fileByFile ? files.length > 1 : !(listApi.current?.everyFileRendered() ?? true)),
      [prefs.fileByFile, files.length],
    ),
  );
  const activeMatch = matches[Math.min(search.index, matches.length - 1)] ?? null;
  const targetLine = activeMatch ?? (target.kind === 'line' ? target : null);
  const lineOf = (meta: DiffFileMetadata) =>
    targetLine?.fileHash === meta.file_hash ? targetLine.lineCode : null;
  const coverage = useCoverage(fullPath, iid);
  const actions: ExpansionActions = useMemo(
    () => ({ expand, unfold, toggleFullFile, dismissFullFileError, dismissExpandError }),
    [expand, unfold, toggleFullFile, dismissFullFileError, dismissExpandError],
  );
  const cardProps = {
    fullPath,
    view: prefs.view,
    actions,
    onToggleCollapse,
    onReviewed,
  };
  const estimate = useCallback(
    (meta: DiffFileMetadata) =>
      isCollapsed(flagsOf(meta)) ? 50 : 60 + 20 * Math.min(meta.added_lines + meta.removed_lines + 6, 5000),
    [flagsOf],
  );
  const collapseOf = (meta: DiffFileMetadata) => {
    const fileFlags = flagsOf(meta);
    return { collapsed: isCollapsed(fileFlags), autoCollapsed: isAutomaticallyCollapsed(fileFlags) };
  };

  if (files.length === 0) {
    return (
      <div className="box blankslate">
        <p>Merge request contains no changes</p>
      </div>
    );
  }
  return (
    <DiffNotesProvider fullPath={fullPath} iid={iid}>
      <div className="diffs" style={{ '--diffs-toolbar-height': `${toolbarHeight}px` } as CSSProperties}>
        <DiffsToolbar
          ref={toolbarRef}
          metadata={metadata}
          prefs={prefs}
          onPrefs={setPrefs}
          loading={batches.isFetching}
          onExpandAll={() => dispatch(allHashes, { type: 'expand-all' })}
          onCollapseAll={() => dispatch(allHashes, { type: 'collapse-all' })}
          diffHead={selection.diffHead ?? false}
          onVersion={(choice) =>
            updateSelection({
              diff_id: choice.diffId?.toString(),
              start_sha: choice.startSha,
              diff_head: choice.diffHead ? 'true' : undefined,
              only_context_commits: choice.contextCommits ? 'true' : undefined,
              commit_id: undefined,
            })
          }
          search={
            <DiffSearch
              inputRef={searchInput}
              query={search.query}
              index={Math.min(search.index, Math.max(matches.length - 1, 0))}
              count={matches.length}
              searchedFiles={loadedFiles.length}
              totalFiles={files.length}
              onQuery={(query) => {
                setSearch({ query, index: 0 });
                goTo(findInDiff(loadedFiles, query)[0]);
              }}
              onStep={(step) => {
                const index = stepMatch(search.index, matches.length, step);
                setSearch({ ...search, index });
                goTo(matches[index]);
              }}
            />
          }
          onCommit={(id) => {
            // As GitLab's changeCurrentCommit: a change with nothing to go to, or from, is a bug to surface.
            const change = changeCommit(metadata.commit, id);
            if (!change.ok) throw new Error(change.error);
            updateSelection({
              commit_id: change.value,
              diff_id: undefined,
              start_sha: undefined,
              only_context_commits: undefined,
            });
          }}
        />
        {coverage.isError && (
          <Flash variant="warning">Something went wrong while fetching the test coverage.</Flash>
        )}
        {metadata.has_encoded_file_paths && (
          <Flash variant="warning">
            Some file names are not valid UTF-8 and are shown with replacement characters.
          </Flash>
        )}
        <div className={`diffs__layout${prefs.showTree ? ' diffs__layout--tree' : ''}`}>
          {prefs.showTree && (
            <FileTree
              files={files}
              loadState={loadState}
              reviewed={reviewed}
              currentHash={files[current]?.file_hash ?? null}
              onOpen={open}
              view={prefs.fileTreeView}
              onView={showTreeAs}
            />
          )}
          <div className="diffs__files">
            {prefs.fileByFile ? (
              <SingleFile
                fullPath={fullPath}
                iid={iid}
                selection={selection}
                files={files}
                index={Math.min(current, files.length - 1)}
                onIndex={(i) => open(files[i]!.file_hash)}
                render={(meta, body) => (
                  <DiffFileCard
                    {...cardProps}
                    meta={meta}
                    body={body}
                    {...collapseOf(meta)}
                    reviewed={reviewed.has(meta.file_hash)}
                    expansion={expansionOf(meta.file_hash)}
                    coverage={coverageOf(coverage.data, meta.file_path)}
                    targetLine={lineOf(meta)}
                  />
                )}
                bodyOf={bodyOf}
              />
            ) : (
              <NoteLinkedFileList
                apiRef={listApi}
                files={files}
                target={target}
                loadedCount={loaded.size}
                toolbarHeight={toolbarHeight}
                estimate={estimate}
                render={(meta) => (
                  <DiffFileCard
                    {...cardProps}
                    meta={meta}
                    body={bodyOf(meta)}
                    {...collapseOf(meta)}
                    reviewed={reviewed.has(meta.file_hash)}
                    expansion={expansionOf(meta.file_hash)}
                    coverage={coverageOf(coverage.data, meta.file_path)}
                    targetLine={lineOf(meta)}
                  />
                )}
              />
            )}
          </div>
        </div>
        <DiffReviewPanel metadata={metadata} />
      </div>
    </DiffNotesProvider>
  );
}

type SingleFileProps = {
  fullPath: string;
  iid: number;
  selection: DiffSelection;
  files: DiffFileMetadata[];
  index: number;
  onIndex: (index: number) => void;
  bodyOf: (meta: DiffFileMetadata) => FileBody;
  render: (meta: DiffFileMetadata, body: FileBody) => React.ReactNode;
};

/** File-by-file mode: one file, its neighbours fetched ahead, previous and next buttons. */
function SingleFile({ fullPath, iid, selection, files, index, onIndex, bodyOf, render }: SingleFileProps) {
  const meta = files[index]!;
  const fromBatch = bodyOf(meta);
  const single = useDiffForPath(fullPath, iid, selection, meta, fromBatch.kind !== 'loaded');
  const neighbours = useMemo(
    () => neighboursToPrefetch(index, files.length).map((i) => files[i]!),
    [index, files],
  );
  usePrefetchFiles(fullPath, iid, selection, neighbours);
  let body: FileBody = fromBatch;
  if (fromBatch.kind !== 'loaded') {
    if (single.data) body = { kind: 'loaded', file: single.data };
    else if (single.isError) body = { kind: 'error', retry: () => void single.refetch() };
    else body = { kind: 'loading' };
  }
  return (
    <div className="stack">
      {render(meta, body)}
      <div className="diffs__pager">
        <IconButton
          icon={ChevronLeftIcon}
          aria-label="Previous file"
          disabled={index === 0}
          onClick={() => onIndex(index - 1)}
        />
        <span className="muted">
          File {index + 1} of {files.length}
        </span>
        <IconButton
          icon={ChevronRightIcon}
          aria-label="Next file"
          disabled={index === files.length - 1}
          onClick={() => onIndex(index + 1)}
        />
      </div>
    </div>
  );
}
