import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueDetail } from '../../src/shared/api/issues';
import type { MergeRequestDetail } from '../../src/shared/api/mergeRequests';
import type { CreateNoteResponse } from '../../src/shared/api/notes';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildUser, type TestUser } from '../support/factories';
import { buildMergeRequest, buildProjectWithRoles } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

type ApiNote = { id: number; body: string; system: boolean };

describe('quick actions through the notes endpoints', () => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, project } = await buildProjectWithRoles(t.container));
    outsider = await buildUser(t.container);
  });
  afterAll(() => t.close());

  const send = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  async function freshMergeRequest() {
    const { mergeRequest } = await buildMergeRequest(t.container, owner, project, {
      source_branch: `topic-${Math.random().toString(36).slice(2, 8)}`,
    });
    return {
      api: `/api/v4/projects/${project.project.id}/merge_requests/${mergeRequest.iid}`,
      page: `/${project.fullPath}/-/merge_requests/${mergeRequest.iid}`,
    };
  }

  const state = async (api: string) => (await send(owner, 'GET', api)).json<MergeRequestDetail>();
  const userNotes = async (api: string) =>
    (await send(owner, 'GET', `${api}/notes`)).json<ApiNote[]>().filter((note) => !note.system);
  const systemNotes = async (api: string) =>
    (await send(owner, 'GET', `${api}/notes`)).json<ApiNote[]>().flatMap((n) => (n.system ? [n.body] : []));

  describe('REST v4 (POST .../notes)', () => {
    it('closes with /close: a note of commands only writes no body and answers 202 with the summary', async () => {
      const { api } = await freshMergeRequest();
      const response = await send(owner, 'POST', `${api}/notes`, { body: '/close' });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ commands_changes: {}, summary: ['Closed this merge request.'] });
      expect((await state(api)).state).toBe('closed');
      expect(await userNotes(api)).toEqual([]);
      expect(await systemNotes(api)).toContain('closed');
    });

    it('writes the text and runs the commands of a mixed note: 201 with the note, without the command line', async () => {
      const { api } = await freshMergeRequest();
      await send(owner, 'POST', `${api}/notes`, { body: '/close' });
      const response = await send(owner, 'POST', `${api}/notes`, {
        body: 'Back to work.\n/reopen\n/award :tada:',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        body: 'Back to work.',
        system: false,
        commands_changes: { emoji_award: 'tada' },
      });
      expect((await state(api)).state).toBe('opened');
      expect((await userNotes(api)).map((note) => note.body)).toEqual(['Back to work.']);
    });

    it('counts an award given by /award :thumbsup: as an upvote, and reports it in commands_changes', async () => {
      const { api } = await freshMergeRequest();
      const response = await send(owner, 'POST', `${api}/notes`, { body: '/award :thumbsup:' });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({
        commands_changes: { emoji_award: 'thumbsup' },
        summary: ['Toggled :thumbsup: emoji award.'],
      });
      expect((await state(api)).upvotes).toBe(1);
    });

    it('refuses a command to someone who may comment but not close: the summary says so, nothing changes', async () => {
      const { api } = await freshMergeRequest();
      const response = await send(outsider, 'POST', `${api}/notes`, { body: '/close' });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toMatchObject({ summary: ['Could not apply close command.'] });
      expect((await state(api)).state).toBe('opened');
      expect(await systemNotes(api)).not.toContain('closed');
    });

    it('closes an issue with /close the same way', async () => {
      const { record } = await t.container.issues.create(owner, project.project.id, { title: 'Bug' });
      const api = `/api/v4/projects/${project.project.id}/issues/${record.issue.iid}`;
      const response = await send(owner, 'POST', `${api}/notes`, { body: '/close' });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ commands_changes: {}, summary: ['Closed this issue.'] });
      expect((await send(owner, 'GET', api)).json<IssueDetail>().state).toBe('closed');
      expect(await userNotes(api)).toEqual([]);
    });
  });

  describe('the page endpoint (POST {noteable}/notes)', () => {
    it('answers a note of commands only with the server’s messages and no note', async () => {
      const { api, page } = await freshMergeRequest();
      const response = await send(owner, 'POST', `${page}/notes`, { note: { note: '/close' } });
      expect(response.statusCode).toBe(200);
      const answer = response.json<CreateNoteResponse>();
      expect(answer.note).toBeUndefined();
      expect(answer.quick_actions_status).toEqual({
        messages: ['Closed this merge request.'],
        command_names: ['close'],
      });
      expect((await state(api)).state).toBe('closed');
      expect(await userNotes(api)).toEqual([]);
    });

    it('writes the text of a mixed note and says what the commands did, with the error flag for a refused one', async () => {
      const { api, page } = await freshMergeRequest();
      const response = await send(outsider, 'POST', `${page}/notes`, {
        note: { note: 'Is this ready?\n/close' },
      });
      expect(response.statusCode).toBe(201);
      const answer = response.json<CreateNoteResponse>();
      expect(answer.note?.note).toBe('Is this ready?');
      expect(answer.quick_actions_status).toEqual({
        messages: ['Could not apply close command.'],
        command_names: ['close'],
        error: true,
      });
      expect((await state(api)).state).toBe('opened');
    });
  });
});
