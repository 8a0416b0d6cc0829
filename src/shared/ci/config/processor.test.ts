import { describe, expect, it } from 'vitest';
import { processConfig } from './processor';

const files = (map: Record<string, string>) => ({
  readLocalFile: (path: string) => map[path] ?? null,
  files: Object.keys(map),
});
const process = (yaml: string, local: Record<string, string> = {}) => processConfig(yaml, files(local));
const errorsOf = (yaml: string, local: Record<string, string> = {}) => {
  const result = process(yaml, local);
  return result.valid ? [] : result.errors;
};
const jobsOf = (yaml: string) => {
  const result = process(yaml);
  if (!result.valid) throw new Error(result.errors.join('\n'));
  return result.config.jobs;
};

describe('processConfig errors, in GitLab words', () => {
  it.each<[string, string, string[]]>([
    ['an empty file asks for content', '', ['Please provide content of .gitlab-ci.yml']],
    ['a list at the top is not a configuration', '- a\n- b\n', ['Invalid configuration format']],
    [
      'a script that is a hash is refused',
      'build:\n  script: { a: 1 }\n',
      ['jobs:build:script config should be a string or a nested array of strings up to 10 levels deep'],
    ],
    [
      'a JUnit report that is neither a path nor a list of them',
      'test:\n  script: rspec\n  artifacts:\n    reports:\n      junit: { path: a.xml }\n',
      ['jobs:test:artifacts:reports junit should be an array of strings or a string'],
    ],
    [
      'a misspelt key is unknown',
      'test:\n  script: rspec\n  scirpt: x\n',
      ['jobs:test config contains unknown keys: scirpt'],
    ],
    [
      'a job without script must implement one',
      'test:\n  scirpt: rspec\n',
      [
        'jobs test config should implement the script:, run:, or trigger: keyword',
        'jobs config should contain at least one visible job',
      ],
    ],
    [
      'only hidden jobs are not a pipeline',
      '.base:\n  script: x\n',
      ['jobs config should contain at least one visible job'],
    ],
    [
      'an unknown stage names the stages',
      'build:\n  stage: compile\n  script: make\n',
      [
        'build job: chosen stage compile does not exist; available stages are .pre, build, test, deploy, .post',
      ],
    ],
    ['a need of an unknown job', 'a:\n  script: x\n  needs: [b]\n', ['a job: undefined need: b']],
    [
      'a need of a later stage',
      'a:\n  stage: build\n  script: x\n  needs: [b]\nb:\n  stage: test\n  script: x\n',
      ['a job: need b is not defined in current or prior stages'],
    ],
    [
      'a dependency of a later stage',
      'a:\n  stage: build\n  script: x\n  dependencies: [b]\nb:\n  stage: test\n  script: x\n',
      ['a job: dependency b is not defined in current or prior stages'],
    ],
    [
      'needs in a cycle',
      'a:\n  script: x\n  needs: [b]\nb:\n  script: x\n  needs: [a]\n',
      ['The pipeline has circular dependencies: topological sort failed: ["a", "b"]'],
    ],
    [
      'a job that needs itself',
      'a:\n  script: x\n  needs: [a]\n',
      ['The pipeline has circular dependencies: self-dependency: a'],
    ],
    [
      'a duplicated need',
      'a:\n  script: x\nb:\n  script: x\n  needs: [a, a]\n',
      ['b has the following needs duplicated: a.'],
    ],
    [
      'needs that are not a list',
      'a:\n  script: x\nb:\n  script: x\n  needs: 3\n',
      ['jobs:b:needs config can only be a hash or an array'],
    ],
    [
      'an unknown when',
      'a:\n  script: x\n  when: sometimes\n',
      ['jobs:a when should be one of: on_success, on_failure, always, manual, delayed'],
    ],
    [
      'delayed without start_in',
      'a:\n  script: x\n  when: delayed\n',
      ['jobs:a start in should be a duration', 'jobs:a start in should not exceed the limit'],
    ],
    [
      'start_in beyond a week',
      'a:\n  script: x\n  when: delayed\n  start_in: 8 days\n',
      ['jobs:a start in should not exceed the limit'],
    ],
    ['start_in without delayed', 'a:\n  script: x\n  start_in: 1 hour\n', ['jobs:a start in must be blank']],
    [
      'rules with only',
      'a:\n  script: x\n  only: [main]\n  rules:\n    - when: always\n',
      ['jobs:a config key may not be used with `rules`: only'],
    ],
    [
      'an invalid rules:if',
      'a:\n  script: x\n  rules:\n    - if: $A ==\n',
      ['jobs:a:rules:rule if invalid expression syntax'],
    ],
    [
      'a rule with an unknown key',
      'a:\n  script: x\n  rules:\n    - iff: $A\n',
      ['jobs:a:rules:rule config contains unknown keys: iff'],
    ],
    [
      'a rule when unknown',
      'a:\n  script: x\n  rules:\n    - when: later\n',
      ['jobs:a:rules:rule when unknown value: later'],
    ],
    ['retry above 2', 'a:\n  script: x\n  retry: 3\n', ['retry config must be less than or equal to 2']],
    [
      'retry with an unknown reason',
      'a:\n  script: x\n  retry:\n    max: 1\n    when: [nope]\n',
      ['retry when contains unknown values: nope'],
    ],
    [
      'parallel above 200',
      'a:\n  script: x\n  parallel: 201\n',
      ['jobs:a:parallel config must be less than or equal to 200'],
    ],
    [
      'parallel of 0',
      'a:\n  script: x\n  parallel: 0\n',
      ['jobs:a:parallel config must be greater than or equal to 1'],
    ],
    [
      'a timeout that is not a duration',
      'a:\n  script: x\n  timeout: soon\n',
      ['jobs:a:timeout config should be a duration', 'jobs:a:timeout config should not exceed the limit'],
    ],
    [
      'a coverage that is not a regex',
      'a:\n  script: x\n  coverage: total\n',
      ['jobs:a:coverage config must be a regular expression with re2 syntax'],
    ],
    [
      'dependencies outside needs',
      'a:\n  script: x\nb:\n  script: x\n  needs: []\n  dependencies: [a]\n',
      ['jobs:b dependencies the a should be part of needs'],
    ],
    ['an unknown extends', 'a:\n  script: x\n  extends: .nope\n', ['a: unknown keys in `extends` (.nope)']],
    [
      'a circular extends',
      '.a:\n  extends: .b\n.b:\n  extends: .a\nc:\n  script: x\n',
      ['.a: circular dependency detected in `extends`'],
    ],
    [
      'a missing reference',
      'a:\n  script: !reference [.x, script]\n',
      ['!reference [".x", "script"] could not be found'],
    ],
    [
      'a missing include in GitLab words',
      'include: ci/missing.yml\na:\n  script: x\n',
      ['Local file `ci/missing.yml` does not exist!'],
    ],
    [
      'an include without YAML extension',
      'include: ci/file.txt\na:\n  script: x\n',
      ['Included file `ci/file.txt` does not have YAML extension!'],
    ],
    [
      'an include that is a number',
      'include: [3]\na:\n  script: x\n',
      ['Each include must be a hash or a string'],
    ],
    [
      'top-level and default before_script both',
      'before_script: [a]\ndefault:\n  before_script: [b]\nj:\n  script: x\n',
      ['before_script is defined in top-level and `default:` entry'],
    ],
    [
      'an unknown default key',
      'default:\n  script: x\nj:\n  script: x\n',
      ['default config contains unknown keys: script'],
    ],
    [
      'an unknown workflow when',
      'workflow:\n  rules:\n    - when: manual\nj:\n  script: x\n',
      ['workflow:rules:rule when unknown value: manual'],
    ],
    [
      'a trigger job without trigger',
      'j:\n  script: x\nt:\n  needs: [j]\n',
      ['jobs:t config should contain either a trigger or a needs:pipeline'],
    ],
    [
      'a variable that is a list',
      'variables:\n  A: [1]\nj:\n  script: x\n',
      ['variable definition must be either a string or a hash'],
    ],
    [
      'a job variable with description',
      'j:\n  script: x\n  variables:\n    A:\n      value: x\n      description: y\n',
      ['jobs:j:variables:a config uses invalid data keys: description'],
    ],
    [
      'an environment with a bad action',
      'j:\n  script: x\n  environment:\n    name: prod\n    action: go\n',
      ['jobs:j:environment action should be start, stop, prepare, verify, or access'],
    ],
    [
      'YAML syntax errors say where',
      'a: [\n',
      [
        '(<unknown>): Flow sequence in block collection must be sufficiently indented and end with a ] at line 2 column 1',
      ],
    ],
  ])('%s', (_behaviour, yaml, expected) => {
    expect(errorsOf(yaml)).toEqual(expected);
  });
});

