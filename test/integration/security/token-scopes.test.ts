import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TokenScope } from '../../../src/shared/access/credentials';
import type { CreateNoteResponse } from '../../../src/shared/api/notes';
import { queryRows } from '../../../src/server/db/client';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { branchRef, resolveCommit } from '../../../src/server/git/repository';
import { commitCiConfig } from '../../support/ci';
import { buildProject, buildToken, buildUser, type TestUser } from '../../support/factories';
import { buildMergeRequest } from '../../support/merge-request-factories';
import { concreteUrl, listRoutes } from '../../support/routes';
import { createTestApp, type TestApp } from '../../support/test-app';
import { cloneUrl, createGitClient, tempDir } from '../git-helpers';

const SCOPES = ['read_api', 'read_user', 'read_repository', 'write_repository', 'api'] as const;
/** Every scope but `api`: none of them may write through the API, GraphQL or the page. */
const READ_ONLY = SCOPES.filter((scope) => scope !== 'api');
/** The scopes GitLab's GraphQL does not take at all. */
const NOT_FOR_GRAPHQL = ['read_user', 'read_repository', 'write_repository'] as const;

const DESCRIPTION = 'The request requires higher privileges than provided by the access token.';
const insufficientScope = (scope: string) => ({
  status: 403,
  body: { error: 'insufficient_scope', error_description: DESCRIPTION, scope },
  challenge: `Bearer realm="Protected by OAuth 2.0", error="insufficient_scope", error_description="${DESCRIPTION}", scope="${scope}"`,
});
const RESOURCE_NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

function expectInsufficientScope(response: LightMyRequestResponse, scope = 'api') {
  const expected = insufficientScope(scope);
  expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({
    status: expected.status,
    body: expected.body,
  });
  expect(response.headers['www-authenticate']).toBe(expected.challenge);
}

