import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateNoteResponse } from '../../../src/shared/api/notes';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import WebSocket from 'ws';
import { buildMergeRequest } from '../../support/merge-request-factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import type { BusEvent } from '../../../src/server/realtime/bus';

type GraphQLAnswer = {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: { request_id?: string } }>;
};

/** Texts of our own failures, which must never reach a client. */
const INTERNAL_TEXTS = [
  'is not a function',
  'Maximum call stack',
  'Cannot read properties',
  'relation',
  'does not exist',
  'undefined',
];

/** JSON nested `depth` deep around `inner`, written out: a client library would overflow building it. */
const nestedJson = (open: string, close: string, inner: string, depth = 10_000) =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** Values of the wrong type for a scalar that expects a string, and strings it must refuse, as JSON. */
const WRONG_VALUES: Array<[string, string]> = [
  ['a number', '5'],
  ['a float', '1.5'],
  ['a boolean', 'true'],
  ['an empty object', '{}'],
  ['an object', '{"id":1}'],
  ['an empty list', '[]'],
  ['a list of the right string', '["gid://gitlab/Note/1"]'],
  ['a list nested 10,000 deep', nestedJson('[', ']', '"gid://gitlab/Note/1"')],
  ['an object nested 10,000 deep', nestedJson('{"a":', '}', '1')],
  ['a string of another shape', '"not an id"'],
  ['a global id of another model', '"gid://gitlab/User/1"'],
];

/** The wrong values for one scalar: a user's global id is right for UserID, so it gets a note's. */
const wrongValuesFor = (scalar: string): Array<[string, string]> =>
  WRONG_VALUES.map(([what, value]) =>
    scalar === 'UserID' && what === 'a global id of another model'
      ? [what, '"gid://gitlab/Note/1"']
      : [what, value],
  );

/**
 * The first error a subscription gets over the graphql-ws protocol, its messages written by hand:
 * a client library could not serialize the deepest values.
 */
function firstSubscriptionError(
  baseUrl: string,
  headers: Record<string, string>,
  query: string,
  variables: string,
  onSubscribed: () => unknown = () => undefined,
) {
  return new Promise<GraphQLAnswer['errors']>((resolve, reject) => {
    const socket = new WebSocket(baseUrl.replace('http', 'ws') + '/api/graphql', 'graphql-transport-ws', {
      headers,
    });
    socket.on('open', () => socket.send('{"type":"connection_init"}'));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; payload?: unknown };
      if (message.type === 'connection_ack') {
        const payload = `{"query":${JSON.stringify(query)},"variables":${variables}}`;
        socket.send(`{"id":"1","type":"subscribe","payload":${payload}}`);
        // The server has the subscription once it read the message; give it that moment.
        setTimeout(onSubscribed, 200);
      } else if (message.type === 'error') {
        socket.close();
        resolve(message.payload as GraphQLAnswer['errors']);
      } else reject(new Error(`unexpected ${data.toString()}`));
    });
    socket.on('error', reject);
  });
}

type TypeRef = { kind: string; name: string | null; ofType: TypeRef | null };
type Field = { name: string; args: Array<{ name: string; type: TypeRef }>; type: TypeRef };
type Introspection = {
  __schema: {
    queryType: { fields: Field[] };
    subscriptionType: { fields: Field[] };
    mutationType: { fields: Field[] };
    types: Array<{
      name: string;
      kind: string;
      fields: Field[] | null;
      inputFields: Array<{ name: string; type: TypeRef }> | null;
    }>;
  };
};

const logLines: string[] = [];
let t: TestApp;
let url: string;
let alice: TestUser;
/** A comment on a merge request, and what its creation announced on the bus. */
let note: {
  id: number;
  gid: string;
  noteableGid: string;
  restUrl: string;
  event: Omit<Extract<BusEvent, { type: 'note.changed' }>, 'type' | 'change'>;
};

beforeAll(async () => {
  t = await createTestApp({ logTo: { write: (line) => logLines.push(line) } });
  url = await t.listen();
  alice = await buildUser(t.container);
  const project = await buildProject(t.container, alice, { visibility: 'public' });
  const { mergeRequest } = await buildMergeRequest(t.container, alice, project);
  const created = await t.app.inject({
    method: 'POST',
    url: `/${project.fullPath}/-/merge_requests/${mergeRequest.iid}/notes`,
    headers: alice.headers,
    payload: { note: { note: 'A comment' } },
  });
  const id = created.json<CreateNoteResponse>().note!.id;
  note = {
    id,
    gid: `gid://gitlab/Note/${id}`,
    noteableGid: `gid://gitlab/MergeRequest/${mergeRequest.id}`,
    restUrl: `/api/v4/projects/${project.project.id}/merge_requests/${mergeRequest.iid}/notes/${id}`,
    event: {
      projectId: project.project.id,
      noteableType: 'MergeRequest',
      noteableId: mergeRequest.id,
      noteId: id,
      internal: false,
      system: false,
    },
  };
  await t.container.jobs.drain();
  await t.container.background.settled();
});
afterAll(() => t.close());

