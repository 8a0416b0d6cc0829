import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { COMPLEXITY_PLACEHOLDER } from '../../../src/server/markdown/complexity';
import { RENDER_TIMEOUT_MS } from '../../../src/server/markdown/complexity';
import { currentThreadId, threadCpuMs } from '../../../src/server/render-pool/thread-cpu';
import type { CreateNoteResponse, Discussion, NotesPollResponse } from '../../../src/shared/api/notes';
import type { MergeRequestPage } from '../../../src/shared/api/mergeRequests';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { buildMergeRequest, pushFile } from '../../support/merge-request-factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { markdownCorpus } from './markdown-corpus';

/**
 * An answer that renders waits for its markdown RENDER_TIMEOUT_MS at most; this much more is the
 * request's own work (reading and writing a 600 KB text) on a machine other tests share.
 */
const ANSWER_MS = RENDER_TIMEOUT_MS + 1500;
/** `/-/readiness`, asked every 25 ms while the corpus renders, answers within this. */
const READINESS_MS = 200;

/**
 * Each run of a case writes texts of its own (a suffix), so that none is answered from the cache
 * of an earlier run: a case run again renders again.
 */
let run = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks `/-/readiness` over and over, and keeps the worst time from when a question was due to its
 * answer: a thread held by rendering delays the question itself, which counts. Only the time this
 * thread was at work counts, though (its CPU time, where Linux tells it): on a machine that other
 * tests share, a thread that waits for a core is late without being held by anything of ours (an
 * idle server measured 330 ms late at worst at a load of 20 on 2 cores), while rendering on it
 * keeps it at work all that time.
 */
function watchReadiness(t: TestApp) {
  const thread = currentThreadId();
  const cpuNow = () => (thread === null ? null : threadCpuMs(thread));
  /** How long a question due at `due` has been held by this thread's work, by `now`. */
  const heldFor = (asked: { due: number; cpu: number | null }) => {
    const late = performance.now() - asked.due;
    const cpu = cpuNow();
    return cpu === null || asked.cpu === null ? late : Math.min(late, cpu - asked.cpu);
  };
  let worst = 0;
  let asking: { due: number; cpu: number | null } | null = null;
  let watching = true;
  const loop = (async () => {
    while (watching) {
      asking = { due: performance.now() + 25, cpu: cpuNow() };
      await sleep(25);
      const response = await t.app.inject({ url: '/-/readiness' });
      expect(response.statusCode).toBe(200);
      worst = Math.max(worst, heldFor(asking));
      asking = null;
    }
  })();
  return {
    reset: () => void (worst = 0),
    /** The worst so far, the question still waiting for its answer included. */
    worst: () => Math.max(worst, asking ? heldFor(asking) : 0),
    stop: async () => {
      watching = false;
      await loop;
    },
  };
}

