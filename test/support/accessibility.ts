import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type * as Axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Every page the browser suite opens is scanned with axe-core against WCAG 2.1 A and AA: before
 * each `page.goto` (the state the test leaves) and after each test (each open page's last state).
 * A violation fails the test, so new screens are born accessible. A page state made only of kinds
 * of element already scanned clean (see `kindsOf`) is not scanned again: polls that change nothing,
 * the same screen in another test and a screen with one more menu open cost only their kinds.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/**
 * Parts of pages we do not write and cannot fix, left out of the scan; each says why. Our own
 * components are fixed, never listed here.
 */
const EXCLUDED: string[] = [];

/**
 * Repeats the scan reads once: a diff file's rows past its first chunk of 100 (`.diff-chunk`) are
 * rows of the same kinds, and on an expanded file of thousands of lines they made one scan last
 * seconds (colour contrast is checked per text node).
 */
const REPEATS = ['.diff-chunk ~ .diff-chunk'];

const pages = new Set<Page>();
/** Every kind of element some clean scan has judged. */
const cleanKinds = new Set<string>();
/**
 * States that failed, with the test that was told: a later test that finds the same state (the
 * page a failed test left behind) is not failed for it, while that test's retry is.
 */
const reportedTo = new Map<string, string>();
/** What the scans cost: states scanned before a `goto` and after a test, states skipped as seen, time. */
export const scanStats = { beforeGoto: 0, afterTest: 0, skipped: 0, ms: 0 };

/**
 * What the scan judges, as the kinds of element on the page (each hashed), a kind being an
 * element's tag, role, classes, type, whether it has text of its own, which naming and state
 * attributes it carries, and its parent's tag and classes. Text, ids, inline styles (a virtualized
 * list's offsets) and how many of a kind there are (one more note in a thread) are left out: an
 * element of a kind scanned clean on one page is judged alike on another (WCAG's rules look at an
 * element, its name and its parent's colours, not at which other kinds share the page). No named
 * functions in here: the page has no helpers of the test's loader.
 */
const kindsOf = (page: Page) =>
  page.evaluate(() => {
    const NAMING = ['aria-label', 'aria-labelledby', 'alt', 'title', 'for', 'disabled', 'aria-hidden'];
    const kinds = new Set<string>();
    for (const element of document.body.querySelectorAll('*')) {
      let own = '';
      for (const node of element.childNodes) if (node.nodeType === 3) own += node.textContent;
      const parent = element.parentElement;
      kinds.add(
        [
          element.tagName,
          element.getAttribute('role') ?? '',
          element.getAttribute('class') ?? '',
          element.getAttribute('type') ?? '',
          own.trim() === '' ? '' : 'text',
          ...NAMING.filter((name) => element.hasAttribute(name)),
          parent?.tagName ?? '',
          parent?.getAttribute('class') ?? '',
        ].join('|'),
      );
    }
    return [...kinds].map((kind) => {
      let a = 0x811c9dc5;
      let b = 0x01000193;
      for (let i = 0; i < kind.length; i++) {
        a = Math.imul(a ^ kind.charCodeAt(i), 0x01000193) >>> 0;
        b = Math.imul(b ^ kind.charCodeAt(i), 0x5bd1e995) >>> 0;
      }
      return `${a.toString(16)}-${b.toString(16)}`;
    });
  });

/** Whether an error is the page going away under the scan (a navigation, a closed page). */
const pageWentAway = (error: unknown) =>
  /Execution context was destroyed|Target page, context or browser has been closed|navigat/i.test(
    String(error),
  );

function describeViolations(url: string, results: AxeResults): string {
  const lines = [`Accessibility violations (axe-core, WCAG 2.1 AA) on ${url}:`];
  for (const violation of results.violations) {
    lines.push(
      `- ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} ${violation.helpUrl}`,
    );
    for (const node of violation.nodes.slice(0, 5))
      lines.push(`    ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`);
    if (violation.nodes.length > 5) lines.push(`    ... and ${violation.nodes.length - 5} more`);
  }
  return lines.join('\n');
}

/** Scans `page` as it is now, unless this state was scanned clean before; throws on a violation. */
export async function scanPage(page: Page, when: 'beforeGoto' | 'afterTest'): Promise<void> {
  if (page.isClosed() || !/^https?:/.test(page.url())) return;
  const started = performance.now();
  try {
    const kinds = await kindsOf(page);
    const key = [...kinds].sort().join(',');
    const test = expect.getState().currentTestName ?? '';
    const reported = reportedTo.get(key);
    if (kinds.every((kind) => cleanKinds.has(kind)) || (reported !== undefined && reported !== test)) {
      scanStats.skipped++;
      return;
    }
    const injected = await page.evaluate(() => 'axe' in window);
    if (!injected) await page.evaluate(AXE_SOURCE);
    const results = await page.evaluate(
      ([exclude, options]) =>
        (window as unknown as { axe: typeof Axe }).axe.run(
          { include: [['body']], exclude: exclude.map((selector) => [selector]) },
          options,
        ),
      [[...EXCLUDED, ...REPEATS], RUN_OPTIONS] as const,
    );
    scanStats[when]++;
    if (results.violations.length > 0) {
      reportedTo.set(key, test);
      throw new Error(describeViolations(page.url(), results));
    }
    for (const kind of kinds) cleanKinds.add(kind);
  } catch (error) {
    if (!pageWentAway(error)) throw error;
  } finally {
    scanStats.ms += performance.now() - started;
  }
}

/** Scans each open page of the suite's contexts. */
export async function scanOpenPages(): Promise<void> {
  for (const page of pages) await scanPage(page, 'afterTest');
}

/** Watches the pages of `context`: each is scanned before it navigates away with `goto`. */
export function watchAccessibility(context: BrowserContext): void {
  context.on('page', (page) => {
    pages.add(page);
    page.on('close', () => pages.delete(page));
    const goto = page.goto.bind(page);
    page.goto = async (...args) => {
      await scanPage(page, 'beforeGoto');
      return goto(...args);
    };
  });
}