describe('GraphQL variables of the wrong type', () => {
  /** `variables` as JSON text, so values too deep for JSON.stringify still go out. */
  const graphql = async (query: string, variables = '{}') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: `{"query":${JSON.stringify(query)},"variables":${variables}}`,
    });
    return { status: response.statusCode, body: response.json<GraphQLAnswer>(), raw: response.body };
  };

  const subscriptionError = (query: string, variables: string) =>
    firstSubscriptionError(url, alice.headers, query, variables);

  /** Every custom scalar of the schema that a root field takes, with an operation that passes `$v` to it. */
  async function scalarPositions() {
    const typeRef = 'type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
    const rootFields = `fields { name ${typeRef} args { name ${typeRef} } }`;
    const introspection = `{ __schema {
      queryType { ${rootFields} } subscriptionType { ${rootFields} } mutationType { ${rootFields} }
      types { name kind ${rootFields} inputFields { name ${typeRef} } }
    } }`;
    const { body } = await graphql(introspection);
    const schema = (body.data as Introspection).__schema;
    const custom = schema.types
      .filter(
        (type) => type.kind === 'SCALAR' && !['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name),
      )
      .map((type) => type.name);
    const named = (ref: TypeRef): TypeRef => (ref.ofType ? named(ref.ofType) : ref);
    const positions: Array<{
      scalar: string;
      operation: 'query' | 'mutation' | 'subscription';
      query: string;
    }> = [];
    for (const operation of ['query', 'subscription'] as const) {
      const fields = operation === 'query' ? schema.queryType.fields : schema.subscriptionType.fields;
      for (const field of fields)
        for (const arg of field.args) {
          const scalar = named(arg.type).name!;
          if (!custom.includes(scalar) || positions.some((p) => p.scalar === scalar)) continue;
          positions.push({
            scalar,
            operation,
            query: `${operation}($v: ${scalar}!) { ${field.name}(${arg.name}: $v) { __typename } }`,
          });
        }
    }
    const typeNamed = (name: string | null) => schema.types.find((type) => type.name === name);
    // Scalars a mutation takes inside its input object (`jobPlay(input: { id: $v })`); the
    // input's other required fields get a literal, so that only `$v` can be refused.
    const literalOf = (ref: TypeRef) => (named(ref).name === 'Int' ? '1' : '"x"');
    for (const field of schema.mutationType.fields)
      for (const arg of field.args) {
        const inputFields = typeNamed(named(arg.type).name)?.inputFields ?? [];
        for (const input of inputFields) {
          const scalar = named(input.type).name!;
          if (!custom.includes(scalar) || positions.some((p) => p.scalar === scalar)) continue;
          const others = inputFields
            .filter((other) => other !== input && other.type.kind === 'NON_NULL')
            .map((other) => `, ${other.name}: ${literalOf(other.type)}`)
            .join('');
          positions.push({
            scalar,
            operation: 'mutation',
            query: `mutation($v: ${scalar}!) { ${field.name}(${arg.name}: { ${input.name}: $v${others} }) { __typename } }`,
          });
        }
      }
    // Scalars a field of a root field's type takes (`project(fullPath: "x") { job(id: $v) }`).
    for (const root of schema.queryType.fields) {
      const literal = root.args.map((arg) => `${arg.name}: "x"`).join(', ');
      for (const field of typeNamed(named(root.type).name)?.fields ?? [])
        for (const arg of field.args) {
          const scalar = named(arg.type).name!;
          if (!custom.includes(scalar) || positions.some((p) => p.scalar === scalar)) continue;
          positions.push({
            scalar,
            operation: 'query',
            query: `query($v: ${scalar}!) { ${root.name}${literal ? `(${literal})` : ''} { ${field.name}(${arg.name}: $v) { __typename } } }`,
          });
        }
    }
    return { custom, positions };
  }

  const invalidValueError = (scalar: string) =>
    new RegExp(
      `^Variable "\\$v" got invalid value .+; .+ (is not a valid ${scalar === 'Time' ? 'Time' : 'Global ID'}|does not represent an instance of \\w+(::\\w+)*)$`,
    );

  it('refuses every wrong value of every custom scalar with GraphQL’s coercion error', async () => {
    const { custom, positions } = await scalarPositions();
    // Time is only ever sent; its refusals are unit-tested beside the scalars.
    expect(positions.map((p) => p.scalar).sort()).toEqual(custom.filter((name) => name !== 'Time').sort());
    for (const { scalar, operation, query } of positions) {
      for (const [what, value] of wrongValuesFor(scalar)) {
        const errors =
          operation !== 'subscription'
            ? await (async () => {
                const answer = await graphql(query, `{"v":${value}}`);
                expect(answer.status, `${scalar} ${what}`).toBe(400);
                expect(answer.body.data ?? null, `${scalar} ${what}`).toBeNull();
                for (const text of INTERNAL_TEXTS) expect(answer.raw).not.toContain(text);
                return answer.body.errors;
              })()
            : await subscriptionError(query, `{"v":${value}}`);
        expect(errors, `${scalar} ${what}`).toHaveLength(1);
        expect(errors?.[0]?.message, `${scalar} ${what}`).toMatch(invalidValueError(scalar));
      }
      const refusedNull =
        operation !== 'subscription'
          ? (await graphql(query, '{"v":null}')).body.errors
          : await subscriptionError(query, '{"v":null}');
      expect(refusedNull?.[0]?.message).toBe(`Variable "$v" of non-null type "${scalar}!" must not be null.`);
    }
  });

  it('says what is wrong with a global id, in GitLab’s words', async () => {
    const query = 'query($v: NoteID!) { note(id: $v) { id } }';
    expect((await graphql(query, '{"v":5}')).body.errors?.[0]?.message).toBe(
      'Variable "$v" got invalid value 5; 5 is not a valid Global ID',
    );
    expect((await graphql(query, '{"v":"gid://gitlab/Issue/3"}')).body.errors?.[0]?.message).toBe(
      'Variable "$v" got invalid value "gid://gitlab/Issue/3"; "gid://gitlab/Issue/3" does not represent an instance of Note',
    );
    expect((await graphql('{ note(id: 5) { id } }')).body.errors?.[0]?.message).toBe(
      '5 is not a valid Global ID',
    );
    const found = await graphql(query, `{"v":"${note.gid}"}`);
    expect(found.body).toEqual({ data: { note: { id: note.gid } } });
  });

  it('refuses a document nested too deep or too long with a clear 400, not a crash', async () => {
    const answer = await graphql(`{ note(id: ${'['.repeat(20_000)}${']'.repeat(20_000)}) { id } }`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      data: null,
      errors: [{ message: 'Query nests more than 100 levels deep' }],
    });
    const tooLong = await graphql(`{ ${'currentUser { id } '.repeat(1_500)}}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([
      {
        message: 'Syntax Error: Document contains more that 5000 tokens. Parsing aborted.',
        locations: [expect.any(Object)],
      },
    ]);
  });
});

describe('an internal error', () => {
  /** A real failure, not a stand-in: the table notes are read from is gone while `run` asks for one. */
  async function withoutTheNotesTable<T>(run: () => Promise<T>): Promise<T> {
    await t.container.db.execute(sql`alter table notes rename to notes_elsewhere`);
    try {
      return await run();
    } finally {
      await t.container.db.execute(sql`alter table notes_elsewhere rename to notes`);
    }
  }

  const loggedErrorsOf = (requestId: string) =>
    logLines
      .map((line) => JSON.parse(line) as { reqId?: string; level: number; err?: { message: string } })
      .filter((entry) => entry.reqId === requestId && entry.level >= 50)
      .map((entry) => entry.err?.message)
      .join('\n');

  it('answers GraphQL with a generic message and the request id, and logs the real error under it', async () => {
    const response = await withoutTheNotesTable(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: alice.headers,
        payload: { query: 'query($id: NoteID!) { note(id: $id) { body } }', variables: { id: note.gid } },
      }),
    );
    const requestId = response.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json()).toEqual({
      data: { note: null },
      errors: [
        {
          message: 'Internal server error',
          locations: [{ line: 1, column: 23 }],
          path: ['note'],
          extensions: { request_id: requestId },
        },
      ],
    });
    expect(loggedErrorsOf(requestId)).toContain('relation "notes" does not exist');
  });

  it('answers a subscription with a generic message and the request id, and logs the real error under it', async () => {
    const query = 'subscription($id: NoteableID!) { workItemNoteCreated(noteableId: $id) { body } }';
    const errors = await withoutTheNotesTable(() =>
      firstSubscriptionError(url, alice.headers, query, JSON.stringify({ id: note.noteableGid }), () =>
        // What a comment's transaction announces once it commits: the subscription reads that note.
        t.container.bus.publish({ ...note.event, type: 'note.changed', change: 'created' }),
      ),
    );
    const requestId = errors?.[0]?.extensions?.request_id ?? '';
    expect(errors).toEqual([{ message: 'Internal server error', extensions: { request_id: requestId } }]);
    expect(loggedErrorsOf(requestId)).toContain('relation "notes" does not exist');
  });

  it('answers REST with GitLab’s 500 and the request id, and logs the real error under it', async () => {
    const response = await withoutTheNotesTable(() =>
      t.app.inject({ url: note.restUrl, headers: alice.headers }),
    );
    const requestId = response.headers['x-request-id'] as string;
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: '500 Internal Server Error', request_id: requestId });
    expect(loggedErrorsOf(requestId)).toContain('relation "notes" does not exist');
  });
});
