import { GraphQLError, Kind, print, type ValueNode } from 'graphql';

/**
 * The schema's own scalars, checked where a request brings one (a variable or a literal), so a
 * resolver only ever sees a well-formed string. A wrong value is GraphQL's coercion error in
 * GitLab's words: `Variable "$id" got invalid value 5; 5 is not a valid Global ID`.
 */
type Scalar = {
  serialize(value: unknown): string;
  parseValue(value: unknown): string;
  parseLiteral(ast: ValueNode): string;
};

const MAX_SHOWN = 60;

/** A value as a message shows it, never long and never by recursing into it. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return '[...]';
  if (value !== null && typeof value === 'object') return '{...}';
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}...` : text;
}

/** `check` finds what is wrong with a string; `invalid` words the refusal of anything else, as shown. */
function scalar(check: (value: string) => string | null, invalid: (shownValue: string) => string): Scalar {
  const parseValue = (value: unknown): string => {
    const problem = typeof value === 'string' ? check(value) : invalid(shown(value));
    if (problem) throw new GraphQLError(problem);
    return value as string;
  };
  return {
    serialize: (value) => {
      if (typeof value !== 'string') throw new GraphQLError(invalid(shown(value)));
      return value;
    },
    parseValue,
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw new GraphQLError(invalid(print(ast)));
      return parseValue(ast.value);
    },
  };
}

const GLOBAL_ID = /^gid:\/\/gitlab\/([A-Za-z]+(?:::[A-Za-z]+)*)\/(\d{1,12})$/;

/** GitLab's `GlobalIDType[Model]`: `"gid://gitlab/{Type}/{id}"` of one of the model's types. */
function globalId(modelName: string, types: readonly string[]): Scalar {
  const notGlobalId = (shownValue: string) => `${shownValue} is not a valid Global ID`;
  return scalar((value) => {
    const type = GLOBAL_ID.exec(value)?.[1];
    if (type === undefined) return notGlobalId(shown(value));
    return types.includes(type) ? null : `${shown(value)} does not represent an instance of ${modelName}`;
  }, notGlobalId);
}

/** ISO 8601, as every `Time` this schema sends. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

const notTime = (shownValue: string) => `${shownValue} is not a valid Time`;
const time = scalar(
  (value) => (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? null : notTime(shown(value))),
  notTime,
);

/** mercurius sets these on the schema's scalar types of the same names. */
export const scalarResolvers = {
  Time: time,
  IssuableID: globalId('Issuable', ['MergeRequest', 'Issue']),
  NoteableID: globalId('Noteable', ['MergeRequest', 'Issue']),
  NoteID: globalId('Note', ['Note', 'DiscussionNote', 'DiffNote']),
  CiPipelineID: globalId('Ci::Pipeline', ['Ci::Pipeline']),
  CiStageID: globalId('Ci::Stage', ['Ci::Stage']),
  CiBuildID: globalId('Ci::Build', ['Ci::Build']),
  CiProcessableID: globalId('Ci::Processable', ['Ci::Processable', 'Ci::Build', 'Ci::Bridge']),
  UserID: globalId('User', ['User']),
  JobID: globalId('CommitStatus', ['CommitStatus', 'Ci::Processable', 'Ci::Build', 'Ci::Bridge']),
};
