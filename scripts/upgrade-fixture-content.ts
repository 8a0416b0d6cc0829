/**
 * Adds to a running release's demo instance what its seed leaves out, through GitLab's REST API
 * as any client would, so that an upgrade fixture holds every kind of content a real instance
 * has: personal access tokens, a resolved thread, threads with replies on a merge request and an
 * issue, reactions on notes, a pending review (draft notes), a description edit, a dependency,
 * time spent, an upload, a protected branch pattern, a dismissed callout, a private project and
 * a blocked user. Run by scripts/make-upgrade-fixture.sh; prints the facts the upgrade test needs
 * (passwords and tokens) as JSON.
 *
 *   node --import tsx scripts/upgrade-fixture-content.ts <base url> <root password>
 */

import process from 'node:process';

type Json = Record<string, unknown>;

const [base, rootPassword] = process.argv.slice(2);
if (!base || !rootPassword) {
  console.error('usage: upgrade-fixture-content.ts <base url> <root password>');
  process.exit(2);
}

const DEMO_PASSWORD = 'demo-password';
const CAROL_PASSWORD = 'carol-upgrade-password';
const DAVE_PASSWORD = 'dave-upgrade-password';

async function call<T = Json>(
  token: string,
  method: string,
  path: string,
  body?: Json | FormData,
): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (token.startsWith('glpat-')) {
    delete headers.Authorization;
    headers['PRIVATE-TOKEN'] = token;
  }
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function signIn(username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password }),
  });
  if (!response.ok) throw new Error(`sign in as ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

const root = await signIn('root', rootPassword);
const userId = async (username: string) =>
  (await call<Array<{ id: number }>>(root, 'GET', `/api/v4/users?username=${username}`))[0]!.id;
const tokens: Array<{ username: string; scopes: string[]; token: string }> = [];
const personalToken = async (username: string, scopes: string[]) => {
  const { token } = await call<{ token: string }>(
    root,
    'POST',
    `/api/v4/users/${await userId(username)}/personal_access_tokens`,
    { name: `upgrade fixture (${scopes.join(', ')})`, scopes },
  );
  tokens.push({ username, scopes, token });
  return token;
};

const alice = await personalToken('alice', ['api']);
const bob = await personalToken('bob', ['api']);
await personalToken('bob', ['read_api']);

const project = await call<{ id: number }>(alice, 'GET', '/api/v4/projects/demo%2Fshop');
const p = `/api/v4/projects/${project.id}`;
type MergeRequest = { id: number; iid: number; state: string; draft: boolean; description: string };
const requests = await call<MergeRequest[]>(alice, 'GET', `${p}/merge_requests?state=all`);
const open = requests.find((request) => request.state === 'opened' && !request.draft)!;
const draft = requests.find((request) => request.state === 'opened' && request.draft)!;
const mr = `${p}/merge_requests/${open.iid}`;

// The seeded review: bob's question on a line (alice replied) is resolved; his suggestion gets a reaction.
type Discussion = { id: string; notes: Array<{ id: number; body: string; resolvable: boolean }> };
const discussions = await call<Discussion[]>(alice, 'GET', `${mr}/discussions`);
const answered = discussions.find((discussion) => discussion.notes.length > 1)!;
await call(alice, 'PUT', `${mr}/discussions/${answered.id}`, { resolved: true });
const suggestion = discussions.find((discussion) => discussion.notes[0]!.body.includes('```suggestion'))!;
await call(alice, 'POST', `${mr}/notes/${suggestion.notes[0]!.id}/award_emoji`, { name: 'heart' });

// A new thread with a reply, left open; a pending review of two draft notes; time spent.
const thread = await call<Discussion>(bob, 'POST', `${mr}/discussions`, {
  body: 'Should the discount codes be case-insensitive in the API too?',
});
await call(alice, 'POST', `${mr}/discussions/${thread.id}/notes`, {
  body: 'Yes, the lookup upper-cases them before it reads the table.',
});
await call(bob, 'POST', `${mr}/draft_notes`, {
  note: 'Nit: the table in the description lists WELCOME10 twice.',
});
await call(bob, 'POST', `${mr}/draft_notes`, {
  note: 'Thanks, that answers it.',
  in_reply_to_discussion_id: thread.id,
});
await call(alice, 'PUT', mr, {
  description: `${open.description}\n\nUpdated: codes are matched without regard to case.`,
});
await call(alice, 'POST', `${p}/merge_requests/${draft.iid}/blocks`, { blocking_merge_request_id: open.id });
await call(alice, 'POST', `${mr}/notes`, { body: 'Reviewed the rounding.\n\n/spend 1h 30m' });

// An issue thread with a reply, time spent, reactions on the issue and on a note.
const issue = `${p}/issues/1`;
const issueThread = await call<Discussion>(alice, 'POST', `${issue}/discussions`, {
  body: 'I can reproduce this with a trailing space in the code.',
});
const reply = await call<{ id: number }>(bob, 'POST', `${issue}/discussions/${issueThread.id}/notes`, {
  body: 'Same here, on the checkout page.',
});
await call(alice, 'POST', `${issue}/notes`, { body: 'Reproduced it.\n\n/spend 45m' });
await call(bob, 'POST', `${issue}/award_emoji`, { name: 'eyes' });
await call(alice, 'POST', `${issue}/notes/${reply.id}/award_emoji`, { name: 'thumbsup' });

// An attachment, a protected branch pattern, a dismissed callout.
const upload = new FormData();
upload.append('file', new Blob(['total,discount\n9.99,25%\n'], { type: 'text/csv' }), 'totals.csv');
await call(alice, 'POST', `${p}/uploads`, upload);
await call(alice, 'POST', `${p}/protected_branches`, {
  name: 'release/*',
  push_access_level: 40,
  merge_access_level: 30,
});
await call(bob, 'POST', '/-/users/callouts', { feature_name: 'suggest_pipeline' });

// A user the administrator made, with a private project of her own; a blocked account.
await call(root, 'POST', '/api/v4/users', {
  username: 'carol',
  name: 'Carol Danvers',
  email: 'carol@example.com',
  password: CAROL_PASSWORD,
});
const carolToken = await personalToken('carol', ['api']);
await call(carolToken, 'POST', '/api/v4/projects', {
  name: 'Notes',
  path: 'notes',
  visibility: 'private',
  description: "Carol's private notes.",
});
const dave = await call<{ id: number }>(root, 'POST', '/api/v4/users', {
  username: 'dave',
  name: 'Dave Blocked',
  email: 'dave@example.com',
  password: DAVE_PASSWORD,
});
await call(root, 'POST', `/api/v4/users/${dave.id}/block`);

console.log(
  JSON.stringify(
    {
      passwords: { root: rootPassword, alice: DEMO_PASSWORD, bob: DEMO_PASSWORD, carol: CAROL_PASSWORD },
      blockedPasswords: { dave: DAVE_PASSWORD },
      tokens,
    },
    null,
    2,
  ),
);
