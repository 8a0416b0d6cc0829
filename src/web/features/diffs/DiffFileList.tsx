import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { DiffFileMetadata } from '../../../shared/api/diffs';
import { fileAnchor, resolveNoteTarget, type DiffTarget } from './deepLink';
import { useDiffNotes } from './DiffNotesContext';
import { OVERSCAN, rendersEveryFile, rendersWhole } from './fileListWindow';
import { useScrollAnchor, type AnchorTarget } from './useScrollAnchor';

export type ListApi = {
  scrollTo: (index: number) => void;
  scrollToLine: (index: number, lineCode: string) => void;
  /** Whether every file is in the DOM (a short list fits), so that browser find sees every line. */
  everyFileRendered: () => boolean;
};

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
export function NoteLinkedFileList(props: FileListProps) {
  const notes = useDiffNotes();
  const discussions = notes?.discussions;
  const target = useMemo(
    () => resolveNoteTarget(props.target, discussions ?? []),
    [props.target, discussions],
  );
  const Files = rendersWhole(props.files) ? WholeFileList : VirtualFileList;
  return <Files {...props} target={target} />;
}

/**
 * No overscan until the page has painted its first screen of files, then OVERSCAN: the file past
 * the fold (as many rows as the first) renders in a task of its own, after the paint, instead of
 * holding the first rows back.
 */
function useOverscanAfterFirstPaint(): number {
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callbacks run before its paint; the timer they queue runs after it.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setOverscan(OVERSCAN))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return overscan;
}

/** What the reader does that ends following a deep link: they are moving through the page themselves. */
const READER_EVENTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

/** Turns the list's own scroll correction (for items resized above the fold) on or off. */
function adjustScrollOnResize(
  virtualizer: { shouldAdjustScrollPositionOnItemSizeChange: unknown },
  on: boolean,
) {
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = on ? undefined : () => false;
}

/**
 * A deep link (a file, a line, a note once its thread is read), or the file last opened from the
 * tree (its hash is the new location), followed until the reader moves on their own or the target
 * leaves the viewport. `keep` puts the target back in its place; `follow` opens a file.
 */
function useFollowedTarget({
  listRef,
  files,
  target,
  toolbarHeight,
}: {
  listRef: React.RefObject<HTMLDivElement | null>;
  files: readonly DiffFileMetadata[];
  target: DiffTarget;
  toolbarHeight: number;
}) {
  const [opened, setOpened] = useState<DiffTarget | null>(null);
  const followed = opened ?? target;
  const [following, setFollowing] = useState(target.kind !== 'none');
  useEffect(() => {
    if (!following) return;
    const stop = () => setFollowing(false);
    for (const type of READER_EVENTS) window.addEventListener(type, stop, { passive: true });
    return () => {
      for (const type of READER_EVENTS) window.removeEventListener(type, stop);
    };
  }, [following]);

  const targetIndex =
    followed.kind === 'file' || followed.kind === 'line'
      ? files.findIndex((f) => f.file_hash === followed.fileHash)
      : -1;
  const findTarget = useCallback((): AnchorTarget | null => {
    if (followed.kind !== 'file' && followed.kind !== 'line') return null;
    const middle = (element: HTMLElement) =>
      Math.max(0, (window.innerHeight - toolbarHeight - element.offsetHeight) / 2);
    const note = followed.noteId === undefined ? null : document.getElementById(`note_${followed.noteId}`);
    if (note) return { element: note, offset: middle(note) };
    const line = followed.kind === 'line' ? document.getElementById(followed.lineCode) : null;
    if (line) return { element: line, offset: middle(line) };
    const file = document.getElementById(fileAnchor(followed.fileHash));
    return file ? { element: file, offset: 0 } : null;
  }, [followed, toolbarHeight]);
  const anchored = following && targetIndex >= 0;
  const keep = useScrollAnchor({
    active: anchored,
    container: listRef,
    contentTop: toolbarHeight,
    findTarget,
    onEnd: () => setFollowing(false),
  });
  const follow = useCallback(
    (index: number) => {
      setOpened({ kind: 'file', fileHash: files[index]!.file_hash });
      setFollowing(true);
    },
    [files],
  );
  const stopFollowing = useCallback(() => setFollowing(false), []);
  return { followed, following, targetIndex, anchored, keep, follow, stopFollowing };
}

