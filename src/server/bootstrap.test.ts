import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Discussion } from '../shared/api/notes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { bootstrapInstance } from './bootstrap';
import { listBranches } from './git/branches';
import { branchRef, isAncestor, resolveCommit } from './git/repository';

describe('bootstrapInstance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true' } });
  });
  afterAll(() => t.close());

  it('creates root with a generated password written to the data dir, and the demo instance, once', async () => {
    const first = await bootstrapInstance(t.container);
    expect(first.rootCreated).toBe(true);
    expect(first.generatedRootPassword).toMatch(/^[0-9a-f]{32}$/);
    const file = await readFile(path.join(t.dataDir, 'initial_root_password'), 'utf8');
    expect(file.trim()).toBe(first.generatedRootPassword);
    expect(first.demoProjectPath).toBe('demo/shop');

    const again = await bootstrapInstance(t.container);
    expect(again).toEqual({ rootCreated: false });
    // The whole demo is written here (repositories, merge requests, pipelines): more than a
    // test's usual 30 s on two cores shared with the browser lane.
  }, 120_000);

  it('seeds a public project with real history and open, draft, closed and merged merge requests', async () => {
    const project = await t.app.inject('/api/v4/projects/demo%2Fshop');
    expect(project.statusCode).toBe(200);
    const gitDir = t.container.projects.gitDirOf(project.json<{ id: number }>().id);
    expect((await listBranches(gitDir)).map((b) => b.name)).toEqual(
      expect.arrayContaining([
        'main',
        'feature/discount-codes',
        'docs/readme-setup',
        'experiment/integer-cents',
      ]),
    );
    const commits = await t.app.inject('/api/v4/projects/demo%2Fshop/repository/commits?ref_name=main');
    // Four on main, then the two of the merged request and its merge commit.
    expect(commits.json<unknown[]>()).toHaveLength(7);

    const pipelines = await t.app.inject('/api/v4/projects/demo%2Fshop/pipelines?sort=asc');
    expect(
      pipelines.json<Array<{ ref: string; source: string }>>().map(({ ref, source }) => [ref, source]),
    ).toEqual([
      ['main', 'push'],
      ['feature/discount-codes', 'api'],
    ]);

    const list = await t.app.inject('/api/v4/projects/demo%2Fshop/merge_requests?state=all');
    const requests = list.json<Array<{ title: string; state: string; draft: boolean }>>();
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Add discount codes at checkout',
          state: 'opened',
          draft: false,
          labels: ['feature', 'needs review', 'team::checkout'],
        }),
        expect.objectContaining({ title: 'Draft: Refresh the README', state: 'opened', draft: true }),
        expect.objectContaining({ title: 'Store prices as integer cents', state: 'closed' }),
        expect.objectContaining({ title: 'Guard against an empty cart', state: 'merged' }),
      ]),
    );
  });

  it('merges the empty-cart fix into main with a merge commit and removes its branch', async () => {
    const list = await t.app.inject('/api/v4/projects/demo%2Fshop/merge_requests?state=merged');
    const [merged] = list.json<Array<{ merge_commit_sha: string | null; merged_by: { username: string } }>>();
    expect(merged).toMatchObject({ merged_by: { username: 'alice' } });
    const gitDir = t.container.projects.gitDirOf(
      (await t.app.inject('/api/v4/projects/demo%2Fshop')).json<{ id: number }>().id,
    );
    const main = await resolveCommit(gitDir, branchRef('main'));
    expect(merged?.merge_commit_sha).toBe(main);
    expect(await isAncestor(gitDir, merged?.merge_commit_sha ?? '', main ?? '')).toBe(true);
    expect((await listBranches(gitDir)).map((b) => b.name)).not.toContain('fix/empty-cart');
    // The open request into main still merges cleanly on top of the fix.
    const open = await t.app.inject('/api/v4/projects/demo%2Fshop/merge_requests/1');
    expect(open.json()).toMatchObject({
      title: 'Add discount codes at checkout',
      detailed_merge_status: 'mergeable',
    });
  });

  it('signs alice in with the demo password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { login: 'alice', password: 'demo-password' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('seeds issues: an open one, a closed one, a confidential one hidden from visitors, and an incident with a timeline', async () => {
    const list = await t.app.inject('/api/v4/projects/demo%2Fshop/issues?state=all&sort=asc');
    const issues = list.json<Array<{ iid: number; title: string; state: string; issue_type: string }>>();
    expect(issues.map((issue) => [issue.title, issue.state, issue.issue_type])).toEqual([
      ['Discount codes are case-sensitive', 'opened', 'issue'],
      ['Cart badge shows a stale count after removing an item', 'closed', 'issue'],
      ['Checkout returns 500 for carts over 100 items', 'opened', 'incident'],
    ]);
    const incident = issues[2];
    const timeline = await t.app.inject(`/demo/shop/-/issues/${incident?.iid}/timeline_events.json`);
    expect(timeline.json()).toMatchObject([
      { note: 'Rolled back the deploy; the error rate is back to normal.' },
    ]);
  });

  it('seeds a review on the open request: a line thread with a reply naming #1, a suggestion, a comment, an assignee, a reviewer and a thumbs-up', async () => {
    const threads = (await t.app.inject('/demo/shop/-/merge_requests/1/discussions.json')).json<
      Discussion[]
    >();
    const userThreads = threads.filter((thread) => !thread.notes[0]?.system);
    expect(userThreads.map((thread) => [thread.diff_discussion, thread.notes.length])).toEqual([
      [true, 2],
      [true, 1],
      [false, 1],
    ]);
    const [question, suggestion] = userThreads;
    expect(question?.notes[0]?.note_html).toContain('href="/demo/shop/-/issues/1"');
    expect(question?.resolved).toBe(false);
    expect(suggestion?.notes[0]?.suggestions).toMatchObject([
      {
        applied: false,
        from_content: '  const net = subtotal(items) * (1 - (discount?.percent ?? 0) / 100);',
      },
    ]);
    const open = (await t.app.inject('/api/v4/projects/demo%2Fshop/merge_requests/1')).json();
    expect(open).toMatchObject({
      upvotes: 1,
      assignees: [{ username: 'bob' }],
      reviewers: [{ username: 'bob' }],
    });
    const reviewers = await t.app.inject('/api/v4/projects/demo%2Fshop/merge_requests/1/reviewers');
    // Bob reviewed, then approved (the approvals seed): a reviewer who approves shows as approved.
    expect(reviewers.json()).toMatchObject([{ user: { username: 'bob' }, state: 'approved' }]);
    const draft = (await t.app.inject('/api/v4/projects/demo%2Fshop/merge_requests/2')).json();
    expect(draft).toMatchObject({ draft: true, reviewers: [{ username: 'alice' }] });
  });

  it('seeds approval rules (checkout reviewers, Coverage-Check, code owners), and bob’s approval of the open request', async () => {
    const rules = await t.app.inject('/api/v4/projects/demo%2Fshop/approval_rules');
    expect(rules.json()).toMatchObject([
      { name: 'Checkout reviewers', approvals_required: 1, users: [{ username: 'bob' }] },
      { name: 'Coverage-Check', rule_type: 'report_approver', report_type: 'code_coverage' },
    ]);
    const state = await t.app.inject('/api/v4/projects/demo%2Fshop/merge_requests/1/approval_state');
    expect(state.json<{ rules: unknown[] }>().rules).toContainEqual(
      expect.objectContaining({ name: 'src/', rule_type: 'code_owner', section: 'Checkout' }),
    );
    const approvals = await t.app.inject('/api/v4/projects/demo%2Fshop/merge_requests/1/approvals');
    expect(approvals.json()).toMatchObject({
      approved: true,
      approvals_left: 0,
      approved_by: [{ user: { username: 'bob' } }],
    });
  });
});
