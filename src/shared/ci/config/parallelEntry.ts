import type { ConfigErrors } from './configErrors';
import { isInteger, isPlainObject, unknownKeys } from './configErrors';
import { scalarToString } from './variablesEntry';

export const PARALLEL_LIMIT = 200;

export type ParallelConfig = { number: number } | { matrix: Array<Record<string, string[]>> };

/** `parallel:` a count of 1-200 (not for trigger jobs) or `matrix:` of variable lists. */
export function validateParallel(
  value: unknown,
  location: string,
  errors: ConfigErrors,
  allowNumber: boolean,
): ParallelConfig | undefined {
  if (typeof value === 'number') {
    if (!isInteger(value)) errors.add(location, 'config', 'must be an integer');
    else if (value < 1) errors.add(location, 'config', 'must be greater than or equal to 1');
    else if (value > PARALLEL_LIMIT)
      errors.add(location, 'config', `must be less than or equal to ${PARALLEL_LIMIT}`);
    else if (!allowNumber) errors.add(location, 'config', 'cannot use "parallel: <number>".');
    else return { number: value };
    return undefined;
  }
  if (!isPlainObject(value)) {
    errors.raw(`${location} should be an integer or a hash`);
    return undefined;
  }
  const unknown = unknownKeys(value, ['matrix']);
  if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  if (!('matrix' in value)) errors.add(location, 'config', 'missing required keys: matrix');
  if (unknown.length > 0 || !('matrix' in value)) return undefined;
  const matrix = value.matrix;
  if (!Array.isArray(matrix) || !matrix.every(isPlainObject)) {
    errors.add(`${location}:matrix`, 'config', 'should be an array of hashes');
    return undefined;
  }
  const before = errors.count;
  const rows = matrix.map((row) => {
    const entries = Object.entries(row);
    const valid = entries.every(
      ([, item]) =>
        item !== null && (isScalarValue(item) || (Array.isArray(item) && item.every(isScalarValue))),
    );
    if (!valid)
      errors.add('variables', 'config', 'should be a hash of key value pairs, value can be an array');
    if (entries.length < 1) errors.add('variables', 'config', 'requires at least 1 items');
    return Object.fromEntries(
      entries.map(([key, item]) => [key, (Array.isArray(item) ? item : [item]).map(scalarToString)]),
    );
  });
  if (errors.count > before) return undefined;
  const jobs = rows.reduce(
    (sum, row) => sum + Object.values(row).reduce((product, list) => product * list.length, 1),
    0,
  );
  if (jobs > PARALLEL_LIMIT) {
    errors.add(`${location}:matrix`, 'config', `generates too many jobs (maximum is ${PARALLEL_LIMIT})`);
    return undefined;
  }
  return { matrix: rows };
}

const isScalarValue = (value: unknown): boolean => typeof value === 'string' || typeof value === 'number';

/** The instances a `parallel:` makes: `name 1/3` ... or `name: [a, b]` for each matrix combination. */
export function parallelInstances(
  name: string,
  parallel: ParallelConfig,
): Array<{ name: string; instance: number; total: number; matrix?: Record<string, string> }> {
  if ('number' in parallel)
    return Array.from({ length: parallel.number }, (_, index) => ({
      name: `${name} ${index + 1}/${parallel.number}`,
      instance: index + 1,
      total: parallel.number,
    }));
  const combinations = parallel.matrix.flatMap((row) => product(Object.entries(row)));
  return combinations.map((matrix, index) => ({
    name: `${name}: [${Object.values(matrix).join(', ')}]`,
    instance: index + 1,
    total: combinations.length,
    matrix,
  }));
}

function product(entries: Array<[string, string[]]>): Array<Record<string, string>> {
  return entries.reduce<Array<Record<string, string>>>(
    (combinations, [key, values]) =>
      combinations.flatMap((combination) => values.map((item) => ({ ...combination, [key]: item }))),
    [{}],
  );
}
