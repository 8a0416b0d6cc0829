import { describe, expect, it } from 'vitest';
import { processConfig } from '../config/processor';
import type { CiConfig } from '../types';
import type { PipelineContext } from './pipelineContext';
import { planPipeline } from './planPipeline';

const configOf = (yaml: string): CiConfig => {
  const result = processConfig(yaml, { readLocalFile: () => null });
  if (!result.valid) throw new Error(result.errors.join('\n'));
  return result.config;
};

const push = (overrides: Partial<PipelineContext> = {}): PipelineContext => ({
  source: 'push',
  ref: 'main',
  tag: false,
  sha: 'abc',
  projectFullPath: 'group/project',
  changedPaths: ['src/app.ts', 'README.md'],
  files: ['Dockerfile', 'src/app.ts', 'README.md', 'docs/guide.md'],
  predefinedVariables: [
    { key: 'CI_COMMIT_BRANCH', value: 'main' },
    { key: 'CI_COMMIT_REF_NAME', value: 'main' },
    { key: 'CI_DEFAULT_BRANCH', value: 'main' },
    { key: 'CI_PIPELINE_SOURCE', value: 'push' },
  ],
  ...overrides,
});
const mergeRequest = push({
  source: 'merge_request_event',
  ref: 'feature',
  mergeRequest: true,
  predefinedVariables: [
    { key: 'CI_PIPELINE_SOURCE', value: 'merge_request_event' },
    { key: 'CI_MERGE_REQUEST_IID', value: '3' },
    { key: 'CI_DEFAULT_BRANCH', value: 'main' },
  ],
});
const tag = push({ ref: 'v1.0', tag: true, predefinedVariables: [{ key: 'CI_COMMIT_TAG', value: 'v1.0' }] });

const jobNames = (yaml: string, context: PipelineContext): string[] | string => {
  const result = planPipeline(configOf(yaml), context);
  return result.status === 'created' ? result.plan.jobs.map((job) => job.name) : result.status;
};

