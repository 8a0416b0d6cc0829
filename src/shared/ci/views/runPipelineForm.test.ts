import { describe, expect, it } from 'vitest';
import {
  linkVariables,
  prefilledRows,
  valueOptions,
  variablesToSend,
  variablesWithPrefillData,
  withEmptyRow,
  withLinkVariables,
} from './runPipelineForm';

const counter = () => {
  let n = 0;
  return () => ++n;
};

describe('the run pipeline form’s variables', () => {
  const config = variablesWithPrefillData([
    { key: 'KEY1', value: 'val 1', description: 'description 1' },
    { key: 'KEY2', value: 'val 2', description: '' },
    { key: 'KEY3', value: 'val 3' },
    { key: 'RAW', value: '$x', raw: true },
    { key: 'DEPLOY', value: 'staging', description: 'Where to', options: ['staging', 'production'] },
  ]);

  it('answers every top-level variable, with only the data the YAML gives (GitLab’s shape)', () => {
    expect(config).toEqual({
      KEY1: { value: 'val 1', description: 'description 1' },
      KEY2: { value: 'val 2', description: '' },
      KEY3: { value: 'val 3' },
      RAW: { value: '$x', raw: true },
      DEPLOY: { value: 'staging', description: 'Where to', options: ['staging', 'production'] },
    });
  });

  it('prefills only described variables, then one empty row', () => {
    expect(prefilledRows(config, counter())).toEqual([
      { id: 1, variable_type: 'env_var', key: 'KEY1', value: 'val 1' },
      { id: 2, variable_type: 'env_var', key: 'DEPLOY', value: 'staging' },
      { id: 3, variable_type: 'env_var', key: '', value: '' },
    ]);
    expect(prefilledRows({}, counter())).toEqual([{ id: 1, variable_type: 'env_var', key: '', value: '' }]);
  });

  it('keeps exactly one empty row at the end', () => {
    const next = counter();
    const rows = prefilledRows({}, next);
    expect(withEmptyRow(rows, next)).toBe(rows);
    const typed = [{ ...rows[0]!, key: 'A' }];
    expect(withEmptyRow(typed, next)).toHaveLength(2);
  });

  it('offers a dropdown only for more than one option', () => {
    expect(valueOptions(config, 'DEPLOY')).toEqual(['staging', 'production']);
    expect(valueOptions(config, 'KEY1')).toBeNull();
    expect(valueOptions(config, 'toString')).toBeNull();
  });

  it('sends rows with a key only', () => {
    expect(
      variablesToSend([
        { id: 1, variable_type: 'file', key: ' CONF ', value: ' a ' },
        { id: 2, variable_type: 'env_var', key: '', value: 'lost' },
      ]),
    ).toEqual([{ key: 'CONF', value: ' a ', variable_type: 'file' }]);
  });
});

describe('a "Run pipeline" link’s variables', () => {
  /** A query's pairs, decoded as the browser's URLSearchParams decodes them. */
  const query = (text: string): Array<[string, string]> =>
    text.split('&').map((pair) => {
      const [name = '', value = ''] = pair.split('=').map((part) => decodeURIComponent(part));
      return [name, value];
    });

  it('reads var[KEY] and file_var[KEY], and nothing else', () => {
    expect(
      linkVariables(
        query(
          'ref=v1.0&var[DEPLOY_TARGET]=production&file_var[CONFIG]=a%3Db%0A&var[]=x&variables=y&var[NOTE]=with%20spaces',
        ),
      ),
    ).toEqual([
      { key: 'DEPLOY_TARGET', value: 'production', variable_type: 'env_var' },
      { key: 'CONFIG', value: 'a=b\n', variable_type: 'file' },
      { key: 'NOTE', value: 'with spaces', variable_type: 'env_var' },
    ]);
  });

  it('keeps the last of a key given twice', () => {
    expect(linkVariables(query('var[A]=1&file_var[A]=2'))).toEqual([
      { key: 'A', value: '2', variable_type: 'file' },
    ]);
  });

  it('sets them over the configuration’s rows, then adds the others before the empty row', () => {
    const next = counter();
    const rows = [
      { id: next(), variable_type: 'env_var' as const, key: 'DEPLOY_TARGET', value: 'staging' },
      { id: next(), variable_type: 'env_var' as const, key: '', value: '' },
    ];
    const result = withLinkVariables(
      rows,
      [
        { key: 'DEPLOY_TARGET', value: 'canary', variable_type: 'env_var' },
        { key: 'CONFIG', value: 'x', variable_type: 'file' },
      ],
      next,
    );
    expect(result).toEqual([
      { id: 1, variable_type: 'env_var', key: 'DEPLOY_TARGET', value: 'canary' },
      { id: 3, variable_type: 'file', key: 'CONFIG', value: 'x' },
      { id: 4, variable_type: 'env_var', key: '', value: '' },
    ]);
    expect(withLinkVariables(rows, [], counter())).toEqual(rows);
  });
});
