import { z } from 'zod';

/**
 * The spellings GitLab's API framework reads as booleans (Grape coerces with dry-types'
 * `Params::Bool`): Python's `True`/`False`, Ruby's `true`, `1`/`0`, `t`/`f`, `yes`/`no`, `on`/`off`.
 */
export const TRUE_SPELLINGS = [
  '1',
  'on',
  'On',
  'ON',
  't',
  'true',
  'True',
  'TRUE',
  'T',
  'y',
  'yes',
  'Yes',
  'YES',
  'Y',
] as const;
export const FALSE_SPELLINGS = [
  '0',
  'off',
  'Off',
  'OFF',
  'f',
  'false',
  'False',
  'FALSE',
  'F',
  'n',
  'no',
  'No',
  'NO',
  'N',
] as const;

const trueSpellings: ReadonlySet<unknown> = new Set([...TRUE_SPELLINGS, 1]);
const falseSpellings: ReadonlySet<unknown> = new Set([...FALSE_SPELLINGS, 0]);

/** What a client may send for a boolean: JSON's, or one of the spellings above. */
export type BooleanInput =
  boolean | 0 | 1 | (typeof TRUE_SPELLINGS)[number] | (typeof FALSE_SPELLINGS)[number];

/**
 * A boolean parameter as GitLab reads it, from JSON (`true`, `1`) or text (query strings, form
 * and multipart bodies). Every boolean a client sends goes through this one schema; anything
 * else is `<name> is invalid`, Grape's words for a value it cannot coerce.
 */
export const booleanParam: z.ZodType<boolean, BooleanInput> = z.preprocess((value) => {
  if (trueSpellings.has(value)) return true;
  if (falseSpellings.has(value)) return false;
  return value;
}, z.boolean());

export const MAX_DB_ID = 2_147_483_647;

/** Numbers arrive as JSON numbers or as digits in query strings and form bodies. */
export const numericParam = (value: unknown): unknown =>
  typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;

/**
 * A list of ids as GitLab reads one (`CommaSeparatedToIntegerArray`): `ids[]=1&ids[]=2`, `ids=1,2`,
 * a lone `ids=1` or a JSON list of numbers or digits.
 */
export function idListParam(max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((part) => part !== '') : value),
    z.array(z.preprocess(numericParam, z.number().int().positive().max(MAX_DB_ID))).max(max),
  );
}
