import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueDetail } from '../../../shared/api/issues';
import type { MetricImage } from '../../../shared/api/metricImages';
import type { TestUser } from '../../../../test/support/factories';
import { buildProjectWithRoles } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { issueMetricImages, uploads } from '../../db/schema';
import type { ProjectContext } from '../projects/projects.service';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const BOUNDARY = '----mergeway-metric-boundary';

/** A multipart body: text fields, then a file part (as `curl --form` sends it). */
function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

describe('incident metric images API', () => {
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

  const issuesApi = () => `/api/v4/projects/${project.project.id}/issues`;
  async function newIssue(issueType: 'issue' | 'incident') {
    const response = await t.app.inject({
      method: 'POST',
      url: issuesApi(),
      payload: { title: `An ${issueType}`, issue_type: issueType },
      headers: owner.headers,
    });
    return response.json<IssueDetail>().iid;
  }
  const images = (iid: number) => `${issuesApi()}/${iid}/metric_images`;
  const upload = (user: TestUser, iid: number, fields: Record<string, string>, name = 'cpu.png') => {
    const body = multipart(fields, { name, content: PNG });
    return t.app.inject({
      method: 'POST',
      url: images(iid),
      payload: body.payload,
      headers: { ...user.headers, ...body.headers },
    });
  };
  const stored = async () => (await t.container.db.select().from(issueMetricImages)).length;

  it('uploads, lists, edits and deletes an incident’s metric images in GitLab’s shape', async () => {
    const iid = await newIssue('incident');
    const created = await upload(reporter, iid, { url: 'https://grafana.example.com/d/1', url_text: 'CPU' });
    expect(created.statusCode).toBe(201);
    const image = created.json<MetricImage>();
    expect(image).toEqual({
      id: expect.any(Number),
      created_at: expect.any(String),
      filename: 'cpu.png',
      file_path: expect.stringMatching(
        new RegExp(`^${t.config.externalUrl}/${project.fullPath}/uploads/[0-9a-f]{32}/cpu\\.png$`),
      ),
      url: 'https://grafana.example.com/d/1',
      url_text: 'CPU',
    });
    const served = await t.app.inject({
      method: 'GET',
      url: image.file_path.replace(t.config.externalUrl, ''),
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);

    const listed = await t.app.inject({ method: 'GET', url: images(iid) });
    expect(listed.json<MetricImage[]>()).toEqual([image]);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `${images(iid)}/${image.id}`,
      payload: { url_text: 'CPU load' },
      headers: owner.headers,
    });
    expect(edited.json<MetricImage>()).toMatchObject({ url: image.url, url_text: 'CPU load' });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${images(iid)}/${image.id}`,
      headers: reporter.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: images(iid) })).json()).toEqual([]);
    const gone = await t.app.inject({
      method: 'GET',
      url: image.file_path.replace(t.config.externalUrl, ''),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('lets only who may edit the incident change its images, and plain issues take none', async () => {
    const iid = await newIssue('incident');
    const before = await stored();
    expect((await upload(guest, iid, {})).statusCode).toBe(403);
    const image = (await upload(owner, iid, {})).json<MetricImage>();
    const put = await t.app.inject({
      method: 'PUT',
      url: `${images(iid)}/${image.id}`,
      payload: { url: 'https://example.com' },
      headers: guest.headers,
    });
    expect(put.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${images(iid)}/${image.id}`,
      headers: guest.headers,
    });
    expect(del.statusCode).toBe(403);
    expect(await stored()).toBe(before + 1);

    const plain = await newIssue('issue');
    expect((await upload(owner, plain, {})).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: images(plain) })).json()).toEqual([]);
    const anonymous = await t.app.inject({ method: 'POST', url: images(iid), ...multipart({}) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const iid = await newIssue('incident');
    const uploadsBefore = (await t.container.db.select().from(uploads)).length;
    const before = await stored();
    const script = await upload(owner, iid, {}, 'chart.svg');
    expect(script.statusCode).toBe(400);
    expect(script.json()).toEqual({ message: 'file must be an image (png, jpg, gif, webp, bmp or ico)' });
    expect((await upload(owner, iid, { url: 'javascript:alert(1)' })).json()).toEqual({
      message: 'url is invalid',
    });
    expect((await upload(owner, iid, { url_text: 'x'.repeat(129) })).statusCode).toBe(400);
    const noFile = multipart({ url: 'https://example.com' });
    const missing = await t.app.inject({
      method: 'POST',
      url: images(iid),
      payload: noFile.payload,
      headers: { ...owner.headers, ...noFile.headers },
    });
    expect(missing.json()).toEqual({ message: 'file is missing' });
    expect(await stored()).toBe(before);
    expect((await t.container.db.select().from(uploads)).length).toBe(uploadsBefore);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `${images(iid)}/999999`,
      payload: { url_text: 'x' },
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: '404 Metric image Not Found' });
  });
});
