import { ChevronDownIcon, ChevronRightIcon } from '@primer/octicons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { visibleRows, type LogLine, type LogRow, type LogSection } from './jobLog';
import { formatDuration } from './formatDuration';
import type { LiveJobLog } from './queries';
import './job-log.css';

/** A log line's height in pixels (job-log.css); longer lines wrap and are measured. */
const LINE_HEIGHT = 20;
/** Rows drawn beyond each edge of the window, so a quick scroll finds them there. */
const OVERSCAN = 30;

/**
 * A job's log: ANSI colours, line numbers, and GitLab Runner's sections, each opened or closed by
 * its header. Only the rows in view are in the page, so a log of hundreds of thousands of lines
 * scrolls as a short one does.
 */
export function JobLog({ log, running }: { log: LiveJobLog; running: boolean }) {
  const [toggled, setToggled] = useState<ReadonlySet<LogSection>>(() => new Set());
  // Each read that added lines answers a new `log` (its parser's tree grew in place).
  const rows = useMemo(
    () => visibleRows(log.parser.nodes, (s) => s.collapsed === toggled.has(s)),
    [log, toggled],
  );
  const toggle = useCallback(
    (section: LogSection) =>
      setToggled((current) => {
        const next = new Set(current);
        if (!next.delete(section)) next.add(section);
        return next;
      }),
    [],
  );
  useFollowTail(log.version, running);
  return (
    <div className="ci-log" role="log" aria-label="Job log" aria-busy={running}>
      {log.truncated && (
        <p className="ci-log__truncated">
          The log is too long to show whole: this is its end. Show complete raw for all of it.
        </p>
      )}
      {rows.length === 0 ? (
        <p className="ci-log__empty">{running ? 'Waiting for the log…' : 'This job has no log.'}</p>
      ) : (
        <LogRows rows={rows} onToggle={toggle} />
      )}
    </div>
  );
}

const rowKey = (row: LogRow) =>
  row.kind === 'line' ? `l${row.line.number}` : `h${row.section.header.number}`;

function LogRows({ rows, onToggle }: { rows: LogRow[]; onToggle: (section: LogSection) => void }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  // Where the list starts in the document: the window scrolls, and the job's header is above it.
  useLayoutEffect(() => {
    const measure = () => {
      const top = listRef.current?.getBoundingClientRect().top;
      if (top !== undefined) setMargin(top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => LINE_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: margin,
    getItemKey: useCallback((index: number) => rowKey(rows[index]!), [rows]),
  });
  return (
    <div ref={listRef} className="ci-log__rows" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]!;
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="ci-log__row"
            style={{ transform: `translateY(${item.start - margin}px)` }}
          >
            {row.kind === 'line' ? (
              <Line line={row.line} />
            ) : (
              <SectionHeader section={row.section} open={row.open} onToggle={onToggle} />
            )}
          </div>
        );
      })}
    </div>
  );
}

function Line({ line }: { line: LogLine }) {
  return (
    <div className="ci-log__line">
      <span className="ci-log__number" aria-hidden="true">
        {line.number}
      </span>
      {/* The parser escapes the job's text; ansi_up adds only its colour spans. */}
      <span className="ci-log__text" dangerouslySetInnerHTML={{ __html: line.html }} />
    </div>
  );
}

type HeaderProps = { section: LogSection; open: boolean; onToggle: (section: LogSection) => void };

function SectionHeader({ section, open, onToggle }: HeaderProps) {
  const Chevron = open ? ChevronDownIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      className="ci-log__line ci-log__header"
      aria-expanded={open}
      onClick={() => onToggle(section)}
    >
      <span className="ci-log__number" aria-hidden="true">
        {section.header.number}
      </span>
      <Chevron size={14} className="ci-log__chevron" />
      <span className="ci-log__text" dangerouslySetInnerHTML={{ __html: section.header.html }} />
      {section.duration !== null && (
        <span className="ci-log__duration">{formatDuration(section.duration)}</span>
      )}
    </button>
  );
}

/** Who reads a running job at the end of its log keeps reading its end as lines arrive, as a terminal does. */
function useFollowTail(version: number, running: boolean): void {
  const atEnd = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      const { scrollHeight } = document.documentElement;
      atEnd.current = window.innerHeight + window.scrollY >= scrollHeight - 40;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (running && atEnd.current) window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [version, running]);
}
