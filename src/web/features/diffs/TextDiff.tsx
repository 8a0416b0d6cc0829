import { IconButton, Spinner } from '@primer/react';
import { FoldDownIcon, FoldUpIcon, UnfoldIcon, type Icon } from '@primer/octicons-react';
import type { DiffLine } from '../../../shared/api/diffs';
import { expandDirections, type ExpandDirection } from './contextExpansion';
import { coverageMarker, type FileCoverage } from './coverage';
import { toParallelRows } from './parallelLines';
import type { DiffViewType } from './useDiffPreferences';

/** Rows per chunk: each chunk is skipped by the browser's layout while off screen. */
const CHUNK = 100;

const lineClass = (line: DiffLine | null): string => {
  if (!line) return 'diff-line--empty';
  switch (line.type) {
    case 'new':
    case 'new-nonewline':
      return 'diff-line--new';
    case 'old':
    case 'old-nonewline':
      return 'diff-line--old';
    case 'match':
      return 'diff-line--match';
    case null:
      return '';
  }
};

function Code({ line, className = '' }: { line: DiffLine; className?: string }) {
  // `rich_text` is the server's highlighter output: it escapes the file's text and emits only its
  // own <span class> tokens, so this is the one field rendered as HTML; everything else is text.
  return <td className={`diff-code ${className}`} dangerouslySetInnerHTML={{ __html: line.rich_text }} />;
}

function LineNumber({
  line,
  side,
  coverage = null,
}: {
  line: DiffLine | null;
  side: 'old' | 'new';
  coverage?: FileCoverage | null;
}) {
  const number = line ? (side === 'old' ? line.old_line : line.new_line) : null;
  const shown = line?.type === 'match' || number === null ? '' : number;
  // Coverage marks the new side only: the report counts hits on the merge request's head.
  const marker = side === 'new' ? coverageMarker(coverage, number) : null;
  const markerClass = marker ? (marker.covered ? ' diff-num--covered' : ' diff-num--uncovered') : '';
  return (
    <td className={`diff-num ${lineClass(line)}${markerClass}`} data-side={side} title={marker?.title}>
      {shown !== '' && line?.line_code ? <a href={`#${line.line_code}`}>{shown}</a> : shown}
    </td>
  );
}

const chunks = <T,>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

/** Expanding the unchanged lines a match line hides; left out where the file cannot be read. */
export type Expander = {
  onExpand: (index: number, direction: ExpandDirection) => void;
  /** The match line whose lines are loading. */
  expanding: number | null;
};

const EXPAND_BUTTONS: Record<ExpandDirection, { icon: Icon; label: string }> = {
  up: { icon: FoldUpIcon, label: 'Expand above' },
  down: { icon: FoldDownIcon, label: 'Expand below' },
  all: { icon: UnfoldIcon, label: 'Expand all lines' },
};

/** A hunk header: its text, and the buttons that show the unchanged lines it stands for. */
function MatchRow({
  lines,
  index,
  expander,
  columns,
}: {
  lines: readonly DiffLine[];
  index: number;
  expander: Expander | null;
  columns: number;
}) {
  const directions = expander ? expandDirections(lines, index) : [];
  return (
    <tr className="diff-line diff-line--match">
      <td className="diff-code" colSpan={columns}>
        <span className="diff-expand">
          {expander?.expanding === index ? (
            <Spinner size="small" aria-label="Loading lines" />
          ) : (
            directions.map((direction) => (
              <IconButton
                key={direction}
                icon={EXPAND_BUTTONS[direction].icon}
                aria-label={EXPAND_BUTTONS[direction].label}
                variant="invisible"
                size="small"
                disabled={expander?.expanding !== null}
                onClick={() => expander?.onExpand(index, direction)}
              />
            ))
          )}
          <span className="diff-expand__text">{lines[index]!.text}</span>
        </span>
      </td>
    </tr>
  );
}

/** A file's lines, inline (one column) or parallel (old left, new right). */
export function TextDiff({
  lines,
  view,
  targetLine = null,
  expander = null,
  coverage = null,
}: {
  lines: readonly DiffLine[];
  view: DiffViewType;
  targetLine?: string | null;
  expander?: Expander | null;
  /** Test coverage hits by new line, once the coverage report is in. */
  coverage?: FileCoverage | null;
}) {
  const target = (code: string | null | undefined) =>
    code && code === targetLine ? ' diff-line--target' : '';
  if (view === 'inline') {
    return (
      <table className="diff-table diff-table--inline">
        <colgroup>
          <col className="diff-col-num" />
          <col className="diff-col-num" />
          <col />
        </colgroup>
        {chunks(lines).map((chunk, i) => (
          <tbody
            key={i}
            className="diff-chunk"
            style={{ containIntrinsicBlockSize: `auto ${chunk.length * 20}px` }}
          >
            {chunk.map((line, j) =>
              line.type === 'match' ? (
                <MatchRow key={j} lines={lines} index={i * CHUNK + j} expander={expander} columns={3} />
              ) : (
                <tr
                  key={j}
                  id={line.line_code ?? undefined}
                  className={`diff-line ${lineClass(line)}${target(line.line_code)}`}
                >
                  <LineNumber line={line} side="old" />
                  <LineNumber line={line} side="new" coverage={coverage} />
                  <Code line={line} />
                </tr>
              ),
            )}
          </tbody>
        ))}
      </table>
    );
  }
  const rows = toParallelRows(lines);
  const matchIndex = new Map<DiffLine, number>();
  lines.forEach((line, index) => line.type === 'match' && matchIndex.set(line, index));
  return (
    <table className="diff-table diff-table--parallel">
      <colgroup>
        <col className="diff-col-num" />
        <col />
        <col className="diff-col-num" />
        <col />
      </colgroup>
      {chunks(rows).map((chunk, i) => (
        <tbody
          key={i}
          className="diff-chunk"
          style={{ containIntrinsicBlockSize: `auto ${chunk.length * 20}px` }}
        >
          {chunk.map((row, j) =>
            row.kind === 'match' ? (
              <MatchRow
                key={j}
                lines={lines}
                index={matchIndex.get(row.line)!}
                expander={expander}
                columns={4}
              />
            ) : (
              <tr
                key={j}
                id={(row.right ?? row.left)?.line_code ?? undefined}
                className={`diff-line${target(row.left?.line_code)}${target(row.right?.line_code)}`}
              >
                <LineNumber line={row.left} side="old" />
                {row.left ? (
                  <Code line={row.left} className={lineClass(row.left)} />
                ) : (
                  <td className="diff-code diff-line--empty" />
                )}
                <LineNumber line={row.right} side="new" coverage={coverage} />
                {row.right ? (
                  <Code line={row.right} className={lineClass(row.right)} />
                ) : (
                  <td className="diff-code diff-line--empty" />
                )}
              </tr>
            ),
          )}
        </tbody>
      ))}
    </table>
  );
}
