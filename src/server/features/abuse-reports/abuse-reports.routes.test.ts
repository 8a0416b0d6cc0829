import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbuseReport } from '../../../shared/api/abuseReports';
import type { SessionResponse } from '../../../shared/api/session';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { SESSION_COOKIE } from '../../auth/current-user';
import { abuseReports } from '../../db/schema';

describe('abuse reports', () => {
  let t: TestApp;
  let reporter: TestUser;
  let spammer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    reporter = await buildUser(t.container, { name: 'Rae Porter' });
    spammer = await buildUser(t.container, { name: 'Spam Bot' });
    admin = await buildUser(t.container, { admin: true });
  });
  afterAll(() => t.close());

  const reportCount = async () => (await t.container.db.select().from(abuseReports)).length;
  const post = (user: TestUser | null, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/-/abuse_reports', payload, headers: user?.headers ?? {} });

  /** The drawer's form as the browser sends it: form-encoded, with the session cookie and its CSRF token. */
  async function postForm(user: TestUser, fields: Record<string, string>) {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { login: user.username, password: user.password },
    });
    const cookie = signedIn.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const csrf = signedIn.json<SessionResponse>().csrf_token ?? '';
    return t.app.inject({
      method: 'POST',
      url: '/-/abuse_reports',
      cookies: { [SESSION_COOKIE]: cookie },
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': csrf },
      payload: new URLSearchParams({ authenticity_token: csrf, ...fields }).toString(),
    });
  }

  it('takes the drawer’s form and lists the report for administrators', async () => {
    const response = await postForm(reporter, {
      user_id: String(spammer.id),
      'abuse_report[reported_from_url]': 'http://localhost/group/project/-/merge_requests/1#note_5',
      'abuse_report[category]': 'spam',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Thank you for your report. An administrator will look into it shortly.',
    });

    const list = await t.app.inject({ url: '/admin/abuse_reports.json', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total']).toBe('1');
    expect(list.json<AbuseReport[]>()[0]).toMatchObject({
      category: 'spam',
      status: 'open',
      reported_from_url: 'http://localhost/group/project/-/merge_requests/1#note_5',
      user: { id: spammer.id, username: spammer.username },
      reporter: { id: reporter.id, username: reporter.username },
    });
  });

  it('accepts the same report as JSON', async () => {
    const response = await post(reporter, {
      user_id: spammer.id,
      abuse_report: { category: 'phishing', reported_from_url: '', message: 'asks for passwords' },
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it.each(['spam', 'offensive', 'phishing', 'crypto', 'credentials', 'copyright', 'malware', 'other'])(
    'accepts the category %s and lists the report under it',
    async (category) => {
      const response = await post(reporter, { user_id: spammer.id, abuse_report: { category } });
      expect(response.statusCode, response.body).toBe(201);
      const list = await t.app.inject({ url: '/admin/abuse_reports.json', headers: admin.headers });
      expect(list.json<AbuseReport[]>().map((report) => report.category)).toContain(category);
    },
  );

  it.each([
    ['no category', {}, "Category can't be blank"],
    ['a blank category', { category: ' ' }, "Category can't be blank"],
    ['an unknown category', { category: 'boring' }, 'Category is not included in the list'],
    ['a category in capitals', { category: 'SPAM' }, 'Category is not included in the list'],
    ['a category with markup', { category: '<b>spam</b>' }, 'Category is not included in the list'],
    ['a category among others', { category: 'spam,other' }, 'Category is not included in the list'],
  ])('refuses %s and writes nothing', async (_, form, message) => {
    const before = await reportCount();
    const response = await post(reporter, { user_id: spammer.id, abuse_report: form });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await reportCount()).toBe(before);
  });

  it('refuses a report about oneself', async () => {
    const response = await post(reporter, { user_id: reporter.id, abuse_report: { category: 'spam' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'You cannot report yourself.' });
  });

  it('answers 404 for a user that does not exist, 401 when signed out', async () => {
    expect((await post(reporter, { user_id: 999999, abuse_report: { category: 'spam' } })).statusCode).toBe(
      404,
    );
    expect((await post(null, { user_id: spammer.id, abuse_report: { category: 'spam' } })).statusCode).toBe(
      401,
    );
  });

  it('needs the session’s CSRF token on the form', async () => {
    const before = await reportCount();
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { login: reporter.username, password: reporter.password },
    });
    const cookie = signedIn.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const response = await t.app.inject({
      method: 'POST',
      url: '/-/abuse_reports',
      cookies: { [SESSION_COOKIE]: cookie },
      payload: { user_id: spammer.id, abuse_report: { category: 'spam' } },
    });
    expect(response.statusCode).toBe(403);
    expect(await reportCount()).toBe(before);
  });

  it('shows the list to administrators only', async () => {
    expect(
      (await t.app.inject({ url: '/admin/abuse_reports.json', headers: reporter.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/admin/abuse_reports.json' })).statusCode).toBe(401);
  });
});
