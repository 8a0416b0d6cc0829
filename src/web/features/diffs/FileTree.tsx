import { TextInput } from '@primer/react';
import { FileDirectoryFillIcon, FileDirectoryOpenFillIcon, SearchIcon } from '@primer/octicons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { DiffFileMetadata } from '../../../shared/api/diffs';
import { buildFileTree, findFiles, visibleRows, type LoadState, type TreeRow } from './fileTree';

type Props = {
  files: readonly DiffFileMetadata[];
  loadState: LoadState;
  reviewed: ReadonlySet<string>;
  currentHash: string | null;
  onOpen: (fileHash: string) => void;
};

const ROW_HEIGHT = 28;

/** The file tree with a file finder; rows are virtualized so that thousands of files stay light. */
export function FileTree({ files, loadState, reviewed, currentHash, onOpen }: Props) {
  const [query, setQuery] = useState('');
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const tree = useMemo(() => buildFileTree(files, loadState), [files, loadState]);
  const byHash = useMemo(() => new Map(files.map((f) => [f.file_hash, f])), [files]);
  const rows: TreeRow[] = useMemo(() => {
    if (query.trim() === '') return visibleRows(tree, closed);
    return buildFileTree(findFiles(files, query, files.length), loadState).flatMap(
      function flat(entry): TreeRow[] {
        return entry.type === 'blob' ? [{ entry, depth: 0 }] : entry.tree.flatMap(flat);
      },
    );
  }, [tree, closed, query, files, loadState]);
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
                  <span
                    className={`diff-tree__mark diff-tree__mark--${meta?.new_file ? 'new' : meta?.deleted_file ? 'deleted' : 'modified'}`}
                    aria-hidden="true"
                  />
                  <span
                    className={`diff-tree__name${reviewed.has(hash) ? ' diff-tree__name--reviewed' : ''}`}
                  >
                    {query.trim() === '' ? entry.name : entry.path}
                  </span>
                  {entry.diffLoading && <span className="visually-hidden">loading</span>}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
