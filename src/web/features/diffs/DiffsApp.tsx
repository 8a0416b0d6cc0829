import { Button, Flash, IconButton, Spinner } from '@primer/react';
import { ChevronLeftIcon, ChevronRightIcon } from '@primer/octicons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type {
  DiffFile,
  DiffFileMetadata,
  DiffPreferences as UserDiffPreferences,
  DiffsMetadata,
} from '../../../shared/api/diffs';
import { useSession } from '../session/useSession';
import { applyCollapse, initialFlags, isCollapsed, type CollapseEvent, type CollapseFlags } from './collapse';
import { fileAnchor, parseDiffTarget, resolveNoteTarget, type DiffTarget } from './deepLink';
import { neighboursToPrefetch } from './batchLoading';
import { DiffFileCard, type ExpansionActions, type FileBody } from './DiffFileCard';
import { DiffNotesProvider, DiffReviewPanel, useDiffNotes } from './DiffNotesContext';
import { DiffSearch } from './DiffSearch';
import { findInDiff, stepMatch, type DiffMatch } from './diffSearch';
import { DiffsToolbar } from './DiffsToolbar';
import { FileTree } from './FileTree';
import type { LoadState } from './fileTree';
import { useSaveDiffPreferences } from './mutations';
import { changeCommit } from './commitNavigation';
import { coverageOf } from './coverage';
import {
  useCoverage,
  useDiffBatches,
  useDiffForPath,
  useDiffsMetadata,
  usePrefetchFiles,
  useUserDiffPreferences,
  type DiffSelection,
} from './queries';
import { useDiffPreferences, type DiffPreferences } from './useDiffPreferences';
import { shownLines } from './fileExpansion';
import { useFileExpansions } from './useFileExpansions';
import { useReviewedFiles } from './useReviewedFiles';
import './diffs.css';

const SHA = /^[0-9a-f]{40}$/;
const shaParam = (value: string | null) => (value && SHA.test(value) ? value : undefined);
const idParam = (value: string | null) => (value && /^\d{1,12}$/.test(value) ? Number(value) : undefined);

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
  const diffId = idParam(searchParams.get('diff_id'));
  const startSha = shaParam(searchParams.get('start_sha'));
  const commitId = shaParam(searchParams.get('commit_id'));
  const diffHead = searchParams.get('diff_head') === 'true';
  const selection: DiffSelection = useMemo(
    () => ({ ignoreWhitespace: !prefs.showWhitespace, diffId, startSha, commitId, diffHead }),
    [prefs.showWhitespace, diffId, startSha, commitId, diffHead],
  );
  const metadata = useDiffsMetadata(fullPath, iid, selection);
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
      <Flash variant="danger" className="diffs-error">
        Unable to load the diff
        <Button size="small" onClick={() => void metadata.refetch()}>
          Try again
        </Button>
      </Flash>
    );
  }
  return (
    <DiffsLoaded
      fullPath={fullPath}
      iid={iid}
      metadata={metadata.data}
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
  selection: DiffSelection;
  prefs: DiffPreferences;
  setPrefs: (change: Partial<DiffPreferences>) => void;
  updateSelection: (change: Record<string, string | undefined>) => void;
};

