import { SegmentedControl, Spinner, TextInput } from '@primer/react';
import {
  FileDirectoryFillIcon,
  FileDirectoryOpenFillIcon,
  ListUnorderedIcon,
  SearchIcon,
} from '@primer/octicons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, useState } from 'react';
import type { DiffFileMetadata } from '../../../shared/api/diffs';
import { buildFileTree, findFiles, listRows, visibleRows, type LoadState, type TreeRow } from './fileTree';
import type { FileTreeView } from './diffPreferences';

type Props = {
  files: readonly DiffFileMetadata[];
  loadState: LoadState;
  reviewed: ReadonlySet<string>;
  currentHash: string | null;
  onOpen: (fileHash: string) => void;
  view: FileTreeView;
  onView: (view: FileTreeView) => void;
};

const ROW_HEIGHT = 28;

/**
 * The file browser, a tree of folders or a flat list (spec 2.7), with a file finder; rows are
 * virtualized so that thousands of files stay light. Each file's row says whether its diff is
 * still loading (spec 3, tree entry `diffLoading`). Rendered again only when what it shows
 * changes, not when a file of the list is collapsed or expanded.
 */
export const FileTree = memo(function FileTree({
  files,
  loadState,
  reviewed,
  currentHash,
  onOpen,
  view,
  onView,
}: Props) {
  const [query, setQuery] = useState('');
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const tree = useMemo(() => buildFileTree(files, loadState), [files, loadState]);
  const byHash = useMemo(() => new Map(files.map((f) => [f.file_hash, f])), [files]);
  const searching = query.trim() !== '';
  const rows: TreeRow[] = useMemo(() => {
    if (searching) return listRows(buildFileTree(findFiles(files, query, files.length), loadState));
    return view === 'list' ? listRows(tree) : visibleRows(tree, closed);
  }, [tree, closed, query, searching, files, loadState, view]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const toggle = (path: string) =>
    setClosed((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  return (
    <nav className="diff-tree" aria-label="Changed files">
      <div className="diff-tree__bar">
        <SegmentedControl aria-label="File browser" size="small">
          <SegmentedControl.IconButton
            icon={FileDirectoryFillIcon}
            aria-label="Tree view"
            selected={view === 'tree'}
            onClick={() => onView('tree')}
          />
          <SegmentedControl.IconButton
            icon={ListUnorderedIcon}
            aria-label="List view"
            selected={view === 'list'}
            onClick={() => onView('list')}
          />
        </SegmentedControl>
      </div>
      <TextInput
        leadingVisual={SearchIcon}
        aria-label="Search files"
        placeholder="Search files (fuzzy)"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        block
        size="small"
      />
      {rows.length === 0 && <p className="muted diff-tree__empty">No files found</p>}
      <div ref={scroller} className="diff-tree__scroller">
        <ul className="diff-tree__list" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const { entry, depth } = rows[item.index]!;
            const style = { transform: `translateY(${item.start}px)`, paddingLeft: 8 + depth * 14 };
            if (entry.type === 'tree') {
              return (
                <li key={entry.key} className="diff-tree__row" style={style}>
                  <button
                    type="button"
                    className="diff-tree__folder"
                    aria-expanded={entry.opened}
                    onClick={() => toggle(entry.path)}
                  >
                    {entry.opened ? <FileDirectoryOpenFillIcon /> : <FileDirectoryFillIcon />}
                    {entry.name}
                  </button>
                </li>
              );
            }
            const hash = entry.fileHash!;
            const meta = byHash.get(hash);
            return (
              <li key={entry.key} className="diff-tree__row" style={style}>
                <button
                  type="button"
                  className={`diff-tree__file${hash === currentHash ? ' diff-tree__file--current' : ''}`}
                  aria-current={hash === currentHash ? 'true' : undefined}
                  title={entry.path}
                  onClick={() => onOpen(hash)}
                >
                  {entry.diffLoading ? (
                    <Spinner size="small" className="diff-tree__loading" srText={null} />
                  ) : (
                    <span
                      className={`diff-tree__mark diff-tree__mark--${meta?.new_file ? 'new' : meta?.deleted_file ? 'deleted' : 'modified'}`}
                      aria-hidden="true"
                    />
                  )}
                  <span
                    className={`diff-tree__name${reviewed.has(hash) ? ' diff-tree__name--reviewed' : ''}`}
                  >
                    {searching ? entry.path : entry.name}
                  </span>
                  {view === 'list' && !searching && entry.parentPath && (
                    <span className="diff-tree__dir muted">{entry.parentPath}</span>
                  )}
                  {entry.diffLoading && <span className="visually-hidden">loading</span>}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
});
