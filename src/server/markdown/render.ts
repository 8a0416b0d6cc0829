import type { Element, Root, RootContent } from 'hast';
import type { Html, Root as MdastRoot } from 'mdast';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import type { Reference } from '../../shared/markdown/references';
import { abortedRendering, exceedsStructuralLimits } from './complexity';
import { gfmText, splitAtReferences } from './gfm-text';
import type { RenderedMarkdown } from './rendered';

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

const visitElements = (node: Root | Element, visit: (element: Element) => void): void => {
  for (const child of node.children as RootContent[]) {
    if (child.type !== 'element') continue;
    visit(child);
    visitElements(child, visit);
  }
};

/** Links leave the page without passing our origin or ranking to the target, as GitLab renders them. */
function markExternalLink(node: Element): void {
  if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
  if (/^https?:/i.test(node.properties.href)) node.properties.rel = ['nofollow', 'noreferrer', 'noopener'];
}

/**
 * Task list items as GitLab marks them: the item's source lines (`data-sourcepos`, which the
 * browser sends back as `line_number` when a box is ticked) and `task-list-item-checkbox`.
 * The boxes stay disabled here; the page enables them for those who may edit the text.
 */
function markTaskItem(node: Element, taskLines: number[]): void {
  const classes = node.properties.className;
  if (node.tagName !== 'li' || !Array.isArray(classes) || !classes.includes('task-list-item')) return;
  const start = node.position?.start;
  const end = node.position?.end;
  if (start && end) {
    node.properties.dataSourcepos = `${start.line}:${start.column}-${end.line}:${end.column}`;
    taskLines.push(start.line);
  }
  const box = taskBox(node) ?? taskBox(node.children.find(isElement));
  if (!box) return;
  box.properties.className = ['task-list-item-checkbox'];
  // A box needs a name for screen readers: GitLab's "Check option: {item}" (an attribute's text,
  // escaped when written, so the author's text cannot become markup).
  box.properties.ariaLabel = `Check option: ${truncateLabel(itemText(node))}`;
}

const isElement = (node: RootContent): node is Element => node.type === 'element';

/** The item's box: its first child, or in a loose list its first paragraph's. */
const taskBox = (parent: Element | undefined): Element | undefined =>
  parent?.children.find((child): child is Element => isElement(child) && child.tagName === 'input');

/** The item's own text, without its sub-lists, on one line. */
function itemText(node: Element | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || node.tagName === 'ul' || node.tagName === 'ol') return '';
  return node.children.map(itemText).join('').replace(/\s+/g, ' ').trim();
}

/** Rails' `truncate(100, separator: ' ', omission: '…')`, as GitLab cuts the label. */
function truncateLabel(text: string, length = 100): string {
  if (text.length <= length) return text;
  const stop = text.lastIndexOf(' ', length - 1);
  return `${text.slice(0, stop === -1 ? length - 1 : stop)}…`;
}

/** What one run of the pipeline collects besides the tree, in the file's `data`. */
type Collected = { references: Reference[]; taskLines: number[] };

/** The part of unified's file the plugins use. */
type SourceFile = { value: unknown; data: Record<string, unknown> };

/**
 * Runs after the sanitizer, on what markdown itself produced: everything added here (links'
 * `rel`, task item positions, emoji, reference places) is ours, not the author's.
 */
function gfmAdditions(this: Processor) {
  return (tree: Root, file: SourceFile) => {
    const collected: Collected = { references: [], taskLines: [] };
    visitElements(tree, (node) => {
      markExternalLink(node);
      markTaskItem(node, collected.taskLines);
    });
    gfmText(collected.references)(tree);
    file.data.collected = collected;
  };
}

/**
 * A title: one line of inline markdown. Anything that would become a block (`# x`, `1. x`,
 * `> x`) is kept as the text it was, as is the whole title when it is more than one paragraph.
 */
function onlyOneParagraph(this: Processor) {
  return (tree: MdastRoot, file: SourceFile) => {
    const [first, ...rest] = tree.children;
    if (first?.type === 'paragraph' && rest.length === 0) return;
    tree.children = [{ type: 'paragraph', children: [{ type: 'text', value: String(file.value) }] }];
  };
}

/** The title's paragraph without its `<p>`. */
function unwrapParagraph(this: Processor) {
  return (tree: Root) => {
    const [paragraph] = tree.children;
    if (paragraph?.type === 'element' && paragraph.tagName === 'p') tree.children = paragraph.children;
  };
}

function processor(inline: boolean) {
  return (
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(inline ? [onlyOneParagraph] : [])
      // Raw HTML in the source is shown as the text it is, never parsed into elements; the
      // sanitizer then checks everything markdown itself produced.
      .use(remarkRehype, {
        handlers: { html: (_state, node: Html) => ({ type: 'text', value: node.value }) },
      })
      .use(inline ? [unwrapParagraph] : [])
      .use(rehypeSanitize, schema)
      .use(gfmAdditions)
      .use(rehypeStringify)
      .freeze()
  );
}

const blockProcessor = processor(false);
const inlineProcessor = processor(true);

function render(text: string, inline: boolean): RenderedMarkdown {
  if (text.trim() === '') return { parts: [''], references: [], taskLines: [] };
  if (exceedsStructuralLimits(text)) return abortedRendering;
  const file = (inline ? inlineProcessor : blockProcessor).processSync(text);
  const { references, taskLines } = file.data.collected as Collected;
  return { parts: splitAtReferences(String(file), references), references, taskLines };
}

/** GitLab Flavored Markdown to sanitized HTML, with its references still to be linked per reader. */
export const renderMarkdown = (text: string): RenderedMarkdown => render(text, false);

/** One line of inline markdown (a title), references still to be linked per reader. */
export const renderInlineMarkdown = (text: string): RenderedMarkdown => render(text, true);
