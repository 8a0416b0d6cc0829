import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { bootstrapInstance, type BootstrapReport } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { createContainer, type Container } from '../../src/server/container';
import { migrationsFolder } from '../../src/server/db/client';
import { openDeps } from '../../src/server/start';
import {
  expectApprovalsServed,
  expectCiSettingsServed,
  expectPipelinesAndJobsServed,
  expectTracesAndArtifactsServed,
  type UpgradedInstance,
} from '../support/upgrade-ci-checks';
import {
  loadUpgradeFixture,
  rowsAsBefore,
  snapshotDatabase,
  upgradeFixtures,
  type DatabaseSnapshot,
} from '../support/upgrade-fixtures';

/**
 * "Data outlives releases": an instance an earlier release of main made, with real content
 * (test/fixtures/upgrade, scripts/make-upgrade-fixture.sh), starts on today's code as `npm start`
 * starts it (start.ts migrates, bootstrap leaves a non-empty instance alone) with nothing lost:
 * every row of every table of the old schema still there with the same values, and the API
 * serving it to the same users, passwords and tokens.
 */
const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string; when: number }>;
};

type Row = Record<string, unknown>;

const migrationIndex = (tag: string) => journal.entries.findIndex((entry) => entry.tag === tag);
/**
 * Releases from migration 0023 on have CI/CD with approvals, and their fixtures hold its content
 * (scripts/upgrade-fixture-ci-content.ts): pipelines the embedded runner ran, traces, artifacts,
 * variables, runners, schedules, approval rules and approvals.
 */
const hasCi = (fixture: { release: { lastMigration: string } }) =>
  migrationIndex(fixture.release.lastMigration) >= migrationIndex('0023_approvals');

/**
 * Columns of the old schema that a migration rewrites on purpose (table -> columns, with why):
 * left out of the value-for-value comparison. None yet; a migration that needs one says here what
 * it changes and why, so that no rewrite goes unnoticed.
 */
const REWRITTEN_BY_MIGRATIONS: Record<string, { columns: string[]; why: string }> = {};

