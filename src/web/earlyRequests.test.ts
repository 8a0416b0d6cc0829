import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from './api/client';
import { startEarlyRequests } from './earlyRequests';

const MR = '/group/sub/project/-/merge_requests/7';
const SIGNED_OUT = { user: null, csrf_token: 'token' };
const SIGNED_IN = { user: { id: 1, username: 'alice' }, csrf_token: 'token' };

/** The browser's fetch, answering what the server would: the session, saved settings, JSON otherwise. */
function stubServer(answers: Record<string, unknown>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(answers[url] ?? { url }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return asked;
}

const noModule = () => Promise.resolve();

/** Lets the chained requests (session, then settings, then the diff) go out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first requests, started before the app has loaded', () => {
  it('asks for the project, the merge request, its notes data, and on the Changes tab its first files and module', async () => {
    const asked = stubServer({ '/-/session': SIGNED_OUT });
    const loadChangesTab = vi.fn(noModule);
    startEarlyRequests({ pathname: `${MR}/diffs`, search: '' }, loadChangesTab);
    await settle();
    expect(loadChangesTab).toHaveBeenCalledOnce();
    expect(asked).toEqual([
      '/-/session',
      '/api/v4/projects/group%2Fsub%2Fproject',
      `${MR}.json`,
      `${MR}/notes_data.json`,
      `${MR}/diffs_metadata.json?w=0&view=inline`,
      `${MR}/diffs_batch.json?w=0&view=inline&page=0&per_page=5`,
    ]);
  });

  it('asks with the signed-in viewer’s saved settings and the address’s version', async () => {
    const asked = stubServer({
      '/-/session': SIGNED_IN,
      '/api/v4/user/preferences': { show_whitespace_in_diffs: false, view_diffs_file_by_file: true },
    });
    startEarlyRequests({ pathname: `${MR}/diffs`, search: '?diff_id=3' }, noModule);
    await settle();
    expect(asked.slice(4)).toEqual([
      '/api/v4/user/preferences',
      `${MR}/diffs_metadata.json?w=1&view=inline&diff_id=3`,
      `${MR}/diffs_batch.json?w=1&view=inline&diff_id=3&page=0&per_page=1`,
    ]);
  });

  it.each([
    ['a merge request’s Overview', MR, 4],
    ['a project page', '/group/project/-/tree/main', 2],
    ['a page outside projects', '/dashboard/projects', 1],
    ['a malformed address', '/group/%E0%A4%A/-/merge_requests/1', 1],
    ['an iid that is no number', '/group/project/-/merge_requests/new', 2],
  ])('asks on %s only for what that page reads first', async (_page, pathname, count) => {
    const asked = stubServer({ '/-/session': SIGNED_OUT });
    const loadChangesTab = vi.fn(noModule);
    startEarlyRequests({ pathname, search: '' }, loadChangesTab);
    await settle();
    expect(asked).toHaveLength(count);
    expect(loadChangesTab).not.toHaveBeenCalled();
  });

  it('hands each answer to the app once, then asks the server again', async () => {
    const asked = stubServer({ '/-/session': SIGNED_OUT });
    startEarlyRequests({ pathname: MR, search: '' }, noModule);
    await settle();
    expect(await request(`${MR}.json`)).toEqual({ url: `${MR}.json` });
    expect(asked.filter((url) => url === `${MR}.json`)).toHaveLength(1);
    await request(`${MR}.json`);
    expect(asked.filter((url) => url === `${MR}.json`)).toHaveLength(2);
  });

  it('gives the app the session’s answer though the early code read it too', async () => {
    stubServer({ '/-/session': SIGNED_OUT });
    startEarlyRequests({ pathname: '/', search: '' }, noModule);
    await settle();
    expect(await request('/-/session')).toEqual(SIGNED_OUT);
  });

  it('leaves a failed early request to the app that asks, and no error behind when none does', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    startEarlyRequests({ pathname: `${MR}/diffs`, search: '' }, noModule);
    await settle();
    await expect(request(`${MR}.json`)).rejects.toThrow('Failed to fetch');
  });
});
