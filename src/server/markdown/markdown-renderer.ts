import { assertNever } from '../../shared/lib/assertNever';
import type { RenderPool } from '../render-pool/render-pool';
import type { PoolOutcome } from '../render-pool/worker-pool';
import { abortedRendering, RENDER_TIMEOUT_MS } from './complexity';
import { cachedRendering, keepRendering, type MarkdownKind } from './markdown-cache';
import type { RenderedMarkdown } from './rendered';

/** What one answer renders: block markdown (notes, descriptions) and inline markdown (titles). */
export type MarkdownTexts = { blocks?: readonly string[]; inlines?: readonly string[] };

/** The renderings of one answer's texts, to write synchronously. */
export type RenderedTexts = {
  block: (text: string) => RenderedMarkdown;
  inline: (text: string) => RenderedMarkdown;
};

const EMPTY: RenderedMarkdown = { parts: [''], references: [], taskLines: [] };

const KINDS: readonly MarkdownKind[] = ['block', 'inline'];

type Underway = { done: Promise<RenderedMarkdown | null>; overdue: boolean };

/**
 * What a finished task leaves for every later answer: its rendering, or the placeholder when it ran
 * past its budget or failed (a stack overflow fails the same way every time). A task that never ran
 * leaves nothing: the next answer tries again.
 */
function keptOutcome(outcome: PoolOutcome<RenderedMarkdown>): RenderedMarkdown | null {
  switch (outcome.status) {
    case 'done':
      return outcome.value;
    case 'over_budget':
    case 'failed':
      return abortedRendering;
    case 'not_run':
      return null;
    default:
      return assertNever(outcome);
  }
}

/**
 * Markdown rendered in the render pool, never on the server's thread, and kept by text
 * (markdown-cache.ts). An answer waits for its texts at most RENDER_TIMEOUT_MS in all: a text not
 * rendered by then (one past its budget, or waiting behind others that are) is answered with the
 * placeholder, and its rendering goes on, so a later answer finds it kept; meanwhile no answer
 * waits for it again.
 */
export function createMarkdownRenderer({
  pool,
  waitMs = RENDER_TIMEOUT_MS,
}: {
  pool: Pick<RenderPool, 'markdown' | 'firstStart'>;
  waitMs?: number;
}) {
  /**
   * Renderings under way, so that answers asking for the same text meanwhile share one task; an
   * overdue one is one an answer already stopped waiting for: later answers do not wait again
   * (a page that renders a note twice, or polls it, is not held twice), until it is done. Keyed by
   * kind, then by the text as it came (a `kind:text` key would copy a 1 MB text at every lookup).
   */
  const underway: Record<MarkdownKind, Map<string, Underway>> = { block: new Map(), inline: new Map() };

  function rendering(kind: MarkdownKind, text: string): RenderedMarkdown | Promise<RenderedMarkdown | null> {
    if (text.trim() === '') return EMPTY;
    const kept = cachedRendering(kind, text);
    if (kept) return kept;
    const running = underway[kind].get(text);
    if (running) return running.overdue ? abortedRendering : running.done;
    const done = pool.markdown(text, kind === 'inline').then((outcome) => {
      underway[kind].delete(text);
      const rendered = keptOutcome(outcome);
      if (rendered) keepRendering(kind, text, rendered);
      return rendered;
    });
    underway[kind].set(text, { done, overdue: false });
    return done;
  }

  /** Renders the texts of one answer, waiting for them at most `waitMs`. */
  async function renderTexts({ blocks = [], inlines = [] }: MarkdownTexts): Promise<RenderedTexts> {
    const wanted: Record<MarkdownKind, ReadonlySet<string>> = {
      block: new Set(blocks),
      inline: new Set(inlines),
    };
    const found: Record<MarkdownKind, Map<string, RenderedMarkdown>> = {
      block: new Map(),
      inline: new Map(),
    };
    let answered = false;
    const waiting: Array<Promise<void>> = [];
    for (const kind of KINDS)
      for (const text of wanted[kind]) {
        const result = rendering(kind, text);
        if (!(result instanceof Promise)) found[kind].set(text, result);
        else
          waiting.push(
            result.then((rendered) => {
              if (!answered) found[kind].set(text, rendered ?? abortedRendering);
            }),
          );
      }
    if (waiting.length > 0) {
      // The first answer of a process waits for the first worker to start, then for its texts.
      await pool.firstStart();
      await withinWait(Promise.all(waiting));
    }
    answered = true;
    for (const kind of KINDS)
      for (const text of wanted[kind]) {
        const running = found[kind].has(text) ? undefined : underway[kind].get(text);
        if (running) running.overdue = true;
      }
    const lookup =
      (kind: MarkdownKind) =>
      (text: string): RenderedMarkdown => {
        if (!wanted[kind].has(text))
          throw new Error(`${kind} markdown written that this answer did not render`);
        return found[kind].get(text) ?? abortedRendering;
      };
    return { block: lookup('block'), inline: lookup('inline') };
  }

  async function withinWait(done: Promise<unknown>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    try {
      await Promise.race([done, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One block text's rendering: what a task list tick checks the ticked line against. */
  const renderBlock = async (text: string): Promise<RenderedMarkdown> =>
    (await renderTexts({ blocks: [text] })).block(text);

  return { renderTexts, renderBlock };
}

export type MarkdownRenderer = ReturnType<typeof createMarkdownRenderer>;
