import { AnsiUp } from 'ansi_up';

/** A line of a job's log: its number (as GitLab counts them, headers included) and its HTML. */
export type LogLine = { number: number; html: string };

/** GitLab Runner's collapsible section: a header line and what ran inside it. */
export type LogSection = {
  name: string;
  header: LogLine;
  /** `section_start:...:name[collapsed=true]` asks for it closed. */
  collapsed: boolean;
  /** Seconds between its start and end markers; null while it runs. */
  duration: number | null;
  children: LogNode[];
};

export type LogNode = { kind: 'line'; line: LogLine } | { kind: 'section'; section: LogSection };

// `section_start:1700000000:step_script[collapsed=true]\r\e[0K`, and its end without options.
// eslint-disable-next-line no-control-regex -- the markers end with the escape sequence ESC [0K
const MARKER = /section_(start|end):(\d+):([A-Za-z0-9_.-]+)(?:\[([^\]]*)\])?\r\x1b\[0?K/g;
// Erase-in-line sequences: ansi_up draws colours only; the rest would show as text.
// eslint-disable-next-line no-control-regex -- escape sequences are what is removed
const ERASE_LINE = /\x1b\[[0-2]?K/g;

type OpenSection = LogSection & { startedAt: number; awaitingHeader: boolean };

/** Reads a log as it arrives, piece by piece; its tree grows in place. */
export type JobLogParser = {
  /** Adds the next piece of the log (whole lines or not). */
  push(text: string): void;
  /** The log is whole: its last line, even without a newline, and headers still awaited are shown. */
  end(): void;
  /** The log's lines and sections so far (the same arrays, grown by each push). */
  readonly nodes: LogNode[];
  /** How many lines so far, as GitLab numbers them. */
  lineCount(): number;
};

/**
 * Reads a job's raw log into lines and nested sections, with ANSI colours as HTML (escaped: a log
 * is whatever a job printed). A carriage return rewrites its line, as a terminal shows progress.
 * Colours and open sections carry over from one piece to the next, so a live log read from an
 * offset is parsed once, not again from its start each time.
 */
export function createJobLogParser(): JobLogParser {
  const ansi = new AnsiUp();
  ansi.use_classes = true;
  ansi.escape_html = true;
  const root: LogNode[] = [];
  const open: OpenSection[] = [];
  let partial = '';
  let count = 0;

  const container = () => open.at(-1)?.children ?? root;
  const makeLine = (raw: string): LogLine => {
    const shown = raw.slice(raw.lastIndexOf('\r') + 1).replace(ERASE_LINE, '');
    return { number: ++count, html: ansi.ansi_to_html(shown) };
  };
  const endLine = (raw: string) => {
    const section = open.at(-1);
    if (section?.awaitingHeader) {
      section.header = makeLine(raw);
      section.awaitingHeader = false;
    } else container().push({ kind: 'line', line: makeLine(raw) });
  };
  const addText = (text: string) => {
    const pieces = (partial + text).split('\n');
    partial = pieces.pop() ?? '';
    for (const piece of pieces) endLine(piece);
  };
  const flushPartial = () => {
    if (partial.replace(ERASE_LINE, '') !== '') endLine(partial);
    partial = '';
  };

  function push(text: string): void {
    // A marker split over two pieces is found once its rest arrives: the held partial line leads.
    const log = partial + text;
    partial = '';
    let from = 0;
    for (const match of log.matchAll(MARKER)) {
      addText(log.slice(from, match.index));
      from = match.index + match[0].length;
      const [, kind, time, name = '', options = ''] = match;
      flushPartial();
      if (kind === 'start') {
        const section: OpenSection = {
          name,
          header: { number: 0, html: '' },
          collapsed: /(^|,)collapsed=true(,|$)/.test(options),
          duration: null,
          children: [],
          startedAt: Number(time),
          awaitingHeader: true,
        };
        container().push({ kind: 'section', section });
        open.push(section);
      } else {
        // An end closes its section and any left open inside it; an end without a start is ignored.
        const at = open.findLastIndex((section) => section.name === name);
        if (at < 0) continue;
        const [ended] = open.splice(at);
        ended!.duration = Math.max(0, Number(time) - ended!.startedAt);
      }
    }
    addText(log.slice(from));
  }

  function end(): void {
    flushPartial();
    for (const section of open) if (section.awaitingHeader) section.header = makeLine(section.name);
  }

  return { push, end, nodes: root, lineCount: () => count };
}

/** A whole log's lines and sections (see {@link createJobLogParser}). */
export function parseJobLog(log: string): LogNode[] {
  const parser = createJobLogParser();
  parser.push(log);
  parser.end();
  return parser.nodes.map(stripOpenState);
}

function stripOpenState(node: LogNode): LogNode {
  if (node.kind === 'line') return node;
  const { name, header, collapsed, duration, children } = node.section;
  return {
    kind: 'section',
    section: { name, header, collapsed, duration, children: children.map(stripOpenState) },
  };
}

/** A row of the log as drawn: a line, or a section's header (open or closed). */
export type LogRow = { kind: 'line'; line: LogLine } | { kind: 'header'; section: LogSection; open: boolean };

/** The rows shown, in order: a closed section shows its header only. */
export function visibleRows(nodes: readonly LogNode[], isOpen: (section: LogSection) => boolean): LogRow[] {
  const rows: LogRow[] = [];
  const walk = (list: readonly LogNode[]) => {
    for (const node of list) {
      if (node.kind === 'line') rows.push({ kind: 'line', line: node.line });
      else {
        const open = isOpen(node.section);
        rows.push({ kind: 'header', section: node.section, open });
        if (open) walk(node.section.children);
      }
    }
  };
  walk(nodes);
  return rows;
}
