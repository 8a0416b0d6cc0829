import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { IssuePage, TimelineEvent } from '../../../shared/api/issues';
import type { CreateNoteResponse } from '../../../shared/api/notes';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, buildProjectWithRoles } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { notes } from '../../db/schema';
import type { ProjectContext } from '../projects/projects.service';
import { TIMELINE_ERRORS, TIMELINE_EVENT_ADDED_TEXT, type PromotableNote } from './timeline-events.service';

describe('issue page JSON and incident timelines', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    project = await buildProject(t.container, owner, { visibility: 'public' });
  });
  afterAll(() => t.close());

  const get = (user: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

  const createIssue = (title: string, extra: Record<string, unknown> = {}) =>
    t.container.issues.create(owner, project.project.id, { title, ...extra });

  async function commentOn(issueId: number, body: string, system = false): Promise<PromotableNote> {
    const [row] = await t.container.db
      .insert(notes)
      .values({
        projectId: project.project.id,
        noteableType: 'Issue',
        noteableId: issueId,
        discussionId: 'a'.repeat(40),
        note: body,
        system,
        authorId: owner.id,
        createdAt: new Date('2026-01-02T03:04:05Z'),
        updatedAt: new Date('2026-01-02T03:04:05Z'),
      })
      .returning();
    if (!row) throw new Error('no note');
    return row;
  }

  it('answers the REST fields with rendered HTML and what the viewer may do', async () => {
    const { record } = await createIssue('Use `code`', { description: '**bold** <script>x</script>' });
    const url = `/${project.fullPath}/-/issues/${record.issue.iid}.json`;
    const page = (await get(owner, url)).json<IssuePage>();
    expect(page).toMatchObject({
      iid: record.issue.iid,
      title: 'Use `code`',
      project_full_path: project.fullPath,
      project_archived: false,
      current_user: {
        can_update: true,
        can_set_issue_metadata: true,
        can_create_note: true,
        can_destroy: true,
        can_add_timeline_events: false,
      },
    });
    expect(page.title_html).toContain('<code>code</code>');
    expect(page.description_html).toContain('<strong>bold</strong>');
    expect(page.description_html).not.toContain('<script>');

    const anonymous = (await get(null, url)).json<IssuePage>();
    expect(anonymous.current_user).toMatchObject({ can_update: false, can_create_note: false });
  });

  it('is 404 for a confidential issue the viewer may not read', async () => {
    const { record } = await createIssue('Hidden', { confidential: true });
    const outsider = await buildUser(t.container);
    const response = await get(outsider, `/${project.fullPath}/-/issues/${record.issue.iid}.json`);
    expect(response.statusCode).toBe(404);
  });

  it('promotes a comment on an incident to its timeline, at the time of the comment', async () => {
    const { record } = await createIssue('Outage', { issue_type: 'incident' });
    const note = await commentOn(record.issue.id, 'Rolled back the deploy');
    const result = await t.container.timelineEvents.promoteFromNote(owner, note);
    expect(result.errors).toEqual([]);

    const url = `/${project.fullPath}/-/issues/${record.issue.iid}/timeline_events.json`;
    const events = (await get(null, url)).json<TimelineEvent[]>();
    expect(events).toMatchObject([
      {
        issue_id: record.issue.id,
        note: 'Rolled back the deploy',
        occurred_at: '2026-01-02T03:04:05.000Z',
        author: { id: owner.id },
        promoted_from_note_id: note.id,
      },
    ]);
    const page = (
      await get(owner, `/${project.fullPath}/-/issues/${record.issue.iid}.json`)
    ).json<IssuePage>();
    expect(page.current_user.can_add_timeline_events).toBe(true);
    const systemNotes = await t.container.db.select({ note: notes.note }).from(notes);
    expect(systemNotes.map((row) => row.note)).toContain(TIMELINE_EVENT_ADDED_TEXT);
  });

  it('refuses to promote with GitLab’s errors, writing nothing', async () => {
    const { record: plain } = await createIssue('Plain issue');
    const { record: incident } = await createIssue('Incident', { issue_type: 'incident' });
    const guest = await buildUser(t.container);
    await addProjectMember(t.container, project, guest, ACCESS_LEVELS.guest);
    const cases: Array<[TestUser, Awaited<ReturnType<typeof commentOn>>, string]> = [
      [owner, await commentOn(plain.issue.id, 'not an incident'), TIMELINE_ERRORS.notIncident],
      [guest, await commentOn(incident.issue.id, 'a guest tries'), TIMELINE_ERRORS.forbidden],
      [owner, await commentOn(incident.issue.id, 'closed', true), TIMELINE_ERRORS.systemNote],
      [owner, await commentOn(incident.issue.id, 'x'.repeat(10_001)), TIMELINE_ERRORS.tooLong],
      [
        owner,
        { ...(await commentOn(incident.issue.id, 'mr')), noteableType: 'MergeRequest' as const },
        TIMELINE_ERRORS.notIncident,
      ],
    ];
    for (const [actor, note, error] of cases) {
      expect(await t.container.timelineEvents.promoteFromNote(actor, note)).toEqual({
        timelineEvent: null,
        errors: [error],
      });
    }
    const url = `/${project.fullPath}/-/issues/${incident.issue.iid}/timeline_events.json`;
    expect((await get(owner, url)).json<TimelineEvent[]>()).toEqual([]);
  });
});

