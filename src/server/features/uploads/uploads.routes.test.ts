import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { uploads } from '../../db/schema';
import type { ProjectContext } from '../projects/projects.service';
import { MAX_UPLOAD_BYTES } from './upload-files';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A multipart body with one `file` part, as browsers and API clients send it. */
function multipart(filename: string, content: Buffer, field = 'file') {
  const boundary = '----mergeway-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Uploaded = { id: number; alt: string; url: string; full_path: string; markdown: string };

describe('uploads', () => {
  let t: TestApp;
  let owner: TestUser;
  let guest: TestUser;
  let outsider: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    guest = await buildUser(t.container);
    outsider = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, project, guest, ACCESS_LEVELS.guest);
  });
  afterAll(() => t.close());

  const upload = (user: TestUser | null, filename: string, content: Buffer, url?: string) => {
    const body = multipart(filename, content);
    return t.app.inject({
      method: 'POST',
      url: url ?? `/api/v4/projects/${project.project.id}/uploads`,
      payload: body.payload,
      headers: { ...body.headers, ...(user?.headers ?? {}) },
    });
  };
  const fetchFile = (user: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  const storedCount = async () => (await t.container.db.select().from(uploads)).length;

  it('stores an image in GitLab’s shape and serves it inline', async () => {
    const response = await upload(guest, 'screen shot.png', PNG);
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json<Uploaded>();
    expect(stored.url).toMatch(/^\/uploads\/[0-9a-f]{32}\/screen_shot\.png$/);
    expect(stored).toMatchObject({
      alt: 'screen_shot',
      full_path: `/${project.fullPath}${stored.url}`,
      markdown: `![screen_shot](${stored.url})`,
    });

    const served = await fetchFile(null, `/${project.fullPath}${stored.url}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'inline; filename="screen_shot.png"',
      'x-content-type-options': 'nosniff',
    });
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it.each([
    [
      'drawing.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
    ],
    ['page.html', '<script>alert(1)</script>', 'application/octet-stream'],
  ])('serves %s only as a download', async (name, content, contentType) => {
    const stored = (await upload(owner, name, Buffer.from(content))).json<Uploaded>();
    const served = await fetchFile(owner, `/${project.fullPath}${stored.url}`);
    expect(served.headers['content-type']).toBe(contentType);
    expect(served.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('takes the page’s upload at {project}/uploads', async () => {
    const response = await upload(owner, 'notes.txt', Buffer.from('hi'), `/${project.fullPath}/uploads`);
    expect(response.statusCode, response.body).toBe(200);
    const { link } = response.json<{ link: { alt: string; url: string; markdown: string } }>();
    expect(link).toEqual({
      alt: 'notes.txt',
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\/notes\.txt$/),
      markdown: expect.stringMatching(/^\[notes\.txt\]\(\/uploads\/[0-9a-f]{32}\/notes\.txt\)$/),
    });
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const before = await storedCount();
    const response = await upload(owner, 'big.bin', Buffer.alloc(MAX_UPLOAD_BYTES + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: '413 Request Entity Too Large' });
    expect(await storedCount()).toBe(before);
  });

  it('needs a file part: 400', async () => {
    const body = multipart('x.png', PNG, 'attachment');
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/uploads`,
      payload: body.payload,
      headers: { ...body.headers, ...owner.headers },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('asks who uploads: signed out 401, non-member 403, private project 404, archived 403', async () => {
    expect((await upload(null, 'a.png', PNG)).statusCode).toBe(401);
    expect((await upload(outsider, 'a.png', PNG)).statusCode).toBe(403);

    const secret = await buildProject(t.container, owner, { visibility: 'private' });
    const privateUrl = `/api/v4/projects/${secret.project.id}/uploads`;
    expect((await upload(outsider, 'a.png', PNG, privateUrl)).statusCode).toBe(404);
    const stored = (await upload(owner, 'a.png', PNG, privateUrl)).json<Uploaded>();
    expect((await fetchFile(outsider, `/${secret.fullPath}${stored.url}`)).statusCode).toBe(404);
    expect((await fetchFile(owner, `/${secret.fullPath}${stored.url}`)).statusCode).toBe(200);

    const archived = await buildProject(t.container, owner);
    await t.container.projects.setArchived(owner, archived.project.id, true);
    expect(
      (await upload(owner, 'a.png', PNG, `/api/v4/projects/${archived.project.id}/uploads`)).statusCode,
    ).toBe(403);
  });

  it('answers 404 for an unknown secret or name', async () => {
    const stored = (await upload(owner, 'b.png', PNG)).json<Uploaded>();
    const other = stored.url.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    expect((await fetchFile(owner, `/${project.fullPath}${other}`)).statusCode).toBe(404);
    expect((await fetchFile(owner, `/${project.fullPath}${stored.url}x`)).statusCode).toBe(404);
  });
});
