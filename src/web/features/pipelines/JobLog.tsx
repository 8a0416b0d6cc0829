import { ChevronDownIcon, ChevronRightIcon } from '@primer/octicons-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { parseJobLog, type LogLine, type LogNode, type LogSection } from './jobLog';
import { formatDuration } from './formatDuration';
import './job-log.css';

/** A job's log: ANSI colours, line numbers, and GitLab Runner's sections, each opened or closed by its header. */
export function JobLog({ log, running }: { log: string; running: boolean }) {
  const nodes = useMemo(() => parseJobLog(log), [log]);
  useFollowTail(log, running);
  return (
    <div className="ci-log" role="log" aria-label="Job log" aria-busy={running}>
      {nodes.length === 0 ? (
        <p className="ci-log__empty">{running ? 'Waiting for the log…' : 'This job has no log.'}</p>
      ) : (
        <LogNodes nodes={nodes} />
      )}
    </div>
  );
}

function LogNodes({ nodes }: { nodes: LogNode[] }) {
  return (
    <>
      {nodes.map((node) =>
        node.kind === 'line' ? (
          <Line key={node.line.number} line={node.line} />
        ) : (
          <Section key={node.section.header.number} section={node.section} />
        ),
      )}
    </>
  );
}

function Line({ line }: { line: LogLine }) {
  return (
    <div className="ci-log__line">
      <span className="ci-log__number" aria-hidden="true">
        {line.number}
      </span>
      {/* parseJobLog escapes the job's text; ansi_up adds only its colour spans. */}
      <span className="ci-log__text" dangerouslySetInnerHTML={{ __html: line.html }} />
    </div>
  );
}

function Section({ section }: { section: LogSection }) {
  const [open, setOpen] = useState(!section.collapsed);
  const Chevron = open ? ChevronDownIcon : ChevronRightIcon;
  return (
    <div className="ci-log__section">
      <button
        type="button"
        className="ci-log__line ci-log__header"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
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
      {open && <LogNodes nodes={section.children} />}
    </div>
  );
}

/** Who reads a running job at the end of its log keeps reading its end as lines arrive, as a terminal does. */
function useFollowTail(log: string, running: boolean): void {
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
    if (running && atEnd.current && log !== '')
      window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [log, running]);
}
