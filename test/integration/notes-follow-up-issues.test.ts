import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { IssueDetail, NewIssueForm } from '../../src/shared/api/issues';
import type { CreateNoteResponse, Discussion } from '../../src/shared/api/notes';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('resolving a merge request thread with a new issue', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let guest: TestUser;
  let project: ProjectContext;
  let mrPage: string;
  let issuesApi: string;
  let iid = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container, { username: `dev-${Date.now()}` });
    guest = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, guest, ACCESS_LEVELS.guest);
    issuesApi = `/api/v4/projects/${project.project.id}/issues`;
  });
  afterAll(() => t.close());

  /** A fresh merge request for each test, so "all unresolved threads" means this test's threads. */
  async function freshMergeRequest(title: string) {
    const { mergeRequest } = await buildMergeRequest(t.container, owner, project, {
      title,
      source_branch: `topic-${++iid}`,
    });
    mrPage = `/${project.fullPath}/-/merge_requests/${mergeRequest.iid}`;
    return mergeRequest.iid;
  }

  const send = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  async function startThread(user: TestUser, note: string, internal = false) {
    const response = await send(user, 'POST', `${mrPage}/notes`, {
      note: { note, type: 'DiscussionNote', internal },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreateNoteResponse>().note!;
  }

  async function reply(user: TestUser, discussionId: string, note: string) {
    const response = await send(user, 'POST', `${mrPage}/notes`, {
      note: { note },
      in_reply_to_discussion_id: discussionId,
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function thread(user: TestUser, discussionId: string) {
    const response = await send(user, 'GET', `${mrPage}/discussions.json`);
    return response.json<Discussion[]>().find((d) => d.id === discussionId)!;
  }

  const form = (user: TestUser | null, query: string) =>
    send(user, 'GET', `/${project.fullPath}/-/issues/new.json?${query}`);

  const createIssue = async (user: TestUser, body: object) => {
    const response = await send(user, 'POST', issuesApi, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<IssueDetail>();
  };

  it('offers the thread’s new-issue path to those who may open issues, not to visitors', async () => {
    const mrIid = await freshMergeRequest('Offer');
    const first = await startThread(developer, 'Rename this');
    const path = `/${project.fullPath}/-/issues/new?discussion_to_resolve=${first.discussion_id}&merge_request_to_resolve_discussions_of=${mrIid}`;
    expect((await thread(guest, first.discussion_id)).resolve_with_issue_path).toBe(path);
    const anonymous = await send(null, 'GET', `${mrPage}/discussions.json`);
    expect(anonymous.json<Discussion[]>()[0]?.resolve_with_issue_path).toBeNull();
  });

  it('fills the form as GitLab does, creates the issue, resolves the thread with a note in it', async () => {
    const mrIid = await freshMergeRequest('Add checkout');
    const first = await startThread(developer, 'Rename this\nand add a test');
    await reply(owner, first.discussion_id, 'Agreed');
    const query = `discussion_to_resolve=${first.discussion_id}&merge_request_to_resolve_discussions_of=${mrIid}`;

    const prefilled = (await form(developer, query)).json<NewIssueForm>();
    expect(prefilled).toEqual({
      title: 'Follow-up from "Add checkout"',
      description:
        `The following discussion from !${mrIid} should be addressed:\n\n` +
        `- [ ] @${developer.username} started a [discussion](${t.container.config.externalUrl}${mrPage}#note_${first.id}):  (+1 comment)\n\n` +
        '    > Rename this\n    > and add a test',
      confidential: false,
      resolves: 'thread',
      merge_request_reference: `!${mrIid}`,
      merge_request_path: mrPage,
    });

    const issue = await createIssue(developer, {
      title: prefilled.title,
      description: prefilled.description,
      merge_request_to_resolve_discussions_of: mrIid,
      discussion_to_resolve: first.discussion_id,
    });
    expect(issue).toMatchObject({ title: 'Follow-up from "Add checkout"', confidential: false });
    const resolved = await thread(developer, first.discussion_id);
    expect(resolved).toMatchObject({ resolved: true, resolved_by: { id: developer.id } });
    const last = resolved.notes.at(-1)!;
    expect(last).toMatchObject({
      system: true,
      note: `created #${issue.iid} to continue this discussion`,
      system_note_icon_name: 'comment',
      author: { id: developer.id },
    });
    expect(resolved.notes.map((n) => n.note)).toEqual([
      'Rename this\nand add a test',
      'Agreed',
      `created #${issue.iid} to continue this discussion`,
    ]);
  });

  it('takes over every unresolved thread when no thread is named, quoting them into the description', async () => {
    const mrIid = await freshMergeRequest('Many threads');
    const a = await startThread(developer, 'First point');
    const b = await startThread(owner, 'Second point');
    const issue = await createIssue(owner, {
      title: 'Leftovers',
      merge_request_to_resolve_discussions_of: mrIid,
    });
    expect(issue.description).toContain(`The following discussions from !${mrIid} should be addressed:`);
    expect(issue.description).toContain('    > First point');
    expect(issue.description).toContain('    > Second point');
    for (const d of [a, b]) expect((await thread(owner, d.discussion_id)).resolved).toBe(true);
  });

  it('creates the issue but leaves the thread open for those who may not resolve it (a guest)', async () => {
    const mrIid = await freshMergeRequest('Guest follow-up');
    const first = await startThread(developer, 'Guest cannot resolve');
    await createIssue(guest, {
      title: 'From a guest',
      merge_request_to_resolve_discussions_of: mrIid,
      discussion_to_resolve: first.discussion_id,
    });
    const open = await thread(developer, first.discussion_id);
    expect(open.resolved).toBe(false);
    expect(open.notes).toHaveLength(1);
  });

  it('quotes an internal thread only into a confidential issue, and never for those who may not read it', async () => {
    const mrIid = await freshMergeRequest('Internal');
    const secret = await startThread(developer, 'The key leaked', true);
    const query = `discussion_to_resolve=${secret.discussion_id}&merge_request_to_resolve_discussions_of=${mrIid}`;
    expect((await form(developer, query)).json<NewIssueForm>()).toMatchObject({ confidential: true });

    const asGuest = (await form(guest, query)).json<NewIssueForm>();
    expect(asGuest.description).toBe(
      `There are no unresolved discussions. Review the conversation in !${mrIid}`,
    );

    const byDeveloper = await createIssue(developer, {
      title: 'Rotate the key',
      merge_request_to_resolve_discussions_of: mrIid,
      discussion_to_resolve: secret.discussion_id,
    });
    expect(byDeveloper).toMatchObject({ confidential: true });
    expect(byDeveloper.description).toContain('    > The key leaked');
    const resolved = await thread(developer, secret.discussion_id);
    expect(resolved.notes.at(-1)).toMatchObject({ system: true, internal: true });
    const forGuest = await send(guest, 'GET', `${mrPage}/discussions.json`);
    expect(forGuest.body).not.toContain('to continue this discussion');
  });

  it('refuses malformed parameters with 400 and writes nothing; an unreadable merge request is 404 for the form', async () => {
    const before = (await send(owner, 'GET', issuesApi)).headers['x-total'];
    const bad = await send(developer, 'POST', issuesApi, {
      title: 'Bad',
      merge_request_to_resolve_discussions_of: 'abc',
    });
    expect(bad.statusCode).toBe(400);
    expect((await send(owner, 'GET', issuesApi)).headers['x-total']).toBe(before);
    expect((await form(developer, 'merge_request_to_resolve_discussions_of=999')).statusCode).toBe(404);
  });
});
