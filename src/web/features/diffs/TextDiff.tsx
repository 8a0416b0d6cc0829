import { IconButton, Spinner } from '@primer/react';
import { FoldDownIcon, FoldUpIcon, UnfoldIcon, type Icon } from '@primer/octicons-react';
import { Fragment, type ReactNode } from 'react';
import type { DiffLine } from '../../../shared/api/diffs';
import { expandDirections, type ExpandDirection } from './contextExpansion';
import type { LineNotes } from './DiffNotesText';
import { ADD_COMMENT_HINT } from './lineRange';
import { coverageMarker, type FileCoverage } from './coverage';
import { toParallelRows } from './parallelLines';
import type { DiffViewType } from './diffPreferences';

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

function Code({ line, className = '', index }: { line: DiffLine; className?: string; index?: number }) {
  // `rich_text` is the server's highlighter output: it escapes the file's text and emits only its
  // own <span class> tokens, so this is the one field rendered as HTML; everything else is text.
  return (
    <td
      className={`diff-code ${className}`}
      data-line-index={index}
      dangerouslySetInnerHTML={{ __html: line.rich_text }}
    />
  );
}

/** A line of a file that takes no comments: the button, disabled, says why (GitLab's tooltip). */
function RefusedCommentButton({ reason }: { reason: string }) {
  return (
    <button
      type="button"
      className="diff-comment-refused"
      aria-disabled="true"
      aria-label={reason}
      title={reason}
    />
  );
}

/** The add-comment button of a line (one element: the table's handlers do the work). */
function CommentButton({ index, side }: { index: number; side: 'left' | 'right' }) {
  return (
    <button
      type="button"
      className="diff-comment-button"
      data-line-index={index}
      data-side={side}
      aria-label={ADD_COMMENT_HINT}
      title={ADD_COMMENT_HINT}
    />
  );
}

function LineNumber({
  line,
  side,
  coverage = null,
  index,
  comment = null,
  refused = null,
}: {
  line: DiffLine | null;
  side: 'old' | 'new';
  coverage?: FileCoverage | null;
  /** The line's index among the lines shown, on lines that take comments. */
  index?: number;
  /** Where the add-comment button goes: on the first number of the line's half. */
  comment?: 'left' | 'right' | null;
  /** Why this line takes no comment, where its file refuses them. */
  refused?: string | null;
}) {
  const number = line ? (side === 'old' ? line.old_line : line.new_line) : null;
  const shown = line?.type === 'match' || number === null ? '' : number;
  // Coverage marks the new side only: the report counts hits on the merge request's head.
  const marker = side === 'new' ? coverageMarker(coverage, number) : null;
  const markerClass = marker ? (marker.covered ? ' diff-num--covered' : ' diff-num--uncovered') : '';
  return (
    <td
      className={`diff-num ${lineClass(line)}${markerClass}`}
      data-side={side}
      data-line-index={index}
      title={marker?.title}
    >
      {comment && index !== undefined && <CommentButton index={index} side={comment} />}
      {comment && refused && <RefusedCommentButton reason={refused} />}
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

/** A row under a line holding its threads and forms: across the file inline, per half in parallel. */
function NotesRow({ inline, left, right }: { inline?: ReactNode; left?: ReactNode; right?: ReactNode }) {
  if (inline !== undefined) {
    return inline ? (
      <tr className="diff-notes-row">
        <td colSpan={3}>{inline}</td>
      </tr>
    ) : null;
  }
  if (!left && !right) return null;
  return (
    <tr className="diff-notes-row">
      <td colSpan={2}>{left}</td>
      <td colSpan={2}>{right}</td>
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
  notes = null,
}: {
  lines: readonly DiffLine[];
  view: DiffViewType;
  targetLine?: string | null;
  expander?: Expander | null;
  /** Test coverage hits by new line, once the coverage report is in. */
  coverage?: FileCoverage | null;
  /** Comments on lines (the Changes tab, once its threads are read). */
  notes?: LineNotes | null;
}) {
  const target = (code: string | null | undefined) =>
    code && code === targetLine ? ' diff-line--target' : '';
  const selected = notes?.selected ?? null;
  const mark = (index: number | undefined) =>
    selected && index !== undefined && index >= selected.start && index <= selected.end
      ? ' diff-line--selected'
      : '';
  const commentIndex = (line: DiffLine | null, index: number | undefined) =>
    line && index !== undefined && notes?.commentable(line) ? index : undefined;
  if (view === 'inline') {
    return (
      <table className="diff-table diff-table--inline" {...notes?.tableProps}>
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
            {chunk.map((line, j) => {
              const index = i * CHUNK + j;
              if (line.type === 'match')
                return <MatchRow key={j} lines={lines} index={index} expander={expander} columns={3} />;
              const commented = commentIndex(line, index);
              return (
                <Fragment key={j}>
                  <tr
                    id={line.line_code ?? undefined}
                    className={`diff-line ${lineClass(line)}${target(line.line_code)}${mark(commented)}`}
                  >
                    <LineNumber
                      line={line}
                      side="old"
                      index={commented}
                      comment={line.type === 'old' ? 'left' : 'right'}
                      refused={notes?.refusedBecause(line)}
                    />
                    <LineNumber line={line} side="new" coverage={coverage} index={commented} />
                    <Code line={line} index={commented} />
                  </tr>
                  {notes && <NotesRow inline={notes.below(line, 'inline')} />}
                </Fragment>
              );
            })}
          </tbody>
        ))}
      </table>
    );
  }
  const rows = toParallelRows(lines);
  // Hunk headers always, and every line once comments are on: the rows hold lines, not their places.
  const indexOf = new Map<DiffLine, number>();
  lines.forEach((line, index) => (notes || line.type === 'match') && indexOf.set(line, index));
  const indexIn = (line: DiffLine | null) => commentIndex(line, line ? indexOf.get(line) : undefined);
  return (
    <table className="diff-table diff-table--parallel" {...notes?.tableProps}>
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
                index={indexOf.get(row.line)!}
                expander={expander}
                columns={4}
              />
            ) : (
              <Fragment key={j}>
                <tr
                  id={(row.right ?? row.left)?.line_code ?? undefined}
                  className={`diff-line${target(row.left?.line_code)}${target(row.right?.line_code)}${mark(indexIn(row.right ?? row.left))}`}
                >
                  <LineNumber
                    line={row.left}
                    side="old"
                    index={indexIn(row.left)}
                    comment="left"
                    refused={row.left && notes?.refusedBecause(row.left)}
                  />
                  {row.left ? (
                    <Code line={row.left} className={lineClass(row.left)} index={indexIn(row.left)} />
                  ) : (
                    <td className="diff-code diff-line--empty" />
                  )}
                  <LineNumber
                    line={row.right}
                    side="new"
                    coverage={coverage}
                    index={indexIn(row.right)}
                    comment="right"
                    refused={row.right && notes?.refusedBecause(row.right)}
                  />
                  {row.right ? (
                    <Code line={row.right} className={lineClass(row.right)} index={indexIn(row.right)} />
                  ) : (
                    <td className="diff-code diff-line--empty" />
                  )}
                </tr>
                {notes && (
                  <NotesRow
                    left={row.left ? notes.below(row.left, 'left') : null}
                    right={row.right ? notes.below(row.right, 'right') : null}
                  />
                )}
              </Fragment>
            ),
          )}
        </tbody>
      ))}
    </table>
  );
}
