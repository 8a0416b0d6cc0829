import { afterAll, describe, expect, it, vi } from 'vitest';
import { createRenderPool } from '../render-pool/render-pool';
import { COMPLEXITY_PLACEHOLDER } from './complexity';
import { cachedRendering } from './markdown-cache';
import { createMarkdownRenderer } from './markdown-renderer';
import { renderMarkdown } from './render';
import { unlinkedHtml } from './rendered';

/** Parsing this takes seconds (emphasis delimiters that never close), far past the budgets below. */
const slow = (tag: string) => `${'*_'.repeat(20_000)} ${tag}`;

describe('markdown rendered in the render pool', () => {
  const pool = createRenderPool({ size: 1, budgetMs: 300 });
  afterAll(() => pool.close());

  it('renders as on the server’s own thread, and keeps the rendering by text', async () => {
    const markdown = createMarkdownRenderer({ pool });
    const text = 'Some *notes* for #3 and @alice :tada:\n\n- [ ] a task';
    const rendered = await markdown.renderTexts({ blocks: [text], inlines: ['A `title`'] });
    expect(rendered.block(text)).toEqual(renderMarkdown(text));
    expect(unlinkedHtml(rendered.inline('A `title`'))).toBe('A <code>title</code>');
    expect(cachedRendering('block', text)).toEqual(renderMarkdown(text));
    expect(() => rendered.block('never asked for')).toThrow(/did not render/);
  });

  it('answers the placeholder for a text past its budget, and keeps that too', async () => {
    const markdown = createMarkdownRenderer({ pool, waitMs: 5000 });
    const text = slow('budget');
    const started = performance.now();
    const first = await markdown.renderBlock(text);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(unlinkedHtml(first)).toBe(COMPLEXITY_PLACEHOLDER);
    expect(cachedRendering('block', text)).toBe(first);
    expect(await markdown.renderBlock('after it, *rendered*')).toMatchObject({
      parts: ['<p>after it, <em>rendered</em></p>'],
    });
  });

  it('answers the placeholder for a text still waiting when the answer may wait no longer, and keeps its rendering for later', async () => {
    const markdown = createMarkdownRenderer({ pool, waitMs: 100 });
    await markdown.renderBlock('the worker is ready');
    // The one worker is busy with the slow text for its budget; the quick one waits behind it.
    const busy = markdown.renderBlock(slow('busy'));
    const waiting = await markdown.renderBlock('waited *too long*');
    expect(unlinkedHtml(waiting)).toBe(COMPLEXITY_PLACEHOLDER);
    // An answer already stopped waiting for it: the next one (the same page presenting it twice,
    // a poll) does not wait again.
    const started = performance.now();
    expect(unlinkedHtml(await markdown.renderBlock('waited *too long*'))).toBe(COMPLEXITY_PLACEHOLDER);
    expect(performance.now() - started).toBeLessThan(50);
    await busy;
    // Rendered once a new worker replaced the one ended for the slow text.
    await vi.waitFor(() => expect(cachedRendering('block', 'waited *too long*')).toBeDefined(), {
      timeout: 10_000,
    });
    expect(unlinkedHtml(await markdown.renderBlock('waited *too long*'))).toBe(
      '<p>waited <em>too long</em></p>',
    );
  });

  it('aborts a text past the structural limits before parsing it', async () => {
    const markdown = createMarkdownRenderer({ pool });
    const deep = `${'- '.repeat(101)}x`;
    expect(unlinkedHtml(await markdown.renderBlock(deep))).toBe(COMPLEXITY_PLACEHOLDER);
    expect(unlinkedHtml(await markdown.renderBlock(`${'- '.repeat(100)}x`))).toContain('<ul>');
  });
});
