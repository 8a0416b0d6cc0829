import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { parseQuickActions } from '../../../shared/quick-actions/quickActions';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { notes, timelogs } from '../../db/schema';
import type { ProjectContext } from '../projects/projects.service';
import type { QuickActionTarget } from './quick-actions.service';

describe('quick actions', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let guest: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;
  const noHooks = () => undefined;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    developer = await buildUser(t.container, { name: 'Dev Eloper' });
    guest = await buildUser(t.container, { name: 'Gus Guest' });
    reporter = await buildUser(t.container, { name: 'Rita Reporter' });
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, guest, ACCESS_LEVELS.guest);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
  });
  afterAll(() => t.close());

  const run = (actor: TestUser, target: QuickActionTarget, note: string) =>
    t.container.quickActions.execute(
      actor,
      target,
      parseQuickActions(note, target.noteableType).commands,
      noHooks,
    );

  async function mergeRequestTarget(): Promise<QuickActionTarget> {
    const mr = await buildMergeRequest(t.container, owner, project);
    return { noteableType: 'MergeRequest', projectId: project.project.id, iid: mr.mergeRequest.iid };
  }

  async function issueTarget(): Promise<QuickActionTarget> {
    const { record } = await t.container.issues.create(owner, project.project.id, { title: 'Bug' });
    return { noteableType: 'Issue', projectId: project.project.id, iid: record.issue.iid };
  }

  it('closes and reopens a merge request', async () => {
    const target = await mergeRequestTarget();
    expect(await run(developer, target, '/close')).toEqual({
      messages: ['Closed this merge request.'],
      command_names: ['close'],
      commands_changes: {},
      error: false,
    });
    const closed = await t.container.mergeRequests.show(owner, project.project.id, target.iid);
    expect(closed.mergeRequest.state).toBe('closed');
    expect((await run(developer, target, '/reopen')).messages).toEqual(['Reopened this merge request.']);
  });

  it('marks a merge request as draft and ready', async () => {
    const target = await mergeRequestTarget();
    expect((await run(developer, target, '/draft')).messages).toEqual([
      'Marked this merge request as a draft.',
    ]);
    const draft = await t.container.mergeRequests.show(owner, project.project.id, target.iid);
    expect(draft.mergeRequest.title).toMatch(/^Draft: /);
    expect((await run(developer, target, '/ready')).messages).toEqual([
      'Marked this merge request as ready.',
    ]);
  });

  it('approves and unapproves a merge request with /approve and /unapprove', async () => {
    const target = await mergeRequestTarget();
    const approvedBy = async () =>
      (
        await t.container.approvals.forMergeRequest(owner, project.project.id, target.iid)
      ).view.approvedBy.map((a) => a.user.id);
    expect((await run(developer, target, '/approve')).messages).toEqual([
      'Approved the current merge request.',
    ]);
    expect(await approvedBy()).toEqual([developer.id]);
    // The author may not approve their own request, and a Reporter may not approve at all.
    expect((await run(owner, target, '/approve')).messages).toEqual(['Could not apply approve command.']);
    expect((await run(reporter, target, '/approve')).messages).toEqual(['Could not apply approve command.']);
    expect((await run(developer, target, '/unapprove')).messages).toEqual([
      'Unapproved the current merge request.',
    ]);
    expect(await approvedBy()).toEqual([]);
    expect((await run(developer, target, '/unapprove')).messages).toEqual([
      'Could not apply unapprove command.',
    ]);
  });

  it('merges a merge request with /merge', async () => {
    const target = await mergeRequestTarget();
    expect((await run(owner, target, '/merge')).messages).toEqual(['Merged this merge request.']);
    const merged = await t.container.mergeRequests.show(owner, project.project.id, target.iid);
    expect(merged.mergeRequest.state).toBe('merged');
  });

  it('closes an issue, assigns and unassigns people, locks the discussion', async () => {
    const target = await issueTarget();
    const result = await run(owner, target, `/close\n/assign @${developer.username} me\n/lock`);
    expect(result.messages).toEqual([
      'Closed this issue.',
      `Assigned @${developer.username} and @${owner.username}.`,
      'Locked the discussion.',
    ]);
    const { record } = await t.container.issues.findReadable(owner, project.project.id, target.iid);
    expect(record.issue).toMatchObject({ state: 'closed', discussionLocked: true });
    expect(record.assignees.map((user) => user.id).sort()).toEqual([developer.id, owner.id].sort());

    expect((await run(owner, target, `/unassign @${developer.username}`)).messages).toEqual([
      `Removed assignee @${developer.username}.`,
    ]);
    expect((await run(owner, target, '/unassign')).messages).toEqual([
      `Removed assignee @${owner.username}.`,
    ]);
  });

  it('toggles an award with /award', async () => {
    const target = await mergeRequestTarget();
    const first = await run(developer, target, '/award :+1:');
    expect(first).toMatchObject({
      messages: ['Toggled :thumbsup: emoji award.'],
      commands_changes: { emoji_award: 'thumbsup' },
    });
    const mr = await t.container.mergeRequests.show(owner, project.project.id, target.iid);
    const awardable = {
      type: 'MergeRequest' as const,
      id: mr.mergeRequest.id,
    };
    const awards = await t.container.awardEmoji.awardsOn(awardable.type, [awardable.id]);
    expect(awards.get(awardable.id)?.map((row) => row.award.name)).toEqual(['thumbsup']);
    await run(developer, target, '/award :+1:');
    expect(
      (await t.container.awardEmoji.awardsOn(awardable.type, [awardable.id])).get(awardable.id),
    ).toBeUndefined();
  });

  it('records time spent with /spend, for those who may track time', async () => {
    const target = await issueTarget();
    const result = await run(owner, target, '/spend 1h 30m 2026-11-20');
    expect(result).toMatchObject({
      messages: ['Added 1h 30m of time spent.'],
      commands_changes: { spend_time: { duration: 5400, user_id: owner.id } },
    });
    const rows = await t.container.db.select().from(timelogs).where(eq(timelogs.userId, owner.id));
    expect(rows).toEqual([
      expect.objectContaining({ timeSpent: 5400, spentAt: new Date('2026-11-20T00:00:00Z') }),
    ]);

    const refused = await run(guest, target, '/spend 1h');
    expect(refused).toMatchObject({ messages: ['Could not apply spend command.'], error: true });
    expect(await t.container.db.select().from(timelogs).where(eq(timelogs.userId, guest.id))).toEqual([]);
  });

  it('sets and removes a time estimate with /estimate, with GitLab’s notes, for those allowed', async () => {
    const issue = await issueTarget();
    expect(await run(owner, issue, '/estimate 1d 2h')).toMatchObject({
      messages: ['Set time estimate to 1d 2h.'],
      commands_changes: { time_estimate: 36000 },
    });
    const shown = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/issues/${issue.iid}`,
      headers: owner.headers,
    });
    expect(shown.json()).toMatchObject({
      time_stats: { time_estimate: 36000, human_time_estimate: '1d 2h' },
    });
    expect(await run(guest, issue, '/estimate 1h')).toMatchObject({
      messages: ['Could not apply estimate command.'],
      error: true,
    });

    const mr = await mergeRequestTarget();
    await run(developer, mr, '/estimate 30m');
    const detail = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/merge_requests/${mr.iid}`,
      headers: owner.headers,
    });
    expect(detail.json()).toMatchObject({ time_stats: { time_estimate: 1800, human_time_estimate: '30m' } });
    const texts = (
      await t.container.db.select({ note: notes.note }).from(notes).where(eq(notes.system, true))
    ).map((row) => row.note);
    expect(texts).toEqual(
      expect.arrayContaining(['changed time estimate to 1d 2h', 'changed time estimate to 30m']),
    );
  });

  it('reports what a reporter may not do and still applies the rest', async () => {
    const target = await mergeRequestTarget();
    const result = await run(reporter, target, '/close\n/award :tada:');
    expect(result).toEqual({
      messages: ['Could not apply close command.', 'Toggled :tada: emoji award.'],
      command_names: ['close', 'award'],
      commands_changes: { emoji_award: 'tada' },
      error: true,
    });
    const mr = await t.container.mergeRequests.show(owner, project.project.id, target.iid);
    expect(mr.mergeRequest.state).toBe('opened');
  });

  it('answers commands whose arguments are not understood', async () => {
    const target = await issueTarget();
    expect(await run(owner, target, '/award :<script>:\n/assign @nobody_here')).toMatchObject({
      messages: ['Could not apply award command.', 'Could not apply assign command.'],
      error: true,
    });
  });
});
