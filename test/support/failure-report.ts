import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { queryRows } from '../../src/server/db/client';
import type { TestApp } from './test-app';

/**
 * What a failed end-to-end test leaves in the log: each open page's address and visible text, and
 * each test app's unfinished jobs. A run on another machine shows only its log; a timeout that
 * names the text it waited for says nothing of what the page showed instead.
 */
const browsers = new Set<Browser>();
const apps = new Set<TestApp>();

export function watchBrowser(browser: Browser): Browser {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  return browser;
}

export function watchApp(app: TestApp): () => void {
  apps.add(app);
  return () => apps.delete(app);
}

const TEXT_LIMIT = 3000;

async function describePages(): Promise<string[]> {
  const lines: string[] = [];
  for (const browser of browsers)
    for (const context of browser.contexts())
      for (const page of context.pages()) {
        const text = await page
          .locator('body')
          .innerText({ timeout: 2000 })
          .catch((error: unknown) => `(no text: ${String(error)})`);
        lines.push(`page ${page.url()}:`, text.slice(0, TEXT_LIMIT));
      }
  return lines;
}

async function describeJobs(): Promise<string[]> {
  const lines: string[] = [];
  for (const app of apps) {
    const rows = await queryRows(
      app.deps.database.db,
      sql`select id, queue, kind, state, attempts, run_at, locked_at, last_error from jobs
          where state <> 'done' order by id desc limit 20`,
    ).catch((error: unknown) => [{ error: String(error) }]);
    lines.push(`jobs not done: ${JSON.stringify(rows)}`);
  }
  return lines;
}

export async function reportWhatWasLeft(): Promise<void> {
  const report = [...(await describePages()), ...(await describeJobs())];
  console.error(['--- what the failed test left behind ---', ...report].join('\n'));
}