/** Brings a line to the middle of the viewport once its file has rendered (the next frames). */
function scrollLineIntoView(lineCode: string) {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => document.getElementById(lineCode)?.scrollIntoView({ block: 'center' })),
  );
}

/**
 * Every file in the DOM, in the page's flow: for a diff small enough (`rendersWhole`), so that
 * browser find, printing and screen readers reach every line without scrolling.
 */
function WholeFileList({ apiRef, files, target, loadedCount, toolbarHeight, render }: FileListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const { followed, following, targetIndex, keep, follow, stopFollowing } = useFollowedTarget({
    listRef,
    files,
    target,
    toolbarHeight,
  });
  useImperativeHandle(
    apiRef,
    () => ({
      scrollTo: follow,
      scrollToLine: (_index, lineCode) => {
        stopFollowing();
        scrollLineIntoView(lineCode);
      },
      everyFileRendered: () => true,
    }),
    [follow, stopFollowing],
  );
  useEffect(() => {
    // The target is always rendered: the anchor alone places it, again as its lines or note arrive.
    if (following && targetIndex >= 0) keep();
  }, [following, targetIndex, loadedCount, keep, followed]);

  return (
    <div ref={listRef} className="diff-list diff-list--whole">
      {files.map((meta) => (
        <div key={meta.file_hash} className="diff-list__item">
          {render(meta)}
        </div>
      ))}
    </div>
  );
}

/**
 * Every file, none hidden, in a list virtualized against the window: only the files near the
 * viewport are in the DOM, so a merge request of thousands of files stays light to lay out.
 */
function VirtualFileList({
  apiRef,
  files,
  target,
  loadedCount,
  toolbarHeight,
  estimate,
  render,
}: FileListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    if (listRef.current) setMargin(listRef.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const overscan = useOverscanAfterFirstPaint();
  const virtualizer = useWindowVirtualizer({
    count: files.length,
    estimateSize: (index) => estimate(files[index]!),
    overscan,
    scrollMargin: margin,
    // Files scrolled to land below the sticky toolbar rather than under it.
    scrollPaddingStart: toolbarHeight,
    // Kept from render to render: a new one makes the list lay out every file again (5,000 on XL).
    getItemKey: useCallback((index: number) => files[index]!.file_hash, [files]),
  });

  const { followed, following, targetIndex, anchored, keep, follow, stopFollowing } = useFollowedTarget({
    listRef,
    files,
    target,
    toolbarHeight,
  });
  useImperativeHandle(
    apiRef,
    () => ({
      scrollTo: follow,
      scrollToLine: (index, lineCode) => {
        stopFollowing();
        virtualizer.scrollToIndex(index, { align: 'start' });
        scrollLineIntoView(lineCode);
      },
      everyFileRendered: () => rendersEveryFile(virtualizer.calculateRange(), files.length),
    }),
    [virtualizer, files, follow, stopFollowing],
  );
  useEffect(() => {
    if (!anchored) return;
    // While the page keeps the target, it alone moves the scroll; the list's own correction for
    // files growing above the fold would be read as the reader's scroll.
    adjustScrollOnResize(virtualizer, false);
    return () => adjustScrollOnResize(virtualizer, true);
  }, [anchored, virtualizer]);
  const rendered = virtualizer.getVirtualItems().some((item) => item.index === targetIndex);
  useEffect(() => {
    if (!following || targetIndex < 0 || margin === 0) return;
    // Until its file is rendered the list scrolls to its index; from then on the anchor keeps it.
    if (!rendered) virtualizer.scrollToIndex(targetIndex, { align: 'start' });
    else {
      virtualizer.cancelScroll();
      keep();
    }
  }, [following, targetIndex, margin, rendered, loadedCount, virtualizer, keep, followed]);

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
