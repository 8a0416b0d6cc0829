import { describe, expect, it } from 'vitest';
import { parseDuration, parseExpireIn } from '../duration';
import { globMatches } from '../glob';
import { expandVariables, mergeVariables, sortAndExpandAll } from './collection';
import { jobGroupName, jobPredefinedVariables, pipelinePredefinedVariables, slugify } from './predefined';

describe('variable expansion', () => {
  const vars = new Map([
    ['A', 'a'],
    ['B', 'b'],
  ]);
  it.each<[string, string, boolean, string]>([
    ['$VAR', 'x-$A', false, 'x-a'],
    ['${VAR}', 'x-${B}y', false, 'x-by'],
    ['%VAR%', '%A%', false, 'a'],
    ['unknown removed', 'x-$C', false, 'x-'],
    ['unknown kept by expand_existing', 'x-$C', true, 'x-$C'],
  ])('%s', (_behaviour, value, keep, expected) => {
    expect(expandVariables(value, vars, { keepUndefined: keep })).toBe(expected);
  });

  it('expands references in dependency order and leaves raw ones alone', () => {
    const result = sortAndExpandAll([
      { key: 'URL', value: '$HOST/$PATH' },
      { key: 'HOST', value: 'example.com' },
      { key: 'PATH', value: 'p' },
      { key: 'RAW', value: '$HOST', raw: true },
    ]);
    expect(result.ok && result.variables.map((v) => [v.key, v.value])).toEqual([
      ['HOST', 'example.com'],
      ['PATH', 'p'],
      ['URL', 'example.com/p'],
      ['RAW', '$HOST'],
    ]);
  });

  it('keeps $$ escapes as they are', () => {
    const result = sortAndExpandAll([
      { key: 'A', value: '$$B and $C' },
      { key: 'C', value: 'c' },
    ]);
    expect(result.ok && result.variables.find((v) => v.key === 'A')?.value).toBe('$$B and c');
  });

  it('puts incoming definitions over current ones', () => {
    expect(
      mergeVariables(
        [
          { key: 'A', value: '1' },
          { key: 'B', value: '1' },
        ],
        [{ key: 'B', value: '2' }],
      ),
    ).toEqual([
      { key: 'B', value: '2' },
      { key: 'A', value: '1' },
    ]);
  });
});

describe('predefined variables', () => {
  const context = {
    server: { url: 'https://git.example.com' },
    project: {
      id: 7,
      name: 'app',
      fullPath: 'Group/App',
      namespace: 'Group',
      visibility: 'private' as const,
      defaultBranch: 'main',
    },
    pipeline: {
      id: 42,
      iid: 3,
      source: 'push' as const,
      ref: 'feature/Login',
      tag: false,
      sha: '0123456789abcdef0123456789abcdef01234567',
      commit: {
        message: 'Add login\n\nWith tests',
        timestamp: '2024-01-01T00:00:00Z',
        authorName: 'Ann',
        authorEmail: 'ann@example.com',
      },
    },
    user: { id: 1, login: 'ann', email: 'ann@example.com', name: 'Ann' },
  };
  const lookup = (key: string) => pipelinePredefinedVariables(context).find((v) => v.key === key)?.value;

  it.each<[string, string | undefined]>([
    ['CI', 'true'],
    ['GITLAB_CI', 'true'],
    ['CI_SERVER_HOST', 'git.example.com'],
    ['CI_API_V4_URL', 'https://git.example.com/api/v4'],
    ['CI_PROJECT_PATH_SLUG', 'group-app'],
    ['CI_PROJECT_URL', 'https://git.example.com/Group/App'],
    ['CI_PIPELINE_URL', 'https://git.example.com/Group/App/-/pipelines/42'],
    ['CI_COMMIT_SHORT_SHA', '01234567'],
    ['CI_COMMIT_REF_SLUG', 'feature-login'],
    ['CI_COMMIT_BRANCH', 'feature/Login'],
    ['CI_COMMIT_TITLE', 'Add login'],
    ['CI_COMMIT_BEFORE_SHA', '0000000000000000000000000000000000000000'],
    ['CI_COMMIT_TAG', undefined],
    ['CI_REGISTRY', undefined],
    ['GITLAB_USER_LOGIN', 'ann'],
  ])('%s', (key, value) => {
    expect(lookup(key)).toBe(value);
  });

  it('gives merge request pipelines the merge request variables and no branch', () => {
    const variables = pipelinePredefinedVariables({
      ...context,
      pipeline: { ...context.pipeline, source: 'merge_request_event' },
      mergeRequest: {
        id: 100,
        iid: 5,
        title: 'Login',
        sourceBranch: 'feature/Login',
        targetBranch: 'main',
        sourceBranchSha: 'a',
        targetBranchSha: 'b',
        eventType: 'merged_result',
        labels: ['ui', 'auth'],
      },
    });
    const get = (key: string) => variables.find((v) => v.key === key)?.value;
    expect([
      get('CI_MERGE_REQUEST_IID'),
      get('CI_MERGE_REQUEST_EVENT_TYPE'),
      get('CI_MERGE_REQUEST_LABELS'),
      get('CI_COMMIT_BRANCH'),
    ]).toEqual(['5', 'merged_result', 'ui,auth', undefined]);
  });

  it('names a parallel job and its group', () => {
    const variables = jobPredefinedVariables({
      name: 'test 2/3',
      stage: 'test',
      when: 'on_success',
      parallel: { total: 3, instance: 2 },
    });
    expect(variables.map((v) => [v.key, v.value])).toEqual([
      ['CI_JOB_NAME', 'test 2/3'],
      ['CI_JOB_NAME_SLUG', 'test-2-3'],
      ['CI_JOB_GROUP_NAME', 'test'],
      ['CI_JOB_STAGE', 'test'],
      ['CI_NODE_INDEX', '2'],
      ['CI_NODE_TOTAL', '3'],
    ]);
    expect(jobGroupName('build: [linux, amd64]')).toBe('build');
    expect(slugify('-Feature/ABC_1-')).toBe('feature-abc-1');
  });
});

describe('durations as GitLab reads them', () => {
  it.each<[string, number | null]>([
    ['30 minutes', 1800],
    ['1h 30m', 5400],
    ['3h30m', 12600],
    ['1 day and 2 hours', 93600],
    ['1 week', 604800],
    ['90', 90],
    ['1:30', 90],
    ['soon', null],
    ['', null],
  ])('%s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });
  it('reads never for expire_in', () => expect(parseExpireIn('never')).toBe('never'));
});

describe('globs as Ruby fnmatch with FNM_PATHNAME, FNM_DOTMATCH and FNM_EXTGLOB', () => {
  it.each<[string, string, boolean]>([
    ['src/*.ts', 'src/a.ts', true],
    ['src/*.ts', 'src/deep/a.ts', false],
    ['src/**/*.ts', 'src/deep/er/a.ts', true],
    ['src/**/*.ts', 'src/a.ts', true],
    ['*.{js,ts}', 'a.ts', true],
    ['*.md', '.hidden.md', true],
    ['file?.txt', 'file1.txt', true],
    ['[a-c]*.txt', 'b.txt', true],
    ['[!a-c]*.txt', 'b.txt', false],
    ['Dockerfile', 'Dockerfile', true],
  ])('%s against %s', (glob, path, matches) => {
    expect(globMatches(glob, path)).toBe(matches);
  });
});