describe('processConfig jobs', () => {
  it('orders stages with .pre first and .post last', () => {
    const result = process('stages: [.post, test, .pre, deploy]\nj:\n  script: x\n');
    expect(result.valid && result.config.stages).toEqual(['.pre', 'test', 'deploy', '.post']);
  });

  it('merges extends deeply over several levels, the job winning', () => {
    const [job] = jobsOf(
      '.a:\n  variables: { A: a, B: a }\n  script: a\n.b:\n  extends: .a\n  variables: { B: b }\nj:\n  extends: .b\n  variables: { C: c }\n',
    );
    expect(job?.variables).toEqual([
      { key: 'A', value: 'a' },
      { key: 'B', value: 'b' },
      { key: 'C', value: 'c' },
    ]);
    expect(job?.script).toEqual(['a']);
  });

  // GitLab walks the keys in order: `.l0` starts the chain, and `.l11` is the 12th level below it.
  it('refuses an extends chain deeper than 10', () => {
    const chain =
      Array.from({ length: 12 }, (_, i) => `.l${i}:\n  extends: .l${i + 1}\n`).join('') +
      '.l12:\n  script: x\n';
    expect(errorsOf(`${chain}j:\n  extends: .l0\n`)).toEqual(['.l11: nesting too deep in `extends`']);
  });

  it('resolves anchors, merge keys and references', () => {
    const [job] = jobsOf(
      '.setup: &setup\n  before_script: [npm ci]\n.lint:\n  script: [lint]\nj:\n  <<: *setup\n  script:\n    - !reference [.lint, script]\n    - test\n',
    );
    expect(job?.beforeScript).toEqual(['npm ci']);
    expect(job?.script).toEqual(['lint', 'test']);
  });

  it('includes local files in every form, nested, the including file winning', () => {
    const local = {
      'a.yml': 'include:\n  - local: b.yml\na:\n  script: from-a\nshared:\n  script: from-a\n',
      'b.yml': 'b:\n  script: from-b\n',
      'c.yml': 'c:\n  script: from-c\n',
    };
    const result = process("include:\n  - a.yml\n  - local: '/c.yml'\nshared:\n  script: mine\n", local);
    expect(result.valid && result.config.jobs.map((job) => [job.name, job.script])).toEqual([
      ['b', ['from-b']],
      ['a', ['from-a']],
      ['shared', ['mine']],
      ['c', ['from-c']],
    ]);
  });

  it('inherits default keywords unless inherit:default says no', () => {
    const jobs = jobsOf(
      'default:\n  image: ruby\n  retry: 1\na:\n  script: x\nb:\n  script: x\n  inherit:\n    default: false\nc:\n  script: x\n  inherit:\n    default: [retry]\n',
    );
    expect(jobs.map((job) => [job.name, job.image, job.retry])).toEqual([
      ['a', 'ruby', { max: 1 }],
      ['b', undefined, undefined],
      ['c', undefined, { max: 1 }],
    ]);
  });

  it('names parallel jobs as GitLab does and needs all of them', () => {
    const jobs = jobsOf(
      'test:\n  script: x\n  parallel: 3\nmatrix:\n  script: x\n  parallel:\n    matrix:\n      - OS: [linux, mac]\n        ARCH: amd64\nafter:\n  script: x\n  needs: [test]\n',
    );
    expect(jobs.map((job) => job.name)).toEqual([
      'test 1/3',
      'test 2/3',
      'test 3/3',
      'matrix: [linux, amd64]',
      'matrix: [mac, amd64]',
      'after',
    ]);
    expect(jobs[5]?.needs?.map((need) => need.name)).toEqual(['test 1/3', 'test 2/3', 'test 3/3']);
    expect(jobs[4]?.variables).toEqual([
      { key: 'OS', value: 'mac' },
      { key: 'ARCH', value: 'amd64' },
    ]);
  });

  it('makes a manual job allowed to fail unless it says otherwise', () => {
    const jobs = jobsOf(
      'a:\n  script: x\n  when: manual\nb:\n  script: x\n  when: manual\n  allow_failure: false\n',
    );
    expect(jobs.map((job) => job.allowFailure)).toEqual([true, false]);
  });

  it('keeps needs options and scheduling type', () => {
    const [, job] = jobsOf(
      'a:\n  script: x\nb:\n  script: x\n  needs:\n    - job: a\n      artifacts: false\n    - job: z\n      optional: true\n',
    );
    expect(job?.needs).toEqual([
      { name: 'a', artifacts: false, optional: false },
      { name: 'z', artifacts: true, optional: true },
    ]);
    expect(job?.schedulingType).toBe('dag');
  });

  it('warns of rules:when without workflow:rules', () => {
    const result = process('a:\n  script: x\n  rules:\n    - when: always\n');
    expect(result.warnings).toEqual([
      'jobs:a may allow multiple pipelines to run for a single action due to `rules:when` clause with no `workflow:rules` - read more: https://docs.gitlab.com/ee/ci/jobs/job_troubleshooting.html#job-may-allow-multiple-pipelines-to-run-for-a-single-action-warning',
    ]);
  });
});
