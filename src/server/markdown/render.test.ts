import { describe, expect, it } from 'vitest';
import type { Reference } from '../../shared/markdown/references';
import { renderInlineMarkdown as renderInline, renderMarkdown as render } from './render';
import { unlinkedHtml, writeHtml } from './rendered';

/** Rendered with no reference linked, as for a reader who may see none of them. */
const renderMarkdown = (text: string) => unlinkedHtml(render(text));
const renderInlineMarkdown = (text: string) => unlinkedHtml(renderInline(text));
/** Rendered with every reference linked to a stand-in, to see where references are found. */
const linked = (text: string) =>
  writeHtml(render(text), (reference: Reference) => `<a class="ref">${reference.original}</a>`);

describe('renderMarkdown', () => {
  it('renders headings, emphasis, inline code and fenced code with its language class', () => {
    const html = renderMarkdown('# Title\n\nSome *em* and `code`.\n\n```ts\nconst a = 1 < 2;\n```');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &#x3C; 2;\n</code></pre>');
  });

  it('renders GFM tables, task lists, strikethrough and autolinks', () => {
    const html = renderMarkdown(
      '| a | b |\n| - | -: |\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~gone~~ www.example.com',
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<td align="right">2</td>');
    expect(html).toContain(
      '<li class="task-list-item" data-sourcepos="5:1-5:11"><input type="checkbox" checked disabled class="task-list-item-checkbox" aria-label="Check option: done"> done</li>',
    );
    expect(html).toContain(
      '<li class="task-list-item" data-sourcepos="6:1-6:11"><input type="checkbox" disabled class="task-list-item-checkbox" aria-label="Check option: todo"> todo</li>',
    );
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain(
      '<a href="http://www.example.com" rel="nofollow noreferrer noopener">www.example.com</a>',
    );
  });

  it('marks references to merge requests, issues and users, which each answer links or leaves as text', () => {
    const rendered = render('See !12, #3 and @alice, or group/app#4');
    expect(rendered.references).toEqual([
      { type: 'merge_request', project: null, iid: 12, original: '!12' },
      { type: 'issue', project: null, iid: 3, original: '#3' },
      { type: 'user', path: 'alice', original: '@alice' },
      { type: 'issue', project: 'group/app', iid: 4, original: 'group/app#4' },
    ]);
    expect(linked('See !12 and @alice')).toBe(
      '<p>See <a class="ref">!12</a> and <a class="ref">@alice</a></p>',
    );
    expect(renderMarkdown('See !12, #3 and @alice')).toBe('<p>See !12, #3 and @alice</p>');
  });

  it('finds no references in code, code blocks or links', () => {
    expect(linked('`#1` [see #2](https://example.com) https://example.com/#3 **#4**\n\n    #5\n')).toBe(
      '<p><code>#1</code> <a href="https://example.com" rel="nofollow noreferrer noopener">see #2</a> ' +
        '<a href="https://example.com/#3" rel="nofollow noreferrer noopener">https://example.com/#3</a> ' +
        '<strong><a class="ref">#4</a></strong></p>\n<pre><code>#5\n</code></pre>',
    );
  });

  it('renders emoji shortcodes as gl-emoji, except in code; unknown names stay text', () => {
    expect(renderMarkdown(':thumbsup: :+1: :no_such_emoji: `:tada:`')).toBe(
      '<p><gl-emoji title="thumbs up" data-name="thumbsup">👍</gl-emoji> ' +
        '<gl-emoji title="thumbs up" data-name="thumbsup">👍</gl-emoji> :no_such_emoji: <code>:tada:</code></p>',
    );
  });

  it('names each task box after its item, as GitLab does: own text only, cut at 100, escaped', () => {
    const long = `item ${'word '.repeat(30)}end`;
    const html = renderMarkdown(
      `- [ ] Write *the* \`docs\`\n  - [x] sub item\n- [ ] ${long}\n- [ ] <b>bold</b> & "quotes"\n\n- [x] loose`,
    );
    const labels = [...html.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1]);
    expect(labels).toEqual([
      'Check option: Write the docs',
      'Check option: sub item',
      `Check option: item ${'word '.repeat(18)}word…`,
      'Check option: <b>bold</b> &#x26; &#x22;quotes&#x22;',
      'Check option: loose',
    ]);
    // The author's tags are text in the item and in the label, never elements.
    expect(html.replace(/"[^"]*"/g, '""')).not.toContain('<b>');
  });

  it('lists the lines task items start on, and only those', () => {
    expect(
      render('Intro\n\n- [ ] one\n  more\n- plain\n1. [x] two\n\n```\n- [ ] code\n```').taskLines,
    ).toEqual([3, 6]);
  });

  it('returns an empty string for an empty or blank description', () => {
    expect(renderMarkdown('')).toBe('');
    expect(renderMarkdown('  \n ')).toBe('');
  });

  describe('keeps hostile input inert', () => {
    it.each([
      ['a script tag', '<script>alert(1)</script>hello'],
      ['an inline script tag', 'hi <script>alert(1)</script> there'],
      ['an onerror attribute on raw html', '<img src="x" onerror="alert(1)">'],
      ['an iframe', '<iframe src="https://evil.example"></iframe>'],
      ['a style tag', '<style>body{display:none}</style>'],
      ['a raw anchor with a javascript url', '<a href="javascript:alert(1)">x</a>'],
    ])('shows %s as text, never as an element', (_name, source) => {
      const html = renderMarkdown(source);
      expect(html).not.toMatch(/<(script|img|iframe|style|a)\b/i);
      expect(html).toContain('&#x3C;');
    });

    it('escapes a raw tag so the reader sees what was written', () => {
      expect(renderMarkdown('Fix <div> alignment')).toBe('<p>Fix &#x3C;div> alignment</p>');
    });

    it.each([
      ['a javascript link', '[click](javascript:alert(1))'],
      ['an upper-case javascript link', '[click](JAVASCRIPT:alert(1))'],
      ['an entity-encoded javascript link', '[click](jav&#x61;script:alert(1))'],
      ['a vbscript link', '[click](vbscript:msgbox(1))'],
      ['a data link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ])('removes the href of %s', (_name, source) => {
      expect(renderMarkdown(source)).toBe('<p><a>click</a></p>');
    });

    it('removes a data: url from an image', () => {
      expect(renderMarkdown('![pic](data:image/svg+xml;base64,PHN2Zz4=)')).toBe('<p><img alt="pic"></p>');
    });

    it('keeps an https image and escapes html inside code', () => {
      expect(renderMarkdown('![pic](https://example.com/a.png)')).toBe(
        '<p><img src="https://example.com/a.png" alt="pic"></p>',
      );
      expect(renderMarkdown('`<script>alert(1)</script>`')).toBe(
        '<p><code>&#x3C;script>alert(1)&#x3C;/script></code></p>',
      );
    });

    it('cannot forge the place of a reference', () => {
      const forged = '<mergeway-reference data-index="0"></mergeway-reference>';
      const rendered = render(`${forged} ![${forged}](https://example.com/a.png) #1`);
      expect(rendered.references).toHaveLength(1);
      expect(rendered.parts.filter((part) => typeof part !== 'string')).toHaveLength(1);
      expect(writeHtml(rendered, () => '<a>linked</a>').match(/linked/g)).toHaveLength(1);
    });

    it('prefixes ids so that user content cannot clobber the page’s own elements', () => {
      const html = renderMarkdown('text[^1]\n\n[^1]: note');
      expect(html).toContain('<a href="#user-content-fn-1" id="user-content-fnref-1"');
      expect(html).toContain('<li id="user-content-fn-1">');
    });
  });
});

describe('renderInlineMarkdown', () => {
  it('renders inline markdown of a title without a paragraph', () => {
    expect(renderInlineMarkdown('Fix `parse()` for *all* inputs')).toBe(
      'Fix <code>parse()</code> for <em>all</em> inputs',
    );
  });

  it('marks references in a title too, also one kept as text', () => {
    expect(renderInline('Fix #3 :tada:').references).toHaveLength(1);
    expect(unlinkedHtml(renderInline('1. Fix #3'))).toBe('1. Fix #3');
    expect(renderInline('1. Fix #3').references).toEqual([
      { type: 'issue', project: null, iid: 3, original: '#3' },
    ]);
  });

  it('keeps block syntax and html as escaped text', () => {
    expect(renderInlineMarkdown('# 1 is not a heading')).toBe('# 1 is not a heading');
    expect(renderInlineMarkdown('1. Step one')).toBe('1. Step one');
    expect(renderInlineMarkdown('Fix <img src=x onerror=alert(1)> & co')).toBe(
      'Fix &#x3C;img src=x onerror=alert(1)> &#x26; co',
    );
  });
});