describe('timeline events promoted from internal notes', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let guest: TestUser;
  let project: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, reporter, guest, project } = await buildProjectWithRoles(t.container));
  });
  afterAll(() => t.close());

  const PROMOTE = `mutation($input: TimelineEventPromoteFromNoteInput!) {
    timelineEventPromoteFromNote(input: $input) { timelineEvent { note } errors } }`;

  const promote = async (user: TestUser, noteId: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: user.headers,
      payload: { query: PROMOTE, variables: { input: { noteId: `gid://gitlab/Note/${noteId}` } } },
    });
    return response.json<{ data: { timelineEventPromoteFromNote: unknown } }>().data
      .timelineEventPromoteFromNote;
  };

  async function incidentWithComments() {
    const { record } = await t.container.issues.create(owner, project.project.id, {
      title: 'Database down',
      issue_type: 'incident',
    });
    const base = `/${project.fullPath}/-/issues/${record.issue.iid}`;
    const comment = async (note: string, internal: boolean) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${base}/notes`,
        headers: owner.headers,
        payload: { note: { note, internal } },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<CreateNoteResponse>().note!;
    };
    return {
      base,
      secret: await comment('Root cause: leaked key', true),
      open: await comment('Failed over', false),
    };
  }

  const timeline = async (user: TestUser | null, base: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base}/timeline_events.json`,
      headers: user?.headers ?? {},
    });
    expect(response.statusCode).toBe(200);
    return response.json<TimelineEvent[]>();
  };

  it('keeps an event promoted from an internal note from those who may not read internal notes', async () => {
    const { base, secret, open } = await incidentWithComments();
    expect(await promote(reporter, secret.id)).toEqual({
      timelineEvent: { note: 'Root cause: leaked key' },
      errors: [],
    });
    expect(await promote(reporter, open.id)).toMatchObject({ errors: [] });

    for (const reader of [reporter, owner]) {
      expect((await timeline(reader, base)).map((e) => [e.note, e.internal])).toEqual([
        ['Root cause: leaked key', true],
        ['Failed over', false],
      ]);
    }
    for (const reader of [guest, null]) {
      const events = await timeline(reader, base);
      expect(events.map((e) => [e.note, e.internal])).toEqual([['Failed over', false]]);
      expect(JSON.stringify(events)).not.toContain('leaked key');
    }
  });

  it('refuses a guest, who can read neither the internal note nor add to the timeline, writing nothing', async () => {
    const { base, secret, open } = await incidentWithComments();
    expect(await promote(guest, secret.id)).toEqual({
      timelineEvent: null,
      errors: ['The note does not exist or you do not have permission to read it.'],
    });
    expect(await promote(guest, open.id)).toEqual({
      timelineEvent: null,
      errors: [TIMELINE_ERRORS.forbidden],
    });
    expect(await timeline(owner, base)).toEqual([]);
  });
});
