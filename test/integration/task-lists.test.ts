import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { IssuePage } from '../../src/shared/api/issues';
import type { MergeRequestPage } from '../../src/shared/api/mergeRequests';
import type { CreateNoteResponse, Discussion, Note } from '../../src/shared/api/notes';
import { editedMeanwhileText } from '../../src/shared/api/taskLists';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const DESCRIPTION = [
  'Plan:',
  '',
  '- [ ] write the fix',
  '- [ ] add a test',
  '',
  '```',
  '- [ ] not a task',
  '```',
].join('\n');

describe('ticking task list items', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let outsider: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    outsider = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
  });
  afterAll(() => t.close());

  const send = (user: TestUser | null, method: 'PUT' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, payload });

  const task = (line: number, source: string, checked: boolean) => ({
    line_number: line,
    line_source: source,
    checked,
    index: 1,
  });

  async function newIssue(description = DESCRIPTION) {
    const { record } = await t.container.issues.create(owner, project.project.id, {
      title: 'Tasks',
      description,
    });
    return `/${project.fullPath}/-/issues/${record.issue.iid}`;
  }

  const systemNotes = async (path: string) =>
    (await t.app.inject({ method: 'GET', url: `${path}/discussions.json`, headers: owner.headers }))
      .json<Discussion[]>()
      .flatMap((d) => d.notes)
      .filter((n) => n.system)
      .map((n) => n.note);

  describe('in an issue description', () => {
    it('ticks exactly that item, answers the page with a new lock_version, and says so in a note', async () => {
      const path = await newIssue();
      const before = (
        await t.app.inject({ method: 'GET', url: `${path}.json`, headers: owner.headers })
      ).json<IssuePage>();
      const response = await send(developer, 'PATCH', `${path}.json`, {
        issue: {
          description: 'ignored',
          lock_version: before.lock_version,
          update_task: task(4, '- [ ] add a test', true),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<IssuePage>();
      expect(page.description.split('\n')).toEqual([
        'Plan:',
        '',
        '- [ ] write the fix',
        '- [x] add a test',
        '',
        '```',
        '- [ ] not a task',
        '```',
      ]);
      expect(page.lock_version).toBe(before.lock_version + 1);
      expect(page.description_html).toContain(
        '<li class="task-list-item" data-sourcepos="4:1-4:17"><input type="checkbox" checked disabled class="task-list-item-checkbox" aria-label="Check option: add a test"> add a test</li>',
      );
      expect(await systemNotes(path)).toContain('marked the checklist item **add a test** as completed');

      const unticked = await send(owner, 'PUT', `${path}.json`, {
        issue: { update_task: task(4, '- [x] add a test', false) },
      });
      expect(unticked.json<IssuePage>().description).toBe(DESCRIPTION);
      expect(await systemNotes(path)).toContain('marked the checklist item **add a test** as incomplete');
    });

    it('refuses a tick whose line was edited meanwhile, with GitLab’s words, and changes nothing', async () => {
      const path = await newIssue();
      await t.container.issues.update(owner, project.project.id, Number(path.split('/').at(-1)), {
        description: DESCRIPTION.replace('add a test', 'add two tests'),
      });
      const response = await send(developer, 'PATCH', `${path}.json`, {
        issue: { lock_version: 0, update_task: task(4, '- [ ] add a test', true) },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: editedMeanwhileText('issue') });
      const page = (
        await t.app.inject({ method: 'GET', url: `${path}.json`, headers: owner.headers })
      ).json<IssuePage>();
      expect(page.description).toContain('- [ ] add two tests');
      expect(await systemNotes(path)).not.toContainEqual(expect.stringContaining('checklist'));
    });

    it('keeps an edit elsewhere in the text and ticks the unchanged line, as GitLab does with an old lock_version', async () => {
      const path = await newIssue();
      const iid = Number(path.split('/').at(-1));
      await t.container.issues.update(owner, project.project.id, iid, {
        description: DESCRIPTION.replace('Plan:', 'The plan:'),
      });
      const response = await send(developer, 'PATCH', `${path}.json`, {
        issue: { lock_version: 0, update_task: task(3, '- [ ] write the fix', true) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<IssuePage>().description).toMatch(/^The plan:\n\n- \[x\] write the fix\n/);
    });

    it('refuses a line that only looks like a task (inside code) and a line number past the end', async () => {
      const path = await newIssue();
      for (const update of [task(7, '- [ ] not a task', true), task(40, '- [ ] write the fix', true)]) {
        const response = await send(owner, 'PATCH', `${path}.json`, { issue: { update_task: update } });
        expect(response.statusCode).toBe(409);
      }
    });

    it('lets only those who may edit the issue tick: 401 signed out, 403 for others', async () => {
      const path = await newIssue();
      const body = { issue: { update_task: task(3, '- [ ] write the fix', true) } };
      expect((await send(null, 'PATCH', `${path}.json`, body)).statusCode).toBe(401);
      expect((await send(outsider, 'PATCH', `${path}.json`, body)).statusCode).toBe(403);
      const page = (await t.app.inject({ method: 'GET', url: `${path}.json` })).json<IssuePage>();
      expect(page.description).toBe(DESCRIPTION);
    });

    it.each([
      ['no update_task', { issue: { description: 'x' } }],
      ['a line number of 0', { issue: { update_task: task(0, '', true) } }],
      ['no checked', { issue: { update_task: { line_number: 3, line_source: 'x' } } }],
    ])('answers 400 for %s and writes nothing', async (_name, body) => {
      const path = await newIssue();
      expect((await send(owner, 'PATCH', `${path}.json`, body)).statusCode).toBe(400);
      expect(await systemNotes(path)).toEqual([]);
    });
  });

  describe('in a merge request description', () => {
    it('ticks the item for an editor and refuses a stale line', async () => {
      const { mergeRequest } = await buildMergeRequest(t.container, developer, project, {
        description: DESCRIPTION,
      });
      const path = `/${project.fullPath}/-/merge_requests/${mergeRequest.iid}`;
      const response = await send(developer, 'PATCH', `${path}.json`, {
        merge_request: { lock_version: 0, update_task: task(3, '- [ ] write the fix', true) },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<MergeRequestPage>().description).toContain('- [x] write the fix');
      expect(await systemNotes(path)).toContain('marked the checklist item **write the fix** as completed');
      const stale = await send(developer, 'PATCH', `${path}.json`, {
        merge_request: { update_task: task(3, '- [ ] write the fix', true) },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: editedMeanwhileText('merge request') });
      const refused = await send(outsider, 'PATCH', `${path}.json`, {
        merge_request: { update_task: task(4, '- [ ] add a test', true) },
      });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('in a note', () => {
    async function newNote(): Promise<Note> {
      const path = await newIssue('Tasks below');
      const response = await t.app.inject({
        method: 'POST',
        url: `${path}/notes`,
        headers: developer.headers,
        payload: { note: { note: '- [ ] first\n- [ ] second' } },
      });
      const note = response.json<CreateNoteResponse>().note;
      if (!note) throw new Error(response.body);
      return note;
    }

    it('lets its author tick an item, keeping the rest of the note', async () => {
      const note = await newNote();
      const response = await send(developer, 'PATCH', `/${project.fullPath}/-/notes/${note.id}`, {
        note: { note: '- [ ] first\n- [x] second', update_task: task(2, '- [ ] second', true) },
      });
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json<Note>();
      expect(updated.note).toBe('- [ ] first\n- [x] second');
      expect(updated.note_html).toContain(
        'data-sourcepos="2:1-2:13"><input type="checkbox" checked disabled',
      );
      expect(updated.last_edited_by?.username).toBe(developer.username);
    });

    it('refuses others and a stale line, writing nothing', async () => {
      const note = await newNote();
      const url = `/${project.fullPath}/-/notes/${note.id}`;
      const body = { note: { note: 'x', update_task: task(1, '- [ ] first', true) } };
      expect((await send(owner, 'PATCH', url, body)).statusCode).toBe(403);
      expect((await send(outsider, 'PATCH', url, body)).statusCode).toBe(403);
      const stale = await send(developer, 'PATCH', url, {
        note: { note: 'x', update_task: task(1, '- [ ] primero', true) },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: editedMeanwhileText('comment') });
      const record = await t.container.notes.noteRecord(note.id);
      expect(record.note.note).toBe('- [ ] first\n- [ ] second');
    });
  });
});
