import { describe, expect, it } from 'vitest';
import { createJobLogParser, parseJobLog, visibleRows, type LogNode } from './jobLog';

const E = '\x1b';
const start = (time: number, name: string, options = '') =>
  `section_start:${time}:${name}${options}\r${E}[0K`;
const end = (time: number, name: string) => `section_end:${time}:${name}\r${E}[0K`;

const lines = (nodes: LogNode[]) =>
  nodes.map((node) => (node.kind === 'line' ? node.line.html : `[${node.section.name}]`));

describe('parseJobLog', () => {
  it('turns ANSI colours into classes and keeps colours across lines', () => {
    const nodes = parseJobLog(`${E}[31mred\nstill red${E}[0m\nplain\n`);
    expect(lines(nodes)).toEqual([
      '<span class="ansi-red-fg">red</span>',
      '<span class="ansi-red-fg">still red</span>',
      'plain',
    ]);
  });

  it('escapes HTML a job printed', () => {
    const [node] = parseJobLog('<img src=x onerror=alert(1)> & "quotes"\n');
    expect(node).toEqual({
      kind: 'line',
      line: { number: 1, html: '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;' },
    });
  });

  it('reads sections with their header, lines, duration and collapsed option', () => {
    const log =
      `Running with runner\n` +
      `${start(100, 'prepare', '[collapsed=true]')}${E}[36;1mPreparing${E}[0;m\nusing shell\n${end(103, 'prepare')}` +
      `${start(103, 'step_script')}Executing step_script\n$ echo hi\nhi\n${end(165, 'step_script')}` +
      `Job succeeded\n`;
    const nodes = parseJobLog(log);
    expect(lines(nodes)).toEqual(['Running with runner', '[prepare]', '[step_script]', 'Job succeeded']);
    const prepare = nodes[1]!.kind === 'section' ? nodes[1]!.section : null;
    expect(prepare).toMatchObject({ collapsed: true, duration: 3, header: { number: 2 } });
    expect(prepare!.header.html).toContain('Preparing');
    expect(lines(prepare!.children)).toEqual(['using shell']);
    const script = nodes[2]!.kind === 'section' ? nodes[2]!.section : null;
    expect(script).toMatchObject({ collapsed: false, duration: 62 });
    expect(script!.children.map((n) => (n.kind === 'line' ? n.line.number : 0))).toEqual([5, 6]);
    expect(nodes[3]).toMatchObject({ line: { number: 7 } });
  });

  it('nests sections and leaves a running one open without a duration', () => {
    const nodes = parseJobLog(`${start(1, 'outer')}Outer\n${start(2, 'inner')}Inner\nwork\n`);
    const outer = nodes[0]!.kind === 'section' ? nodes[0]!.section : null;
    expect(outer!.duration).toBeNull();
    expect(lines(outer!.children)).toEqual(['[inner]']);
  });

  it('shows the last rewrite of a line that used carriage returns', () => {
    expect(lines(parseJobLog('10%\r50%\r100%\ndone'))).toEqual(['100%', 'done']);
  });

  it('reads a log pushed in pieces as the whole, colours and sections carried over', () => {
    const log =
      `${E}[32mgreen\n${start(100, 'build', '[collapsed=true]')}Build\nstep one\n` +
      `still green${E}[0m\n${end(104, 'build')}after\nlast`;
    const parser = createJobLogParser();
    // Cut everywhere: inside a colour code, a marker and a line.
    for (const piece of [log.slice(0, 3), log.slice(3, 20), log.slice(20, 41), log.slice(41)])
      parser.push(piece);
    parser.end();
    expect(parser.nodes).toMatchObject(parseJobLog(log));
    expect(parser.lineCount()).toBe(6);
  });

  it('shows a closed section by its header only', () => {
    const nodes = parseJobLog(`a\n${start(1, 's', '[collapsed=true]')}S\nin\n${end(2, 's')}b\n`);
    const rows = (open: boolean) =>
      visibleRows(nodes, () => open).map((row) =>
        row.kind === 'line' ? row.line.html : `> ${row.section.name}`,
      );
    expect(rows(false)).toEqual(['a', '> s', 'b']);
    expect(rows(true)).toEqual(['a', '> s', 'in', 'b']);
  });
});