function DiffsLoaded({ fullPath, iid, metadata, selection, prefs, setPrefs, updateSelection }: LoadedProps) {
  const files = metadata.diff_files;
  const location = useLocation();
  const [target] = useState<DiffTarget>(() => parseDiffTarget(location.search, location.hash));
  const batches = useDiffBatches(fullPath, iid, selection, prefs.fileByFile);
  const loaded = useMemo(() => {
    const map = new Map<string, DiffFile>();
    for (const page of batches.data?.pages ?? [])
      for (const file of page.diff_files) map.set(file.file_hash, file);
    return map;
  }, [batches.data]);
  const loadState: LoadState = useCallback(
    (hash) => (loaded.has(hash) ? 'loaded' : batches.isFetching ? 'loading' : 'pending'),
    [loaded, batches.isFetching],
  );
  const { refetch, fetchNextPage, isFetchNextPageError, isError } = batches;
  const retry = useCallback(
    () => void (isFetchNextPageError ? fetchNextPage() : refetch()),
    [isFetchNextPageError, fetchNextPage, refetch],
  );
  const bodyOf = (meta: DiffFileMetadata): FileBody => {
    const file = loaded.get(meta.file_hash);
    if (file) return { kind: 'loaded', file };
    return isError ? { kind: 'error', retry } : { kind: 'loading' };
  };

  const [reviewed, setFileReviewed] = useReviewedFiles(fullPath, iid);
  const [flags, setFlags] = useState<ReadonlyMap<string, CollapseFlags>>(new Map());
  const flagsOf = useCallback(
    (meta: DiffFileMetadata) =>
      flags.get(meta.file_hash) ?? initialFlags(meta.viewer.collapsed || reviewed.has(meta.file_hash)),
    [flags, reviewed],
  );
  const dispatch = useCallback(
    (hashes: readonly string[], event: CollapseEvent) =>
      setFlags((current) => {
        const next = new Map(current);
        for (const hash of hashes) {
          const meta = files.find((f) => f.file_hash === hash);
          if (meta) next.set(hash, applyCollapse(current.get(hash) ?? flagsOf(meta), event));
        }
        return next;
      }),
    [files, flagsOf],
  );
  const onToggleCollapse = useCallback(
    (hash: string) => {
      const meta = files.find((f) => f.file_hash === hash);
      if (meta) dispatch([hash], { type: isCollapsed(flagsOf(meta)) ? 'user-expand' : 'user-collapse' });
    },
    [files, flagsOf, dispatch],
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
  const open = (hash: string) => {
    const index = files.findIndex((f) => f.file_hash === hash);
    if (index < 0) return;
    setCurrent(index);
    window.history.replaceState(window.history.state, '', `#${fileAnchor(hash)}`);
    if (!prefs.fileByFile) listApi.current?.scrollTo(index);
  };

  const [search, setSearch] = useState({ query: '', index: 0 });
  const { expansionOf, expand, toggleFullFile, dismissFullFileError, dismissExpandError } =
    useFileExpansions(selection);
  // The search reads what each file shows, expanded lines and full files included.
  const loadedFiles = useMemo(
    () =>
      files.flatMap((f) => {
        const file = loaded.get(f.file_hash);
        return file
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
  const activeMatch = matches[Math.min(search.index, matches.length - 1)] ?? null;
  const targetLine = activeMatch ?? (target.kind === 'line' ? target : null);
  const lineOf = (meta: DiffFileMetadata) =>
    targetLine?.fileHash === meta.file_hash ? targetLine.lineCode : null;
  const coverage = useCoverage(fullPath, iid);
  const actions: ExpansionActions = useMemo(
    () => ({ expand, toggleFullFile, dismissFullFileError, dismissExpandError }),
    [expand, toggleFullFile, dismissFullFileError, dismissExpandError],
  );
  const cardProps = {
    fullPath,
    view: prefs.view,
    actions,
    onToggleCollapse,
    onReviewed,
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
              commit_id: undefined,
            })
          }
          search={
            <DiffSearch
              query={search.query}
              index={Math.min(search.index, Math.max(matches.length - 1, 0))}
              count={matches.length}
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
            updateSelection({ commit_id: change.value, diff_id: undefined, start_sha: undefined });
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
                    collapsed={isCollapsed(flagsOf(meta))}
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
                estimate={(meta) =>
                  isCollapsed(flagsOf(meta))
                    ? 50
                    : 60 + 20 * Math.min(meta.added_lines + meta.removed_lines + 6, 5000)
                }
                render={(meta) => (
                  <DiffFileCard
                    {...cardProps}
                    meta={meta}
                    body={bodyOf(meta)}
                    collapsed={isCollapsed(flagsOf(meta))}
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

type ListApi = { scrollTo: (index: number) => void; scrollToLine: (index: number, lineCode: string) => void };

type FileListProps = {
  apiRef: React.RefObject<ListApi | null>;
  files: readonly DiffFileMetadata[];
  target: DiffTarget;
  loadedCount: number;
  toolbarHeight: number;
  estimate: (meta: DiffFileMetadata) => number;
  render: (meta: DiffFileMetadata) => React.ReactNode;
};

/** The file list, with a `#note_{id}` link turned into the place of its thread once threads are read. */
function NoteLinkedFileList(props: FileListProps) {
  const notes = useDiffNotes();
  const discussions = notes?.discussions;
  const target = useMemo(
    () => resolveNoteTarget(props.target, discussions ?? []),
    [props.target, discussions],
  );
  return <FileList {...props} target={target} />;
}

/**
 * Every file, none hidden, in a list virtualized against the window: only the files near the
 * viewport are in the DOM, so a merge request of thousands of files stays light to lay out.
 */
function FileList({ apiRef, files, target, loadedCount, toolbarHeight, estimate, render }: FileListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    if (listRef.current) setMargin(listRef.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: files.length,
    estimateSize: (index) => estimate(files[index]!),
    overscan: 2,
    scrollMargin: margin,
    // Files scrolled to land below the sticky toolbar rather than under it.
    scrollPaddingStart: toolbarHeight,
    getItemKey: (index) => files[index]!.file_hash,
  });
  useImperativeHandle(
    apiRef,
    () => ({
      scrollTo: (index) => virtualizer.scrollToIndex(index, { align: 'start' }),
      scrollToLine: (index, lineCode) => {
        virtualizer.scrollToIndex(index, { align: 'start' });
        // The file renders on the next frames; then its line is brought to the middle.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => document.getElementById(lineCode)?.scrollIntoView({ block: 'center' })),
        );
      },
    }),
    [virtualizer],
  );

  // A deep link keeps its file in view while the files above it load and change height, until
  // the reader scrolls on their own.
  const targetIndex =
    target.kind === 'file' || target.kind === 'line'
      ? files.findIndex((f) => f.file_hash === target.fileHash)
      : -1;
  // A note link follows too: its file is known once the threads are read.
  const [following, setFollowing] = useState(target.kind !== 'none');
  useEffect(() => {
    if (!following) return;
    const stop = () => setFollowing(false);
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchmove', stop, { passive: true });
    window.addEventListener('keydown', stop);
    return () => {
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('keydown', stop);
    };
  }, [following]);
  useEffect(() => {
    if (!following || targetIndex < 0 || margin === 0) return;
    virtualizer.scrollToIndex(targetIndex, { align: 'start' });
    const spot = target.kind === 'line' || target.kind === 'file' ? target : null;
    if (spot && (spot.kind === 'line' || spot.noteId !== undefined)) {
      const frame = requestAnimationFrame(() => {
        const note = spot.noteId === undefined ? null : document.getElementById(`note_${spot.noteId}`);
        const line = spot.kind === 'line' ? document.getElementById(spot.lineCode) : null;
        (note ?? line)?.scrollIntoView({ block: 'center' });
      });
      return () => cancelAnimationFrame(frame);
    }
  }, [following, targetIndex, margin, loadedCount, virtualizer, target]);

  return (
    <div ref={listRef} className="diff-list" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className="diff-list__item"
          style={{ transform: `translateY(${item.start - margin}px)` }}
        >
          {render(files[item.index]!)}
        </div>
      ))}
    </div>
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
