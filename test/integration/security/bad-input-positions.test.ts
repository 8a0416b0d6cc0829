import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles } from '../../../src/server/git/commits';
import type { NotePosition } from '../../../src/shared/api/notes';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { testAuthor } from '../../support/merge-request-factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type Refs = Pick<NotePosition, 'base_sha' | 'start_sha' | 'head_sha'>;

const numbered = (count: number, changed: Record<number, string> = {}) =>
  Array.from({ length: count }, (_, i) => changed[i + 1] ?? `line ${i + 1}`).join('\n') + '\n';

const field = (name: keyof Refs) =>
  `The position's ${name} does not belong to a version of this merge request.`;

/**
 * A diff position names its diff by three commits, and all three must be the refs of one diff the
 * merge request offers (a version, two versions compared, one of its commits), on every way in.
 */
describe('diff positions with commits of no version', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let iid: number;
  /** The first and second versions, the second commit alone, and the target's head. */
  let first: Refs;
  let second: Refs;
  let secondCommit: Refs;
  let targetHead: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    targetHead = await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Base',
      author: testAuthor,
      changes: [{ action: 'create', path: 'app.txt', content: numbered(10) }],
    });
    const firstHead = await commitFiles(project.gitDir, {
      branch: 'feature',
      startBranch: 'main',
      message: 'First',
      author: testAuthor,
      changes: [{ action: 'update', path: 'app.txt', content: numbered(10, { 2: 'two' }) }],
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      title: 'Feature',
    });
    iid = mr.mergeRequest.iid;
    const secondHead = await commitFiles(project.gitDir, {
      branch: 'feature',
      message: 'Second',
      author: testAuthor,
      changes: [{ action: 'update', path: 'app.txt', content: numbered(10, { 2: 'two', 8: 'eight' }) }],
    });
    await t.container.pushHooks.run(
      {
        project,
        actor: owner,
        changes: [{ ref: 'refs/heads/feature', oldSha: firstHead, newSha: secondHead }],
      },
      (error) => {
        throw error;
      },
    );
    first = { base_sha: targetHead, start_sha: targetHead, head_sha: firstHead };
    second = { base_sha: targetHead, start_sha: targetHead, head_sha: secondHead };
    secondCommit = { base_sha: firstHead, start_sha: firstHead, head_sha: secondHead };
  });
  afterAll(() => t.close());

  const at = (refs: Refs, newLine = 8): NotePosition => ({
    ...refs,
    old_path: 'app.txt',
    new_path: 'app.txt',
    position_type: 'text',
    old_line: null,
    new_line: newLine,
  });

  const api = () => `/api/v4/projects/${project.project.id}/merge_requests/${iid}`;
  const page = () => `/${project.fullPath}/-/merge_requests/${iid}`;

  /** Every way a diff position comes in: REST threads and drafts, the page's notes and drafts. */
  const routes: Array<[string, (position: NotePosition) => Promise<{ statusCode: number; body: string }>]> = [
    [
      'REST discussions',
      (position) =>
        t.app.inject({
          method: 'POST',
          url: `${api()}/discussions`,
          headers: owner.headers,
          payload: { body: 'Here', position },
        }),
    ],
    [
      'REST draft notes',
      (position) =>
        t.app.inject({
          method: 'POST',
          url: `${api()}/draft_notes`,
          headers: owner.headers,
          payload: { note: 'Here', position },
        }),
    ],
    [
      'page notes',
      (position) =>
        t.app.inject({
          method: 'POST',
          url: `${page()}/notes`,
          headers: owner.headers,
          payload: { note: { note: 'Here', position } },
        }),
    ],
    [
      'page draft notes',
      (position) =>
        t.app.inject({
          method: 'POST',
          url: `${page()}/draft_notes`,
          headers: owner.headers,
          payload: { draft_note: { note: 'Here', position } },
        }),
    ],
  ];

  const stored = async () => {
    const [notes, drafts] = await Promise.all([
      t.app.inject({ url: `${api()}/notes?per_page=100`, headers: owner.headers }),
      t.app.inject({ url: `${api()}/draft_notes`, headers: owner.headers }),
    ]);
    return notes.json<unknown[]>().length + drafts.json<unknown[]>().length;
  };

  const bogus = 'f'.repeat(40);
  /** Positions whose head is fine (or not) and whose other commits belong to no diff, with the field blamed. */
  const corpus = (): Array<[string, NotePosition, keyof Refs]> => [
    ['a made-up base', at({ ...second, base_sha: bogus }), 'base_sha'],
    ['a made-up start', at({ ...second, start_sha: bogus }), 'start_sha'],
    ['a made-up head', at({ ...second, head_sha: bogus }), 'head_sha'],
    ['a base that is a branch name', at({ ...second, base_sha: 'main' }), 'base_sha'],
    ['an empty start', at({ ...second, start_sha: '' }), 'start_sha'],
    ['a head that is a path', at({ ...second, head_sha: '../../../etc/passwd' }), 'head_sha'],
    ['the head as its own start', at({ ...second, start_sha: second.head_sha }), 'start_sha'],
    ['a commit of the request as base', at({ ...second, base_sha: first.head_sha }), 'base_sha'],
    ['a commit with a made-up base', at({ ...secondCommit, base_sha: bogus }), 'base_sha'],
  ];

  for (const [route, send] of routes) {
    it(`${route}: refuses each wrong commit with 400 naming it, storing nothing`, async () => {
      const before = await stored();
      for (const [what, position, blamed] of corpus()) {
        const response = await send(position);
        expect([response.statusCode, JSON.parse(response.body)], what).toEqual([
          400,
          { message: field(blamed) },
        ]);
      }
      expect(await stored()).toBe(before);
    });
  }

  it('still takes a version, two versions compared and one commit', async () => {
    const send = routes[0]![1];
    const compared = { ...second, start_sha: first.head_sha };
    for (const refs of [second, first, compared, secondCommit]) {
      const line = refs === first ? 2 : 8;
      const response = await send(at(refs, line));
      expect(response.statusCode, response.body).toBe(201);
    }
  });
});
