// The Overview tab's activity in headless Chromium: every thread of a busy merge request on screen,
// next to a static page of the same notes' HTML served by the same server.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { Discussion } from '../src/shared/api/notes';
import { buildApp, webDistDir } from '../src/server/app';
import type { Container } from '../src/server/container';
import type { TestUser } from '../test/support/factories';
import { launchBrowser, newContext, signIn } from '../test/support/browser';
import { ensureWebBuild } from './browser';
import { mergeRequestOn } from './fixtures';
import { withBenchServer } from './server';

const DISCUSSIONS = 300;
const NOTES_PER_THREAD = 5;
const THREADS_ON_DIFF_LINES = 50;
const RUNS = 3;
const FLOOR_PAGE = 'bench-notes-floor.html';

/** One load of the Overview, from navigation start (the page's clock). */
export type OverviewLoad = {
  /** The frame that holds every thread. */
  allThreadsMs: number;
  /** The frame that first holds a thread (the first page). */
  firstThreadMs: number;
  /** The end of the last `discussions.json` answer. */
  lastPageAnsweredMs: number;
  /** The `discussions.json` requests made for all threads. */
  pages: number;
};

/** The Overview's figures are medians of the runs, each figure on its own. */
export type NotesBrowserFigures = {
  discussions: number;
  notes: number;
  overview: OverviewLoad;
  floorMs: number;
};

/** The changed lines of `mergeRequestOn(…, 5, 20)`: new lines 2, 4, … 20 of files 0 to 4. */
const diffLineOf = (thread: number) => ({
  path: `src/module-0/file-${Math.floor(thread / 10)}.ts`,
  newLine: ((thread % 10) + 1) * 2,
});

/**
 * Issue 4's busy merge request: 300 threads of 5 notes (1,500 notes), the first 50 on diff lines,
 * written through the notes service as the API would.
 */
export async function busyMergeRequest(container: Container, owner: TestUser): Promise<string> {
  const mr = await mergeRequestOn(container, owner, 5, 20);
  const fullPath = mr.url.split('/-/')[0]!.slice(1);
  const noteable = await container.noteables.byIid(owner, 'MergeRequest', fullPath, 1);
  for (let thread = 0; thread < DISCUSSIONS; thread++) {
    const line = thread < THREADS_ON_DIFF_LINES ? diffLineOf(thread) : null;
    const position = line && {
      base_sha: mr.baseSha,
      start_sha: mr.baseSha,
      head_sha: mr.headSha,
      old_path: line.path,
      new_path: line.path,
      position_type: 'text' as const,
      old_line: null,
      new_line: line.newLine,
    };
    const { note } = await container.notes.create(owner, noteable, {
      body: `Thread ${thread}: is the \`empty\` case **covered**? See the tests.`,
      type: 'DiscussionNote',
      ...(position ? { position } : {}),
    });
    for (let reply = 1; reply < NOTES_PER_THREAD; reply++) {
      await container.notes.create(owner, noteable, {
        body: `Answer ${reply} in thread ${thread}: _yes_, in [the spec](https://example.com/spec).`,
        inReplyToDiscussionId: note.discussionId,
      });
    }
  }
  return mr.url;
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The floor: every thread's notes as plain HTML (author, time, the server's note_html), no script. */
function floorHtml(discussions: Discussion[]): string {
  const threads = discussions.map((discussion) => {
    const excerpt = (discussion.truncated_diff_lines ?? [])
      .map((line) => `<tr><td>${line.new_line ?? ''}</td><td><pre>${line.rich_text}</pre></td></tr>`)
      .join('');
    const notes = discussion.notes.map(
      (note) =>
        `<li class="note"><div><b>${escape(note.author?.name ?? '')}</b> @${escape(note.author?.username ?? '')}` +
        ` · <a href="#note_${note.id}">${note.created_at}</a></div><div class="md">${note.note_html}</div></li>`,
    );
    return (
      `<li class="discussion" data-discussion-id="${discussion.id}">` +
      `${excerpt ? `<table>${excerpt}</table>` : ''}<ul>${notes.join('')}</ul></li>`
    );
  });
  return `<!doctype html><html><head><meta charset="utf-8"><title>Floor</title><style>
body{font-family:sans-serif}ul{list-style:none}.discussion{border:1px solid #d0d7de;margin:8px 0}
pre{margin:0;font:12px monospace}</style></head><body><h2>Activity</h2>
<ul class="activity__list">${threads.join('')}</ul></body></html>`;
}