describe('token scopes on every channel', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let project: ProjectContext;
  let mergeRequest: { id: number; iid: number };
  let noteGid: string;
  let jobGid: string;
  const tokens = {} as Record<TokenScope, string>;
  const headersOf = (scope: TokenScope) => ({ 'private-token': tokens[scope] });

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.listen();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    const created = await buildMergeRequest(t.container, owner, project, { title: 'Original title' });
    mergeRequest = { id: created.mergeRequest.id, iid: created.mergeRequest.iid };
    await t.container.issues.create(owner, project.project.id, { title: 'An issue' });
    const note = await t.app.inject({
      method: 'POST',
      url: `/${project.fullPath}/-/merge_requests/${mergeRequest.iid}/notes`,
      headers: owner.headers,
      payload: { note: { note: 'A comment' } },
    });
    noteGid = `gid://gitlab/Note/${note.json<CreateNoteResponse>().note!.id}`;
    // A pending job of a branch pipeline, for the job action mutations.
    await commitCiConfig(t.app, owner, project.project.id, 'build:\n  script: [make]\n', 'ci');
    const jobs = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/jobs`,
      headers: owner.headers,
    });
    jobGid = `gid://gitlab/Ci::Build/${jobs.json<Array<{ id: number }>>()[0]!.id}`;
    for (const scope of SCOPES) {
      tokens[scope] = await buildToken(t.container, owner, [scope], scope);
    }
  });
  afterAll(() => t.close());

  /**
   * Every row of every table once background work settled, but the tokens' (whose last use is
   * recorded): two equal states mean a request changed nothing.
   */
  async function databaseState(): Promise<Record<string, string[]>> {
    await t.container.jobs.drain();
    await t.container.background.settled();
    const tables = await queryRows<{ table_name: string }>(
      t.container.db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const state: Record<string, string[]> = {};
    for (const { table_name: table } of tables) {
      if (table === 'access_tokens') continue;
      const rows = await queryRows<unknown>(t.container.db, sql.raw(`select * from "${table}"`));
      state[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return state;
  }

  const mergeRequestUrl = () => `/api/v4/projects/${project.project.id}/merge_requests/${mergeRequest.iid}`;

  describe('REST', () => {
    it('lets only an api token write, and answers every other scope as GitLab does', async () => {
      for (const scope of READ_ONLY) {
        const response = await t.app.inject({
          method: 'PUT',
          url: mergeRequestUrl(),
          headers: headersOf(scope),
          payload: { title: `Renamed with ${scope}` },
        });
        expectInsufficientScope(response);
      }
      const current = await t.app.inject({ url: mergeRequestUrl(), headers: owner.headers });
      expect(current.json<{ title: string }>().title).toBe('Original title');
      const written = await t.app.inject({
        method: 'PUT',
        url: mergeRequestUrl(),
        headers: headersOf('api'),
        payload: { title: 'Renamed with api' },
      });
      expect(written.statusCode).toBe(200);
      expect(written.json<{ title: string }>().title).toBe('Renamed with api');
    });

    it('reads with read_api or api, and /user with read_user too', async () => {
      for (const scope of SCOPES) {
        const response = await t.app.inject({ url: mergeRequestUrl(), headers: headersOf(scope) });
        if (scope === 'read_api' || scope === 'api') expect(response.statusCode, scope).toBe(200);
        else expectInsufficientScope(response, 'api read_api');
        const user = await t.app.inject({ url: '/api/v4/user', headers: headersOf(scope) });
        if (scope === 'read_repository' || scope === 'write_repository')
          expectInsufficientScope(user, 'api read_api read_user');
        else expect(user.statusCode, scope).toBe(200);
      }
    });

    it('lets any token read and revoke itself, as GitLab does', async () => {
      for (const scope of SCOPES) {
        const self = await t.app.inject({
          url: '/api/v4/personal_access_tokens/self',
          headers: headersOf(scope),
        });
        expect(self.json<{ scopes: string[] }>().scopes, scope).toEqual([scope]);
      }
    });
  });

  describe('every write route of every channel', () => {
    const GIT_ROUTE = /\.git\//;

    it('refuses a read-only token before the route runs, and nothing changes', async () => {
      const values = {
        id: String(project.project.id),
        merge_request_iid: String(mergeRequest.iid),
        issue_iid: '1',
        iid: String(mergeRequest.iid),
        ns0: project.fullPath.split('/')[0]!,
        project: project.fullPath.split('/')[1]!,
        user_id: String(owner.id),
      };
      const writes = listRoutes(t.app).filter(
        ({ method, url }) =>
          !['GET', 'HEAD', 'OPTIONS'].includes(method) && !GIT_ROUTE.test(url) && url !== '/api/graphql',
      );
      // Projects, merge requests, notes, uploads, the page's JSON, sign-in: a hundred and more.
      expect(writes.length).toBeGreaterThan(100);
      const before = await databaseState();
      const missed: string[] = [];
      for (const { method, url } of writes) {
        for (const scope of READ_ONLY) {
          const response = await t.app.inject({
            method: method as 'POST',
            url: concreteUrl(url, values),
            headers: headersOf(scope),
            payload: {},
          });
          const body = String(response.headers['content-type']).includes('json')
            ? response.json<unknown>()
            : null;
          if (
            response.statusCode !== 403 ||
            response.headers['www-authenticate'] !== insufficientScope('api').challenge ||
            JSON.stringify(body) !== JSON.stringify(insufficientScope('api').body)
          )
            missed.push(
              `${method} ${url} with ${scope}: ${response.statusCode} ${response.body.slice(0, 80)}`,
            );
        }
      }
      expect(missed).toEqual([]);
      expect(await databaseState()).toEqual(before);
    });
  });

  describe('GraphQL', () => {
    type GraphQLAnswer = { data?: Record<string, unknown> | null; errors?: Array<Record<string, unknown>> };
    const graphql = (headers: Record<string, string>, query: string, variables: object = {}) =>
      t.app.inject({ method: 'POST', url: '/api/graphql', headers, payload: { query, variables } });

    type TypeRef = { kind: string; name: string | null; ofType: TypeRef | null };
    type InputValue = { name: string; type: TypeRef };
    type Introspection = {
      __schema: {
        mutationType: { fields: Array<{ name: string; args: InputValue[] }> };
        types: Array<{ name: string; kind: string; inputFields: InputValue[] | null; enumValues: unknown }>;
      };
    };
    const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';

    /** The schema's mutations with arguments that name this test's merge request, issue and note. */
    async function mutationsOfTheSchema(): Promise<
      Array<{ name: string; query: string; variables: object }>
    > {
      const answer = await graphql(
        owner.headers,
        `{ __schema {
          mutationType { fields { name args { name type { ${TYPE_REF} } } } }
          types { name kind inputFields { name type { ${TYPE_REF} } } enumValues { name } }
        } }`,
      );
      const schema = answer.json<{ data: Introspection }>().data.__schema;
      const typeNamed = (name: string) => schema.types.find((type) => type.name === name)!;
      const named = (ref: TypeRef): TypeRef => (ref.ofType ? named(ref.ofType) : ref);
      const valueFor = (field: string, ref: TypeRef): unknown => {
        const type = named(ref);
        if (type.kind === 'INPUT_OBJECT') {
          const fields = typeNamed(type.name!).inputFields ?? [];
          return Object.fromEntries(fields.map((each) => [each.name, valueFor(each.name, each.type)]));
        }
        if (type.kind === 'ENUM')
          return (typeNamed(type.name!).enumValues as Array<{ name: string }>)[0]!.name;
        const byName: Record<string, unknown> = {
          projectPath: project.fullPath,
          iid: String(mergeRequest.iid),
          clientMutationId: 'token-scopes',
          note: 'token-scopes',
        };
        const byType: Record<string, unknown> = {
          Boolean: true,
          Int: 1,
          NoteID: noteGid,
          NoteableID: `gid://gitlab/MergeRequest/${mergeRequest.id}`,
          IssuableID: `gid://gitlab/MergeRequest/${mergeRequest.id}`,
          Time: new Date().toISOString(),
          CiProcessableID: jobGid,
          CiBuildID: jobGid,
          UserID: `gid://gitlab/User/${owner.id}`,
        };
        const value = byName[field] ?? byType[type.name!];
        if (value === undefined) throw new Error(`no test value for ${field}: ${type.name}, add one here`);
        return value;
      };
      const printed = (ref: TypeRef): string =>
        ref.kind === 'NON_NULL'
          ? `${printed(ref.ofType!)}!`
          : ref.kind === 'LIST'
            ? `[${printed(ref.ofType!)}]`
            : ref.name!;
      return schema.mutationType.fields.map(({ name, args }) => {
        const declared = args.map((arg) => `$${arg.name}: ${printed(arg.type)}`).join(', ');
        const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
        return {
          name,
          query: `mutation${declared ? `(${declared})` : ''} { ${name}${passed ? `(${passed})` : ''} { __typename } }`,
          variables: Object.fromEntries(args.map((arg) => [arg.name, valueFor(arg.name, arg.type)])),
        };
      });
    }

    it('runs no mutation of the schema for a token without api, answering as GitLab', async () => {
      const mutations = await mutationsOfTheSchema();
      expect(mutations.map((m) => m.name)).toContain('mergeRequestSetLocked');
      const before = await databaseState();
      for (const { name, query, variables } of mutations) {
        const readApi = await graphql(headersOf('read_api'), query, variables);
        expect(readApi.statusCode).toBe(200);
        expect(readApi.json<GraphQLAnswer>()).toEqual({
          data: { [name]: null },
          errors: [{ message: RESOURCE_NOT_AVAILABLE, locations: [expect.any(Object)], path: [name] }],
        });
        for (const scope of NOT_FOR_GRAPHQL) {
          const refused = await graphql(headersOf(scope), query, variables);
          expect({ status: refused.statusCode, body: refused.json<unknown>() }, `${name} ${scope}`).toEqual({
            status: 401,
            body: { errors: [{ message: 'Invalid token' }] },
          });
        }
      }
      expect(await databaseState()).toEqual(before);
      for (const { name, query, variables } of mutations) {
        const allowed = await graphql(headersOf('api'), query, variables);
        expect(JSON.stringify(allowed.json<GraphQLAnswer>().errors ?? []), name).not.toContain(
          RESOURCE_NOT_AVAILABLE,
        );
      }
    });

    it('locks a merge request only for an api token', async () => {
      const lock = `mutation($input: MergeRequestSetLockedInput!) {
        mergeRequestSetLocked(input: $input) { mergeRequest { discussionLocked } errors } }`;
      const locked = async () =>
        Boolean(
          (await t.app.inject({ url: mergeRequestUrl(), headers: owner.headers })).json<{
            discussion_locked: boolean | null;
          }>().discussion_locked,
        );
      const wasLocked = await locked();
      const input = { projectPath: project.fullPath, iid: String(mergeRequest.iid), locked: !wasLocked };
      for (const scope of READ_ONLY) await graphql(headersOf(scope), lock, { input });
      expect(await locked()).toBe(wasLocked);
      const answer = await graphql(headersOf('api'), lock, { input });
      expect(answer.json<GraphQLAnswer>().data).toEqual({
        mergeRequestSetLocked: { mergeRequest: { discussionLocked: !wasLocked }, errors: [] },
      });
      expect(await locked()).toBe(!wasLocked);
    });

    it('answers queries to read_api and api tokens and refuses the others', async () => {
      for (const scope of SCOPES) {
        const answer = await graphql(headersOf(scope), '{ currentUser { username } }');
        if (scope === 'read_api' || scope === 'api')
          expect(answer.json<GraphQLAnswer>(), scope).toEqual({
            data: { currentUser: { username: owner.username } },
          });
        else
          expect({ status: answer.statusCode, body: answer.json<unknown>() }, scope).toEqual({
            status: 401,
            body: { errors: [{ message: 'Invalid token' }] },
          });
      }
    });

    it('refuses a subscription socket to a token GraphQL does not take', async () => {
      const url = baseUrl.replace('http', 'ws') + '/api/graphql';
      const status = (scope: TokenScope) =>
        new Promise<number>((resolve, reject) => {
          const socket = new WebSocket(url, 'graphql-transport-ws', { headers: headersOf(scope) });
          socket.on('open', () => {
            socket.close();
            resolve(101);
          });
          socket.on('unexpected-response', (request, response) => {
            request.destroy();
            resolve(response.statusCode ?? 0);
          });
          socket.on('error', reject);
        });
      expect(await status('read_repository')).toBe(401);
      expect(await status('read_api')).toBe(101);
    });
  });

  describe('git over HTTP', () => {
    const gitUrl = (service: 'git-upload-pack' | 'git-receive-pack') =>
      `/${project.fullPath}.git/info/refs?service=${service}`;
    const basic = (scope: TokenScope) => ({
      authorization: `Basic ${Buffer.from(`${owner.username}:${tokens[scope]}`).toString('base64')}`,
    });

    it('answers clone and push discovery per scope, in GitLab’s words', async () => {
      for (const scope of SCOPES) {
        const clone = await t.app.inject({ url: gitUrl('git-upload-pack'), headers: basic(scope) });
        if (scope === 'read_user') {
          expect({ status: clone.statusCode, body: clone.body }).toEqual({
            status: 403,
            body: 'You are not allowed to download code.\n',
          });
        } else expect(clone.statusCode, scope).toBe(200);
        const push = await t.app.inject({ url: gitUrl('git-receive-pack'), headers: basic(scope) });
        if (scope === 'write_repository' || scope === 'api') expect(push.statusCode, scope).toBe(200);
        else
          expect({ status: push.statusCode, body: push.body }, scope).toEqual({
            status: 403,
            body: 'You are not allowed to upload code.\n',
          });
      }
    });

    it('clones and pushes with a real git client only as the scopes allow', async () => {
      const work = await tempDir('token-scopes-git-');
      const git = createGitClient(work);
      const urlWith = (scope: TokenScope) =>
        cloneUrl(baseUrl, project.fullPath, { user: owner.username, secret: tokens[scope] });
      const main = await resolveCommit(project.gitDir, branchRef('main'));
      for (const scope of SCOPES) {
        const dir = path.join(work, scope);
        const cloned = await git(work, ['clone', urlWith(scope), dir]);
        if (scope === 'read_user') {
          expect(cloned.code).not.toBe(0);
          expect(cloned.stderr).toContain('remote: You are not allowed to download code.');
          continue;
        }
        expect(cloned.code, cloned.stderr).toBe(0);
        await git(dir, ['commit', '--allow-empty', '-m', `Pushed with ${scope}`]);
        const pushed = await git(dir, ['push', 'origin', `HEAD:refs/heads/from-${scope}`]);
        const landed = await resolveCommit(project.gitDir, branchRef(`from-${scope}`));
        if (scope === 'write_repository' || scope === 'api') {
          expect(pushed.code, pushed.stderr).toBe(0);
          expect(landed).not.toBeNull();
        } else {
          expect(pushed.stderr).toContain('remote: You are not allowed to upload code.');
          expect(landed).toBeNull();
        }
      }
      expect(await resolveCommit(project.gitDir, branchRef('main'))).toBe(main);
    });
  });

  describe('the page’s JSON', () => {
    it('takes a comment from an api token only', async () => {
      const notesUrl = `/${project.fullPath}/-/merge_requests/${mergeRequest.iid}/notes`;
      const count = async () =>
        (
          await t.app.inject({
            url: `/api/v4/projects/${project.project.id}/merge_requests/${mergeRequest.iid}/notes`,
            headers: owner.headers,
          })
        ).json<unknown[]>().length;
      const before = await count();
      for (const scope of READ_ONLY) {
        const response = await t.app.inject({
          method: 'POST',
          url: notesUrl,
          headers: headersOf(scope),
          payload: { note: { note: `from ${scope}` } },
        });
        expectInsufficientScope(response);
      }
      expect(await count()).toBe(before);
      const written = await t.app.inject({
        method: 'POST',
        url: notesUrl,
        headers: headersOf('api'),
        payload: { note: { note: 'from api' } },
      });
      expect(written.statusCode).toBe(201);
      expect(await count()).toBe(before + 1);
    });
  });
});