describe('planPipeline: which jobs run', () => {
  it.each<[string, string, PipelineContext, string[] | string]>([
    ['a job without rules runs on a branch', 'a:\n  script: x\n', push(), ['a']],
    [
      'a job without rules does not run for a merge request',
      'a:\n  script: x\n',
      mergeRequest,
      'filtered_by_rules',
    ],
    [
      'rules:if on the default branch',
      'a:\n  script: x\n  rules:\n    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH\n',
      push(),
      ['a'],
    ],
    [
      'rules:if fails elsewhere',
      'a:\n  script: x\n  rules:\n    - if: $CI_COMMIT_BRANCH == "dev"\nb:\n  script: x\n',
      push(),
      ['b'],
    ],
    [
      'rules when never excludes',
      'a:\n  script: x\n  rules:\n    - if: $CI_COMMIT_BRANCH\n      when: never\n    - when: always\nb:\n  script: x\n',
      push(),
      ['b'],
    ],
    [
      'rules:changes matches a changed path',
      'a:\n  script: x\n  rules:\n    - changes: [src/**/*]\n',
      push(),
      ['a'],
    ],
    [
      'rules:changes misses',
      'a:\n  script: x\n  rules:\n    - changes: [docs/*]\nb:\n  script: x\n',
      push(),
      ['b'],
    ],
    [
      'rules:changes holds when the changes are unknown',
      'a:\n  script: x\n  rules:\n    - changes: [docs/*]\n',
      push({ changedPaths: null }),
      ['a'],
    ],
    ['rules:exists finds a file', 'a:\n  script: x\n  rules:\n    - exists: [Dockerfile]\n', push(), ['a']],
    ['rules:exists with a glob', 'a:\n  script: x\n  rules:\n    - exists: ["docs/*.md"]\n', push(), ['a']],
    [
      'rules:exists misses',
      'a:\n  script: x\n  rules:\n    - exists: [Gemfile]\nb:\n  script: x\n',
      push(),
      ['b'],
    ],
    [
      'merge request rules',
      'a:\n  script: x\n  rules:\n    - if: $CI_PIPELINE_SOURCE == "merge_request_event"\n',
      mergeRequest,
      ['a'],
    ],
    ['only: merge_requests', 'a:\n  script: x\n  only: [merge_requests]\n', mergeRequest, ['a']],
    [
      'only: tags on a tag',
      'a:\n  script: x\n  only: [tags]\nb:\n  script: x\n  except: [tags]\n',
      tag,
      ['a'],
    ],
    [
      'only a regex ref',
      'a:\n  script: x\n  only: [/^ma/]\nb:\n  script: x\n  only: [/^release/]\n',
      push(),
      ['a'],
    ],
    [
      'except: variables',
      'a:\n  script: x\n  except:\n    variables: [$CI_COMMIT_BRANCH == "main"]\nb:\n  script: x\n',
      push(),
      ['b'],
    ],
    ['only: changes', 'a:\n  script: x\n  only:\n    changes: [docs/*]\nb:\n  script: x\n', push(), ['b']],
    [
      'only web pipelines',
      'a:\n  script: x\n  only: [web]\nb:\n  script: x\n',
      push({ source: 'web' }),
      ['a', 'b'],
    ],
    [
      'only schedules',
      'a:\n  script: x\n  only: [schedules]\nb:\n  script: x\n',
      push({ source: 'schedule' }),
      ['a', 'b'],
    ],
    [
      'only pushes, not api',
      'a:\n  script: x\n  only: [pushes]\nb:\n  script: x\n',
      push({ source: 'api' }),
      ['b'],
    ],
    [
      'workflow rules with no match make no pipeline',
      'workflow:\n  rules:\n    - if: $CI_COMMIT_TAG\na:\n  script: x\n',
      push(),
      'filtered_by_workflow_rules',
    ],
    [
      'workflow rules that match',
      'workflow:\n  rules:\n    - if: $CI_COMMIT_BRANCH\na:\n  script: x\n',
      push(),
      ['a'],
    ],
    [
      'workflow rules let merge request jobs run without rules',
      'workflow:\n  rules:\n    - if: $CI_MERGE_REQUEST_IID\na:\n  script: x\n',
      mergeRequest,
      ['a'],
    ],
    [
      'a pipeline of .pre jobs only is empty',
      'a:\n  stage: .pre\n  script: x\nb:\n  script: x\n  rules:\n    - if: $NOPE\n',
      push(),
      'filtered_by_rules',
    ],
    [
      'jobs come in stage order',
      'd:\n  stage: deploy\n  script: x\nb:\n  stage: build\n  script: x\n',
      push(),
      ['b', 'd'],
    ],
    [
      'a rule variable decides a later rule',
      'variables:\n  DEPLOY: "yes"\na:\n  script: x\n  rules:\n    - if: $DEPLOY == "yes"\n',
      push(),
      ['a'],
    ],
  ])('%s', (_behaviour, yaml, context, expected) => {
    expect(jobNames(yaml, context)).toEqual(expected);
  });
});