/**
 * Records, from navigation start, the frame that first holds a thread and the frame that holds
 * `expected` of them. The list is not virtualized: every thread is a `li[data-discussion-id]`.
 */
const PAGE_PROBES = (expected: number) => {
  const bench = { firstThread: -1, allThreads: -1 };
  (window as unknown as { __bench: typeof bench }).__bench = bench;
  let firstSeen = false;
  new MutationObserver((_, observer) => {
    const count = document.querySelectorAll('.activity__list > li[data-discussion-id]').length;
    if (count > 0 && !firstSeen) {
      firstSeen = true;
      requestAnimationFrame((time) => (bench.firstThread = time));
    }
    if (count < expected) return;
    observer.disconnect();
    requestAnimationFrame((time) => (bench.allThreads = time));
  }).observe(document, { childList: true, subtree: true });
};

type Probe = { firstThread: number; allThreads: number };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function everyDiscussion(
  inject: (url: string) => Promise<{ json: () => Discussion[]; headers: Record<string, unknown> }>,
  mrUrl: string,
): Promise<Discussion[]> {
  const all: Discussion[] = [];
  let cursor: string | undefined;
  do {
    const response = await inject(
      `${mrUrl}/discussions.json?per_page=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    all.push(...response.json());
    cursor = response.headers['x-next-page-cursor'] as string | undefined;
  } while (cursor);
  return all;
}

/** One cold load of `url` in a fresh signed-in context: the probes and the page's own resource timings. */
async function load(
  browser: Browser,
  address: string,
  owner: TestUser,
  url: string,
  expected: number,
): Promise<OverviewLoad> {
  const context = await newContext(browser, address);
  try {
    const page = await context.newPage();
    await signIn(page, owner.username, owner.password);
    await page.addInitScript(PAGE_PROBES, expected);
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.allThreads > 0, null, {
      timeout: 120_000,
    });
    const probe = await page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);
    const pages = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/discussions.json'))
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
    );
    return {
      allThreadsMs: probe.allThreads,
      firstThreadMs: probe.firstThread,
      lastPageAnsweredMs: Math.max(0, ...pages),
      pages: pages.length,
    };
  } finally {
    await context.close();
  }
}

/** Issue 4: the Overview of a merge request with 300 threads / 1,500 notes, until every thread is in. */
export async function measureNotesBrowser(): Promise<NotesBrowserFigures> {
  await ensureWebBuild();
  return withBenchServer('notes-browser', async ({ deps, container, app: fixtureApp, owner }) => {
    const mrUrl = await busyMergeRequest(container, owner);
    const discussions = await everyDiscussion(
      (url) => fixtureApp.inject({ method: 'GET', url, headers: owner.headers }),
      mrUrl,
    );
    if (discussions.length !== DISCUSSIONS)
      throw new Error(`${discussions.length} threads, not ${DISCUSSIONS}`);
    // Written before the listening app starts: the static plugin serves the files it finds when it registers.
    await writeFile(path.join(webDistDir, FLOOR_PAGE), floorHtml(discussions));
    const app = await buildApp(deps, { container });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await launchBrowser();
    try {
      // One load first, so that neither side pays for a cold server or browser.
      await load(browser, address, owner, mrUrl, DISCUSSIONS);
      const floor: OverviewLoad[] = [];
      const overview: OverviewLoad[] = [];
      for (let run = 0; run < RUNS; run++) {
        floor.push(await load(browser, address, owner, `/${FLOOR_PAGE}`, DISCUSSIONS));
        overview.push(await load(browser, address, owner, mrUrl, DISCUSSIONS));
      }
      const medianOf = (key: keyof OverviewLoad) => median(overview.map((run) => run[key]));
      return {
        discussions: DISCUSSIONS,
        notes: discussions.reduce((sum, discussion) => sum + discussion.notes.length, 0),
        overview: {
          allThreadsMs: medianOf('allThreadsMs'),
          firstThreadMs: medianOf('firstThreadMs'),
          lastPageAnsweredMs: medianOf('lastPageAnsweredMs'),
          pages: medianOf('pages'),
        },
        floorMs: median(floor.map((run) => run.allThreadsMs)),
      };
    } finally {
      await browser.close();
      await app.close();
    }
  });
}
