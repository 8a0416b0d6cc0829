import type { Element, Root, RootContent } from 'hast';
import type { Html } from 'mdast';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * The allow-list: GitHub's sanitizer defaults (what GFM produces: tables, task list checkboxes,
 * strikethrough, code with a `language-*` class), with URLs narrowed to web and mail links. Any
 * URL with another scheme (`javascript:`, `data:`, `vbscript:`) loses its attribute.
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  // remark-rehype already prefixes the ids it makes (footnotes) with `user-content-`, and raw HTML
  // never gets this far, so prefixing again would only break footnote links.
  clobberPrefix: '',
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto'],
    src: ['http', 'https'],
  },
};

/** Links leave the page without passing our origin or ranking to the target, as GitLab renders them. */
function externalLinks() {
  const visit = (node: Root | RootContent): void => {
    if (node.type !== 'root' && node.type !== 'element') return;
    if (node.type === 'element') markLink(node);
    node.children.forEach(visit);
  };
  return (tree: Root) => visit(tree);
}

function markLink(node: Element): void {
  if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
  if (/^https?:/i.test(node.properties.href)) node.properties.rel = ['nofollow', 'noreferrer', 'noopener'];
}

// Raw HTML in the source is shown as the text it is, never parsed into elements; the sanitizer
// then checks everything markdown itself produced.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { handlers: { html: (_state, node: Html) => ({ type: 'text', value: node.value }) } })
  .use(rehypeSanitize, schema)
  .use(externalLinks)
  .use(rehypeStringify)
  .freeze();

/** GitLab Flavored Markdown to HTML that is safe to put into a page as is. */
export function renderMarkdown(text: string): string {
  if (text.trim() === '') return '';
  return String(processor.processSync(text));
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * One line of inline markdown (a title): emphasis, code and links render, while anything that
 * would become a block (`# x`, `1. x`, `> x`) stays the text it was.
 */
export function renderInlineMarkdown(text: string): string {
  const html = renderMarkdown(text);
  const inline = /^<p>(.*)<\/p>$/s.exec(html)?.[1];
  return inline === undefined || inline.includes('<p>') ? escapeHtml(text) : inline;
}
