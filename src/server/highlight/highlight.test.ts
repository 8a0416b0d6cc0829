import { afterAll, describe, expect, it, vi } from 'vitest';
import { createRenderPool } from '../render-pool/render-pool';
import { createHighlighter as createPooledHighlighter, languageFor } from './highlight';
import { grammarFor, knownLanguages } from './languages';
import { highlightLines } from './token-lines';

describe('server-side highlighting', () => {
  const pool = createRenderPool({ size: 1 });
  afterAll(() => pool.close());
  const createHighlighter = (options: Omit<Parameters<typeof createPooledHighlighter>[0], 'pool'> = {}) =>
    createPooledHighlighter({ pool, ...options });

  it('escapes markup in code, highlighted or plain', async () => {
    const highlight = createHighlighter().session();
    const ts = await highlight('a'.repeat(40), 'x.ts', 'const s = "<script>alert(1)</script>";\n');
    expect(ts.highlighted).toBe(true);
    expect(ts.lines[0]).not.toContain('<script>');
    expect(ts.lines[0]).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const plain = await highlight('b'.repeat(40), 'notes.unknownext', '<img src=x onerror=alert(1)> & co');
    expect(plain).toEqual({ lines: ['&lt;img src=x onerror=alert(1)&gt; &amp; co'], highlighted: false });
  });

  it('writes short class names, as GitLab rich_text has them', async () => {
    const { lines } = await createHighlighter().session()(
      'g'.repeat(40),
      'a.ts',
      'export const n: number = 42; // x',
    );
    expect(lines[0]).toBe(
      '<span class=k>export</span> <span class=k>const</span> n: <span class=nb>number</span> ' +
        '= <span class=m>42</span>; <span class=c>// x</span>',
    );
  });

  it('closes and reopens spans so each line of a multi-line comment is valid HTML on its own', async () => {
    const { lines } = await createHighlighter().session()(
      'c'.repeat(40),
      'a.js',
      '/* one\ntwo\nthree */ let x;\n',
    );
    expect(lines).toEqual([
      '<span class=c>/* one</span>',
      '<span class=c>two</span>',
      '<span class=c>three */</span> <span class=k>let</span> x;',
      '',
    ]);
  });

  it('keeps nested spans balanced across lines', () => {
    const lines = highlightLines('const s = `a\n${b}`;', grammarFor('javascript')!);
    expect(lines).toEqual([
      '<span class=k>const</span> s = <span class=s>`a</span>',
      '<span class=s><span class=si>${</span>b<span class=si>}</span>`</span>;',
    ]);
  });

  it('serves blobs over the size limit as plain text', async () => {
    const highlight = createHighlighter({ maxBytes: 10 }).session();
    expect((await highlight('d'.repeat(40), 'big.ts', 'const a = 1; // long\n')).highlighted).toBe(false);
  });

  it('serves plain text once the request has spent its time budget, then highlights it in the background', async () => {
    let clock = 0;
    const highlighter = createHighlighter({ now: () => (clock += 100) });
    const highlight = highlighter.session(50);
    expect((await highlight('e'.repeat(40), 'a.ts', 'let a = 1;')).highlighted).toBe(true);
    expect((await highlight('f'.repeat(40), 'b.ts', 'let b = 2;')).highlighted).toBe(false);
    expect(highlighter.cached('f'.repeat(40), 'b.ts')).toBeUndefined();
    expect(highlighter.cached('e'.repeat(40), 'a.ts')?.highlighted).toBe(true);
    expect(highlighter.pendingCount()).toBe(1);
    await vi.waitFor(() => expect(highlighter.pendingCount()).toBe(0));
    expect(highlighter.cached('f'.repeat(40), 'b.ts')?.highlighted).toBe(true);
  });

  it.each([
    ['src/app.ts', 'typescript'],
    ['src/App.tsx', 'tsx'],
    ['lib/x.rb', 'ruby'],
    ['Dockerfile', 'docker'],
    ['deploy/values.YAML', 'yaml'],
    ['README', null],
    ['.gitignore', null],
    ['data.unknownext', null],
  ])('picks the language of %s', (filePath, language) => {
    expect(languageFor(filePath)).toBe(language);
  });

  it.each(knownLanguages())('has a grammar for %s', (language) => {
    expect(grammarFor(language)).not.toBeNull();
  });
});