describe.each(upgradeFixtures())('an instance made by release $release.commit', (fixture) => {
  let dataDir: string;
  let drop: () => Promise<void>;
  let before: DatabaseSnapshot;
  let after: DatabaseSnapshot;
  let report: BootstrapReport;
  let app: FastifyInstance;
  let container: Container;
  let close: () => Promise<void>;
  let adminToken: string;

  const rows = (table: string): Row[] => before.tables.get(table) ?? [];
  const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const headers: Record<string, string> = token ? { 'private-token': token } : {};
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json<unknown>() : null };
  };
  /** As root, the administrator who sees everything, unless another user's token is given. */
  const get = async <T>(url: string, token?: string) => {
    const response = await call('GET', url, token ?? adminToken);
    expect(response.status, url).toBe(200);
    return response.body as T;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-upgrade-'));
    const loaded = await loadUpgradeFixture(fixture, dataDir);
    ({ before, drop } = loaded);
    // What main.ts does, in this process: open and migrate (start.ts), then bootstrap.
    const deps = await openDeps(
      loadConfig({ DATA_DIR: dataDir, RUNNER: 'none', LOG_LEVEL: 'silent', ...loaded.env }),
    );
    container = createContainer(deps);
    app = await buildApp(deps, { container });
    report = await bootstrapInstance(container);
    await container.mergeRequests.settleInterruptedMerges();
    after = await snapshotDatabase(async (text) => (await deps.database.pool.query(text)).rows as Row[]);
    close = async () => {
      await app.close();
      await container.processes.close();
      await deps.close();
    };
    const signIn = await call('POST', '/oauth/token', undefined, {
      grant_type: 'password',
      username: 'root',
      password: fixture.passwords.root,
    });
    expect(signIn.status).toBe(200);
    adminToken = (signIn.body as { access_token: string }).access_token;
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('was made with real content by a release whose last migration the fixture names', () => {
    const index = journal.entries.findIndex((entry) => entry.tag === fixture.release.lastMigration);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(before.journal.map((entry) => Number(entry.created_at))).toEqual(
      journal.entries.slice(0, index + 1).map((entry) => entry.when),
    );
    const kinds = ['users', 'access_tokens', 'projects', 'merge_requests', 'merge_request_diffs'];
    kinds.push('notes', 'draft_notes', 'award_emoji', 'suggestions', 'issues', 'timelogs', 'uploads');
    kinds.push('merge_request_blocks', 'description_versions', 'protected_branches', 'user_callouts');
    for (const table of kinds) expect(rows(table).length, table).toBeGreaterThan(0);
    expect(rows('merge_requests').map((row) => row.state)).toEqual(
      expect.arrayContaining(['opened', 'closed', 'merged']),
    );
    expect(rows('notes').some((row) => row.resolved_at !== null)).toBe(true);
    if (!hasCi(fixture)) return;
    const ci = ['ci_pipelines', 'ci_builds', 'ci_build_trace_chunks', 'ci_job_artifacts', 'ci_variables'];
    ci.push('ci_runners', 'ci_runner_projects', 'ci_pipeline_schedules', 'approval_project_rules');
    ci.push('merge_request_approvals');
    for (const table of ci) expect(rows(table).length, table).toBeGreaterThan(0);
    expect(rows('ci_builds').map((row) => row.status)).toEqual(expect.arrayContaining(['success', 'failed']));
    expect(rows('ci_pipelines').some((row) => row.status === 'success')).toBe(true);
    expect(rows('ci_job_artifacts').some((row) => row.file_type === 'archive')).toBe(true);
    expect(rows('ci_variables').some((row) => row.masked === true)).toBe(true);
  });

  it("moves the migration journal forward to today's last migration, leaving the old entries", () => {
    expect(after.journal.slice(0, before.journal.length)).toEqual(before.journal);
    expect(after.journal.map((entry) => Number(entry.created_at))).toEqual(
      journal.entries.map((entry) => entry.when),
    );
  });

  it('keeps every row of every table of the old schema, value for value, and seeds nothing', () => {
    expect(report.rootCreated).toBe(false);
    for (const [table, oldRows] of before.tables) {
      const newRows = after.tables.get(table);
      expect(newRows, `table ${table}`).toBeDefined();
      expect(newRows?.length, `rows of ${table}`).toBe(oldRows.length);
      const compared = rowsAsBefore(oldRows, newRows ?? [], REWRITTEN_BY_MIGRATIONS[table]?.columns);
      expect(compared.after, `values of ${table}`).toEqual(compared.before);
    }
  });

  it('serves the users, projects and groups as they were', async () => {
    for (const user of rows('users')) {
      const served = await get<Row>(`/api/v4/users/${String(user.id)}`);
      expect(served).toMatchObject({ username: user.username, name: user.name, state: user.state });
    }
    for (const project of rows('projects')) {
      const served = await get<Row>(`/api/v4/projects/${String(project.id)}`);
      expect(served).toMatchObject({
        name: project.name,
        path: project.path,
        description: project.description,
        visibility: project.visibility,
        default_branch: project.default_branch,
      });
      if (project.visibility === 'private') {
        expect((await call('GET', `/api/v4/projects/${String(project.id)}`)).status).toBe(404);
      }
    }
    for (const group of rows('namespaces').filter((row) => row.kind === 'group')) {
      const served = await get<Row>(`/api/v4/groups/${String(group.id)}`);
      expect(served).toMatchObject({ name: group.name, full_path: group.full_path });
    }
  });

  it('serves the merge requests and issues with their iids, titles, states and descriptions', async () => {
    for (const project of rows('projects')) {
      const base = `/api/v4/projects/${String(project.id)}`;
      for (const [table, segment] of [
        ['merge_requests', 'merge_requests'],
        ['issues', 'issues'],
      ] as const) {
        const served = await get<Row[]>(`${base}/${segment}?state=all&per_page=100`);
        const pick = (row: Row) => ({
          iid: row.iid,
          title: row.title,
          state: row.state,
          description: row.description,
        });
        const old = rows(table).filter((row) => row.project_id === project.id);
        const byIid = (a: { iid: unknown }, b: { iid: unknown }) => Number(a.iid) - Number(b.iid);
        expect(served.map(pick).sort(byIid), `${table} of ${String(project.path)}`).toEqual(
          old.map(pick).sort(byIid),
        );
      }
    }
    for (const request of rows('merge_requests').filter((row) => row.state === 'merged')) {
      const served = await get<Row>(
        `/api/v4/projects/${String(request.project_id)}/merge_requests/${String(request.iid)}`,
      );
      expect(served).toMatchObject({ merge_commit_sha: request.merge_commit_sha, sha: request.head_sha });
    }
  });

  /** The API path of a merge request or an issue row (`noteable_type`, `noteable_id` of a note). */
  const noteablePath = (type: unknown, id: unknown): string => {
    const [table, segment] =
      type === 'MergeRequest' ? ['merge_requests', 'merge_requests'] : ['issues', 'issues'];
    const row = rows(table).find((candidate) => candidate.id === id);
    if (!row) throw new Error(`no ${String(type)} ${String(id)}`);
    return `/api/v4/projects/${String(row.project_id)}/${segment}/${String(row.iid)}`;
  };
  const tokenOf = (userId: unknown) => {
    const username = rows('users').find((row) => row.id === userId)?.username;
    return fixture.tokens.find((token) => token.username === username && token.scopes.includes('api'))?.token;
  };

  it('serves every thread with its notes, authors, replies and resolved state', async () => {
    const noteables = new Map<string, Row[]>();
    for (const note of rows('notes')) {
      const key = noteablePath(note.noteable_type, note.noteable_id);
      noteables.set(key, [...(noteables.get(key) ?? []), note]);
    }
    expect(noteables.size).toBeGreaterThan(1);
    for (const [noteable, notes] of noteables) {
      type Note = { id: number; body: string; author: { id: number }; system: boolean; resolved?: boolean };
      const served = await get<Array<{ id: string; notes: Note[] }>>(`${noteable}/discussions?per_page=100`);
      const threads = (list: Array<{ id: string; notes: Array<Record<string, unknown>> }>) =>
        Object.fromEntries(
          list.map((thread) => [thread.id, thread.notes.sort((a, b) => Number(a.id) - Number(b.id))]),
        );
      const old = new Map<string, Row[]>();
      for (const note of notes) {
        const id = String(note.discussion_id);
        old.set(id, [...(old.get(id) ?? []), note]);
      }
      expect(
        threads(
          served.map(({ id, notes: list }) => ({
            id,
            notes: list.map((note) => ({
              id: note.id,
              body: note.body,
              author_id: note.author.id,
              system: note.system,
              resolved: note.resolved ?? false,
            })),
          })),
        ),
        noteable,
      ).toEqual(
        threads(
          [...old].map(([id, list]) => ({
            id,
            notes: list.map((note) => ({
              id: note.id,
              body: note.note,
              author_id: note.author_id,
              system: note.system,
              resolved: note.resolvable === true && note.resolved_at !== null,
            })),
          })),
        ),
      );
    }
  });

  it("serves each reviewer's pending review (draft notes) to them", async () => {
    for (const draft of rows('draft_notes')) {
      const token = tokenOf(draft.author_id);
      if (!token) continue;
      const served = await get<Row[]>(
        `${noteablePath('MergeRequest', draft.merge_request_id)}/draft_notes`,
        token,
      );
      expect(served).toContainEqual(
        expect.objectContaining({ id: draft.id, note: draft.note, discussion_id: draft.discussion_id }),
      );
    }
  });

  it('serves the reactions on merge requests, issues and notes', async () => {
    for (const award of rows('award_emoji')) {
      let awardable: string;
      if (award.awardable_type === 'Note') {
        const note = rows('notes').find((row) => row.id === award.awardable_id);
        awardable = `${noteablePath(note?.noteable_type, note?.noteable_id)}/notes/${String(award.awardable_id)}`;
      } else awardable = noteablePath(award.awardable_type, award.awardable_id);
      const served = await get<Array<{ id: number; name: string; user: { id: number } }>>(
        `${awardable}/award_emoji`,
      );
      expect(served.map(({ id, name, user }) => ({ id, name, user_id: user.id }))).toContainEqual({
        id: award.id,
        name: award.name,
        user_id: award.user_id,
      });
    }
  });

  it('serves the dependencies, protected branches, attachments and the repositories behind the merge requests', async () => {
    for (const block of rows('merge_request_blocks')) {
      const served = await get<Array<{ blocking_merge_request: { id: number } }>>(
        `${noteablePath('MergeRequest', block.blocked_merge_request_id)}/blocks`,
      );
      expect(served.map((one) => one.blocking_merge_request.id)).toContain(block.blocking_merge_request_id);
    }
    for (const project of rows('projects')) {
      const served = await get<Array<{ name: string }>>(
        `/api/v4/projects/${String(project.id)}/protected_branches`,
      );
      expect(served.map((branch) => branch.name).sort()).toEqual(
        rows('protected_branches')
          .filter((row) => row.project_id === project.id)
          .map((row) => row.name)
          .sort(),
      );
    }
    for (const upload of rows('uploads')) {
      const project = rows('projects').find((row) => row.id === upload.project_id);
      const namespace = rows('namespaces').find((row) => row.id === project?.namespace_id);
      const url = `/${String(namespace?.full_path)}/${String(project?.path)}/uploads/${String(upload.secret)}/${String(upload.filename)}`;
      const response = await app.inject({ method: 'GET', url, headers: { 'private-token': adminToken } });
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.length).toBe(upload.size);
    }
    for (const request of rows('merge_requests')) {
      const path = noteablePath('MergeRequest', request.id);
      if (request.state === 'opened') {
        const changes = await get<{ changes: unknown[] }>(`${path}/changes`);
        expect(changes.changes.length, path).toBeGreaterThan(0);
      }
      const mergeCommit = request.merge_commit_sha;
      if (typeof mergeCommit === 'string') {
        const commit = await get<{ id: string }>(
          `/api/v4/projects/${String(request.project_id)}/repository/commits/${mergeCommit}`,
        );
        expect(commit.id).toBe(mergeCommit);
      }
    }
  });

  if (hasCi(fixture)) {
    const instance = (): UpgradedInstance => ({ rows, get, app, adminToken });
    it('serves every pipeline and its jobs with their statuses', () =>
      expectPipelinesAndJobsServed(instance()));
    it('serves every job trace whole and every artifact archive byte for byte', () =>
      expectTracesAndArtifactsServed(instance()));
    it('serves the CI/CD variables (masked still), the runners and the pipeline schedules', () =>
      expectCiSettingsServed(instance()));
    it('serves the approval rules and the approvals of the merge requests', () =>
      expectApprovalsServed(instance()));
  }

  it('lets the users sign in with their old passwords and tokens, with the scopes they had', async () => {
    for (const [username, password] of Object.entries(fixture.passwords)) {
      const grant = { grant_type: 'password', username, password };
      expect((await call('POST', '/oauth/token', undefined, grant)).status, username).toBe(200);
    }
    for (const [username, password] of Object.entries(fixture.blockedPasswords)) {
      const grant = { grant_type: 'password', username, password };
      expect((await call('POST', '/oauth/token', undefined, grant)).status, username).toBe(400);
    }
    for (const { username, scopes, token } of fixture.tokens) {
      expect(await get<Row>('/api/v4/user', token)).toMatchObject({ username });
      const write = await call('POST', '/api/v4/projects/1/issues', token, {
        title: 'Written with an old token',
      });
      expect(write.status, `${username} ${scopes.join(' ')}`).toBe(scopes.includes('api') ? 201 : 403);
    }
  });
});
