import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Label } from '../../../shared/api/labels';
import type { TestUser } from '../../../../test/support/factories';
import { buildMergeRequest, buildProjectWithRoles } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

type Labelled = { iid: number; labels: string[] };

describe('label quick actions', () => {
  let t: TestApp;
  let owner: TestUser;
  let guest: TestUser;
  let project: ProjectContext;
  let base: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, guest, project } = await buildProjectWithRoles(t.container));
    base = `/api/v4/projects/${project.project.id}`;
    for (const name of ['bug', 'frontend', 'needs review']) {
      const created = await send(owner, 'POST', `${base}/labels`, { name, color: '#FFAABB' });
      ids[name] = created.json<Label>().id;
    }
  });
  afterAll(() => t.close());

  const send = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const labelsOf = async (api: string) => (await send(owner, 'GET', api)).json<Labelled>().labels;

  it('adds labels with /label, by name, quoted name or id, and says so in GitLab’s words', async () => {
    const { mergeRequest } = await buildMergeRequest(t.container, owner, project);
    const api = `${base}/merge_requests/${mergeRequest.iid}`;
    const response = await send(owner, 'POST', `${api}/notes`, {
      body: `/label ~bug ~"needs review" ~${ids.frontend}`,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      commands_changes: {},
      summary: ['Added ~bug ~"needs review" ~frontend labels.'],
    });
    expect(await labelsOf(api)).toEqual(['bug', 'frontend', 'needs review']);
  });

  it('removes some with /unlabel ~a, all with /unlabel, and replaces with /relabel', async () => {
    const created = await send(owner, 'POST', `${base}/issues`, {
      title: 'Relabel me',
      labels: 'bug,frontend',
    });
    const api = `${base}/issues/${created.json<Labelled>().iid}`;
    const unlabel = await send(owner, 'POST', `${api}/notes`, { body: '/unlabel ~bug' });
    expect(unlabel.json()).toMatchObject({ summary: ['Removed ~bug label.'] });
    expect(await labelsOf(api)).toEqual(['frontend']);

    const relabel = await send(owner, 'POST', `${api}/notes`, { body: '/relabel ~"needs review"' });
    expect(relabel.json()).toMatchObject({ summary: ['Replaced all labels with ~"needs review" label.'] });
    expect(await labelsOf(api)).toEqual(['needs review']);

    const all = await send(owner, 'POST', `${api}/notes`, { body: 'Clean slate.\n/unlabel' });
    expect(all.statusCode).toBe(201);
    expect(await labelsOf(api)).toEqual([]);
    const notes = await send(owner, 'GET', `${api}/notes?sort=asc`);
    expect(
      notes
        .json<Array<{ body: string; system: boolean }>>()
        .filter((note) => note.system)
        .map((note) => note.body),
    ).toEqual([
      `added ~${ids.bug} ~${ids.frontend} labels`,
      `removed ~${ids.bug} label`,
      `added ~${ids['needs review']} label and removed ~${ids.frontend} label`,
      `removed ~${ids['needs review']} label`,
    ]);
  });

  it('makes no label from /label and fails for a Guest, changing nothing', async () => {
    const { mergeRequest } = await buildMergeRequest(t.container, owner, project);
    const api = `${base}/merge_requests/${mergeRequest.iid}`;
    const unknown = await send(owner, 'POST', `${api}/notes`, { body: '/label ~nonexistent' });
    expect(unknown.json()).toMatchObject({ summary: ['Could not apply label command.'] });
    expect((await send(owner, 'GET', `${base}/labels/nonexistent`)).statusCode).toBe(404);

    const created = await send(guest, 'POST', `${base}/issues`, { title: 'Guest issue' });
    const issueApi = `${base}/issues/${created.json<Labelled>().iid}`;
    const refused = await send(guest, 'POST', `${issueApi}/notes`, { body: '/label ~bug' });
    expect(refused.json()).toMatchObject({ summary: ['Could not apply label command.'] });
    expect(await labelsOf(issueApi)).toEqual([]);
  });
});