describe('planPipeline: what each job gets', () => {
  const plan = (yaml: string, context = push()) => {
    const result = planPipeline(configOf(yaml), context);
    if (result.status !== 'created') throw new Error(result.status);
    return result.plan;
  };

  it('takes when, allow_failure and start_in from the matching rule', () => {
    const [job] = plan(
      'a:\n  script: x\n  rules:\n    - if: $CI_COMMIT_BRANCH\n      when: delayed\n      start_in: 5 minutes\n      allow_failure: true\n',
    ).jobs;
    expect(job).toMatchObject({ when: 'delayed', startIn: '5 minutes', allowFailure: true });
  });

  it('keeps a manual rule job blocking unless it allows failure', () => {
    const [job] = plan('a:\n  script: x\n  rules:\n    - when: manual\n').jobs;
    expect(job).toMatchObject({ when: 'manual', allowFailure: false });
  });

  it('gives a job variables in GitLab precedence: predefined, root, job, rule, user', () => {
    const [job] = plan(
      'variables:\n  A: root\n  B: root\na:\n  script: x\n  variables:\n    B: job\n    C: job\n  rules:\n    - variables:\n        C: rule\n',
      push({ userVariables: [{ key: 'A', value: 'user' }] }),
    ).jobs;
    const value = (key: string) => job?.variables.find((variable) => variable.key === key)?.value;
    expect([value('A'), value('B'), value('C'), value('CI_JOB_NAME'), value('CI_JOB_STAGE')]).toEqual([
      'user',
      'job',
      'rule',
      'a',
      'test',
    ]);
  });

  it('applies workflow rule variables over the root variables', () => {
    const result = plan(
      'variables:\n  ENV: dev\nworkflow:\n  rules:\n    - if: $CI_COMMIT_BRANCH == "main"\n      variables:\n        ENV: prod\na:\n  script: x\n',
    );
    expect(result.variables).toEqual([{ key: 'ENV', value: 'prod' }]);
  });

  it('names the pipeline from workflow:name with variables expanded', () => {
    expect(plan('workflow:\n  name: "Build $CI_COMMIT_BRANCH"\na:\n  script: x\n').name).toBe('Build main');
  });

  it('takes only the root variables inherit:variables lists', () => {
    const [job] = plan('variables:\n  A: a\n  B: b\nj:\n  script: x\n  inherit:\n    variables: [B]\n').jobs;
    expect(job?.yamlVariables).toEqual([{ key: 'B', value: 'b' }]);
  });

  it('expands the environment name', () => {
    const [job] = plan('a:\n  script: x\n  environment: review/$CI_COMMIT_REF_NAME\n').jobs;
    expect(job?.environment?.name).toBe('review/main');
  });

  it('expands the resource group key with the job’s variables; a blank key is no group', () => {
    const jobs = plan(
      'variables:\n  TARGET: prod\na:\n  script: x\n  resource_group: deploy-$TARGET-$CI_COMMIT_REF_NAME\nb:\n  script: x\n  resource_group: $UNSET\n',
    ).jobs;
    expect(jobs.map((job) => [job.name, job.resourceGroup])).toEqual([
      ['a', 'deploy-prod-main'],
      ['b', undefined],
    ]);
  });

  it('drops an optional need whose job is not in the pipeline', () => {
    const jobs = plan(
      'a:\n  script: x\n  rules:\n    - if: $NOPE\nb:\n  script: x\n  needs:\n    - job: a\n      optional: true\n',
    ).jobs;
    expect(jobs.map((job) => [job.name, job.needs])).toEqual([['b', []]]);
  });

  it('refuses a need of a job that rules left out, in GitLab words', () => {
    const result = planPipeline(
      configOf('a:\n  script: x\n  rules:\n    - if: $NOPE\nb:\n  script: x\n  needs: [a]\n'),
      push(),
    );
    expect(result).toEqual({
      status: 'config_error',
      errors: [
        "'b' job needs 'a' job, but 'a' does not exist in the pipeline. This might be because of the only, except, or rules keywords. To need a job that sometimes does not exist in the pipeline, use needs:optional.",
      ],
    });
  });

  it('reports circular variables for the job', () => {
    const result = planPipeline(configOf('a:\n  script: x\n  variables:\n    A: $B\n    B: $A\n'), push());
    expect(result).toEqual({
      status: 'config_error',
      errors: ['a: circular variable reference detected: ["A", "B"]'],
    });
  });

  it('reports an unknown compare_to ref', () => {
    const result = planPipeline(
      configOf(
        'a:\n  script: x\n  rules:\n    - changes:\n        paths: [src/*]\n        compare_to: nope\n',
      ),
      push({ changedPathsSince: () => undefined }),
    );
    expect(result).toEqual({
      status: 'config_error',
      errors: ['Failed to parse rule for a: rules:changes:compare_to is not a valid ref'],
    });
  });
});