describe('markdown that costs too much to render never stops the server', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let readiness: ReturnType<typeof watchReadiness>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    // The render workers start with the first rendering: not the time of any case below.
    await t.app.inject({
      method: 'POST',
      url: '/api/v4/markdown',
      headers: owner.headers,
      payload: { text: '*warm*' },
    });
    readiness = watchReadiness(t);
  });
  afterAll(async () => {
    await readiness.stop();
    await t.close();
  });
  /**
   * One request, timed: answered within the budget. As for readiness, a request late only for
   * want of a core is not held by anything of ours: the render wait has its own deadline (the
   * render pool's and renderer's tests), so past the budget only this thread's work counts, which
   * must stay within the budget's part for the request's own work.
   */
  async function answered(request: {
    method?: 'GET' | 'POST';
    url: string;
    headers: Record<string, string>;
    payload?: Record<string, unknown>;
  }): Promise<LightMyRequestResponse> {
    const thread = currentThreadId();
    const cpuNow = () => (thread === null ? null : threadCpuMs(thread));
    // A request from a socket arrives in a turn of the event loop of its own: injected back to
    // back (PGlite answers in microtasks), the readiness question due meanwhile would wait for all.
    await sleep(0);
    const started = { at: performance.now(), cpu: cpuNow() };
    const response = await t.app.inject(request);
    const elapsed = performance.now() - started.at;
    const cpu = cpuNow();
    const held =
      cpu === null || started.cpu === null
        ? elapsed
        : Math.min(elapsed, RENDER_TIMEOUT_MS + cpu - started.cpu);
    expect(held, `${request.url} took ${Math.round(elapsed)} ms`).toBeLessThan(ANSWER_MS);
    return response;
  }

  /** Rendered HTML, or the placeholder in its place: never an error, never nothing. */
  const expectRenderedOrAborted = (html: string) => {
    if (html !== COMPLEXITY_PLACEHOLDER) expect(html.length).toBeGreaterThan(0);
  };

  const expectServerReady = () => expect(readiness.worst()).toBeLessThan(READINESS_MS);

  // One retry, for a machine shared with other work: a rendering on the server's thread fails every
  // run; the retry renders again (fresh texts).
  describe.each(markdownCorpus)('$name', { retry: 1 }, ({ text }) => {
    it('is previewed in time, through the API and as the page’s editor asks', async () => {
      const tag = ++run;
      readiness.reset();
      const preview = await answered({
        method: 'POST',
        url: '/api/v4/markdown',
        headers: owner.headers,
        payload: { text: `${text}\n\nAPI preview ${tag}` },
      });
      expect(preview.statusCode).toBe(201);
      expectRenderedOrAborted(preview.json<{ html: string }>().html);
      const editor = await answered({
        method: 'POST',
        url: '/api/v4/markdown',
        headers: owner.headers,
        payload: { text: `${text}\n\nEditor preview ${tag}`, gfm: true, project: project.fullPath },
      });
      expect(editor.statusCode).toBe(201);
      expectRenderedOrAborted(editor.json<{ html: string }>().html);
      expectServerReady();
    });

    it('is written as a note in time, and the discussions and the notes poll still load', async () => {
      const tag = ++run;
      // A merge request of its own: its page loads this note, not every note of the corpus.
      const { mergeRequest: written } = await buildMergeRequest(t.container, owner, project);
      const mergeRequest = `/${project.fullPath}/-/merge_requests/${written.iid}`;
      readiness.reset();
      const created = await answered({
        method: 'POST',
        url: `${mergeRequest}/notes`,
        headers: owner.headers,
        payload: { note: { note: `${text}\n\nNote ${tag}` } },
      });
      expect(created.statusCode).toBe(201);
      const note = created.json<CreateNoteResponse>().note as { id: number; note_html: string };
      expectRenderedOrAborted(note.note_html);
      const discussions = await answered({ url: `${mergeRequest}/discussions.json`, headers: owner.headers });
      expect(discussions.statusCode).toBe(200);
      const shown = discussions.json<Discussion[]>().flatMap((discussion) => discussion.notes);
      expectRenderedOrAborted(shown.find((n) => n.id === note.id)!.note_html);
      const poll = await answered({ url: `${mergeRequest}/notes`, headers: owner.headers });
      expect(poll.statusCode).toBe(200);
      expect(poll.json<NotesPollResponse>().notes.map((n) => n.id)).toContain(note.id);
      expectServerReady();
    });

    it('is written as a description in time, and the merge request page still loads', async () => {
      const branch = `description-${Math.random().toString(36).slice(2, 8)}`;
      await pushFile(project, branch, { path: `${branch}.txt`, content: 'work\n' });
      const created = await answered({
        method: 'POST',
        url: `/api/v4/projects/${project.project.id}/merge_requests`,
        headers: owner.headers,
        payload: {
          source_branch: branch,
          target_branch: 'main',
          title: branch,
          description: `${text}\n\nDescription ${++run}`,
        },
      });
      expect(created.statusCode).toBe(201);
      const { iid } = created.json<{ iid: number }>();
      // Writing a merge request is no rendering: readiness is watched from its page on.
      readiness.reset();
      const page = await answered({
        url: `/${project.fullPath}/-/merge_requests/${iid}.json`,
        headers: owner.headers,
      });
      expect(page.statusCode).toBe(200);
      expectRenderedOrAborted(page.json<MergeRequestPage>().description_html);
      const rest = await answered({
        url: `/api/v4/projects/${project.project.id}/merge_requests/${iid}?render_html=true`,
        headers: owner.headers,
      });
      expect(rest.statusCode).toBe(200);
      expectServerReady();
    });

    it('is shown in time as a commit message', async () => {
      const branch = `commit-${Math.random().toString(36).slice(2, 8)}`;
      const message = `${text}\n\nCommit ${++run}`;
      const sha = await pushFile(project, branch, { path: `${branch}.txt`, content: 'work\n', message });
      readiness.reset();
      const api = `/api/v4/projects/${project.project.id}/repository/commits`;
      const commit = await answered({ url: `${api}/${sha}`, headers: owner.headers });
      expect(commit.statusCode).toBe(200);
      expect(commit.json<{ message: string }>().message.trim()).toBe(message.trim());
      const list = await answered({ url: `${api}?ref_name=${branch}`, headers: owner.headers });
      expect(list.statusCode).toBe(200);
      expectServerReady();
    });
  });
});
