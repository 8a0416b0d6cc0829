import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { Label, LabelBasic } from '../../../shared/api/labels';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { buildMergeRequest } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

type Labelled = { iid: number; labels: string[] };
type Note = { body: string; system: boolean };

describe('labels on merge requests and issues', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let guest: TestUser;
  let project: ProjectContext;
  let base: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    developer = await buildUser(t.container, { name: 'Dev Eloper' });
    guest = await buildUser(t.container, { name: 'Gus Guest' });
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, guest, ACCESS_LEVELS.guest);
    base = `/api/v4/projects/${project.project.id}`;
    for (const [name, color] of [
      ['bug', '#d9534f'],
      ['frontend', '#428bca'],
      ['needs review', '#f0ad4e'],
    ] as const) {
      const created = await request('POST', `${base}/labels`, owner, { name, color });
      ids[name] = created.json<Label>().id;
    }
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'POST' | 'PUT', path: string, user: TestUser | null, payload?: object) =>
    t.app.inject({ method, url: path, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  const systemNotes = async (path: string) =>
    (await request('GET', `${path}/notes?sort=asc`, owner))
      .json<Note[]>()
      .filter((note) => note.system)
      .map((note) => note.body);

  it('sets, adds and removes a merge request’s labels, answering their names by title', async () => {
    const mr = await buildMergeRequest(t.container, owner, project);
    const path = `${base}/merge_requests/${mr.mergeRequest.iid}`;
    const set = await request('PUT', path, developer, { labels: 'frontend,bug' });
    expect(set.statusCode).toBe(200);
    expect(set.json<Labelled>().labels).toEqual(['bug', 'frontend']);

    const changed = await request('PUT', path, developer, {
      add_labels: ['needs review'],
      remove_labels: 'bug',
    });
    expect(changed.json<Labelled>().labels).toEqual(['frontend', 'needs review']);
    expect((await request('GET', path, null)).json<Labelled>().labels).toEqual(['frontend', 'needs review']);

    expect(await systemNotes(path)).toEqual([
      `added ~${ids.bug} ~${ids.frontend} labels`,
      `added ~${ids['needs review']} label and removed ~${ids.bug} label`,
    ]);

    const events = await request('GET', `${path}/resource_label_events`, null);
    expect(events.statusCode).toBe(200);
    expect(events.headers['x-total']).toBe('4');
    expect(
      events
        .json<
          Array<{ action: string; label: { name: string }; user: { id: number }; resource_type: string }>
        >()
        .map((event) => [event.action, event.label.name, event.user.id, event.resource_type]),
    ).toEqual([
      // In the order the request named them (`labels: 'frontend,bug'`).
      ['add', 'frontend', developer.id, 'MergeRequest'],
      ['add', 'bug', developer.id, 'MergeRequest'],
      ['add', 'needs review', developer.id, 'MergeRequest'],
      ['remove', 'bug', developer.id, 'MergeRequest'],
    ]);
  });

  it('creates project labels for names it does not know yet, in GitLab’s default colour', async () => {
    const mr = await buildMergeRequest(t.container, owner, project);
    const path = `${base}/merge_requests/${mr.mergeRequest.iid}`;
    const set = await request('PUT', path, developer, { labels: ['bug', 'brand new'] });
    expect(set.json<Labelled>().labels).toEqual(['brand new', 'bug']);
    const made = await request('GET', `${base}/labels/brand new`, owner);
    expect(made.json<Label>()).toMatchObject({ name: 'brand new', color: '#6699cc', is_project_label: true });
  });

  it('refuses a label name with nothing written, and drops labels a Guest sends', async () => {
    const mr = await buildMergeRequest(t.container, owner, project);
    const path = `${base}/merge_requests/${mr.mergeRequest.iid}`;
    const long = 'x'.repeat(256);
    const refused = await request('PUT', path, developer, { title: 'Renamed', labels: `bug,${long}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'labels is too long (maximum is 255 characters)' });
    const after = (await request('GET', path, null)).json<Labelled & { title: string }>();
    expect(after.title).not.toBe('Renamed');
    expect(after.labels).toEqual([]);

    const issue = await request('POST', `${base}/issues`, guest, { title: 'Guest issue', labels: 'bug' });
    expect(issue.statusCode).toBe(201);
    expect(issue.json<Labelled>().labels).toEqual([]);
  });

  it('filters lists by labels, None, Any and not[labels], and shows details on request', async () => {
    const a = await request('POST', `${base}/issues`, owner, { title: 'A', labels: 'bug,frontend' });
    const b = await request('POST', `${base}/issues`, owner, { title: 'B', labels: ['bug'] });
    const c = await request('POST', `${base}/issues`, owner, { title: 'C' });
    const [ia, ib, ic] = [a, b, c].map((r) => r.json<Labelled>().iid);
    const iids = async (query: string) =>
      (await request('GET', `${base}/issues?${query}&iids[]=${ia}&iids[]=${ib}&iids[]=${ic}&sort=asc`, null))
        .json<Labelled[]>()
        .map((issue) => issue.iid);
    expect(await iids('labels=bug')).toEqual([ia, ib]);
    expect(await iids('labels=bug,frontend')).toEqual([ia]);
    expect(await iids('labels=None')).toEqual([ic]);
    expect(await iids('labels=any')).toEqual([ia, ib]);
    expect(await iids('not[labels]=frontend')).toEqual([ib, ic]);

    const detailed = await request('GET', `${base}/issues?iids[]=${ia}&with_labels_details=true`, null);
    const [issue] = detailed.json<Array<{ labels: LabelBasic[] }>>();
    expect(issue?.labels.map((label) => [label.name, label.color, label.text_color])).toEqual([
      ['bug', '#d9534f', '#000000'],
      ['frontend', '#428bca', '#000000'],
    ]);

    const mr = await buildMergeRequest(t.container, owner, project);
    await request('PUT', `${base}/merge_requests/${mr.mergeRequest.iid}`, owner, { labels: 'needs review' });
    const mrs = await request('GET', `${base}/merge_requests?labels=needs review`, null);
    expect(mrs.json<Labelled[]>().map((row) => row.iid)).toContain(mr.mergeRequest.iid);
    const none = await request(
      'GET',
      `${base}/merge_requests?labels=needs review&not[labels]=needs review`,
      null,
    );
    expect(none.json()).toEqual([]);
  });

  it('writes the issue’s label notes and counts labelled items with with_counts', async () => {
    const created = await request('POST', `${base}/issues`, developer, {
      title: 'Counted',
      labels: 'frontend',
    });
    const path = `${base}/issues/${created.json<Labelled>().iid}`;
    expect(await systemNotes(path)).toEqual([`added ~${ids.frontend} label`]);
    await request('PUT', path, developer, { labels: '' });
    expect(await systemNotes(path)).toEqual([
      `added ~${ids.frontend} label`,
      `removed ~${ids.frontend} label`,
    ]);

    const counted = await request('GET', `${base}/labels?with_counts=true&search=bug`, owner);
    expect(counted.json<Label[]>()[0]).toMatchObject({
      name: 'bug',
      open_issues_count: 2,
      closed_issues_count: 0,
    });
  });
});
