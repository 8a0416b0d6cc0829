import { describe, expect, it } from 'vitest';
import { processConfig } from './config/processor';
import { lintConfig } from './lint';
import { planPipeline } from './pipeline/planPipeline';

const noFiles = { readLocalFile: () => null };

describe('the work a configuration can cause is bounded', () => {
  it('refuses a billion-laughs document quickly', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++)
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const started = performance.now();
    const result = processConfig(`${levels.join('\n')}\nj:\n  script: x\n`, noFiles);
    expect(result).toMatchObject({ valid: false, errors: ['The parsed YAML is too big'] });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('reads 10 levels of nested includes', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 10; i++)
      files[`ci/${i}.yml`] = `${i < 9 ? `include: ci/${i + 1}.yml\n` : ''}job${i}:\n  script: x\n`;
    const result = processConfig('include: ci/0.yml\n', { readLocalFile: (path) => files[path] ?? null });
    expect(result.valid && result.config.jobs.length).toBe(10);
  });

  it('stops an include cycle at GitLab’s limit', () => {
    const files: Record<string, string> = { 'a.yml': 'include: b.yml\n', 'b.yml': 'include: a.yml\n' };
    const result = processConfig('include: a.yml\nj:\n  script: x\n', {
      readLocalFile: (path) => files[path] ?? null,
    });
    expect(result).toMatchObject({ valid: false, errors: ['Maximum of 150 nested includes are allowed!'] });
  });

  it('reads and plans 500 jobs, each needing the one before', () => {
    const jobs = Array.from(
      { length: 500 },
      (_, i) =>
        `job${i}:\n  stage: ${i < 250 ? 'build' : 'test'}\n  script: [make ${i}]\n  rules:\n    - if: $CI_COMMIT_BRANCH == "main"\n${i > 0 ? `  needs: [job${i - 1}]\n` : ''}`,
    ).join('');
    // How long this takes is measured beside its floor in `npm run bench`, not here.
    const result = processConfig(jobs, noFiles);
    if (!result.valid) throw new Error(result.errors.join('\n'));
    const plan = planPipeline(result.config, {
      source: 'push',
      ref: 'main',
      tag: false,
      sha: 'a',
      projectFullPath: 'g/p',
      changedPaths: null,
      files: [],
      predefinedVariables: [{ key: 'CI_COMMIT_BRANCH', value: 'main' }],
    });
    expect(plan.status === 'created' && plan.plan.jobs.length).toBe(500);
    expect(plan.status === 'created' && plan.plan.jobs[499]?.needs?.map((need) => need.name)).toEqual([
      'job498',
    ]);
  });
});

describe('lintConfig', () => {
  it('answers as the CI Lint API, with the merged YAML', () => {
    expect(lintConfig('.base:\n  script: [x]\nj:\n  extends: .base\n', noFiles)).toEqual({
      valid: true,
      errors: [],
      warnings: [],
      merged_yaml: '.base:\n  script:\n    - x\nj:\n  script:\n    - x\n  extends: .base\n',
    });
  });

  it('answers errors with valid false', () => {
    expect(lintConfig('j:\n  script: x\n  when: later\n', noFiles)).toMatchObject({
      valid: false,
      errors: ['jobs:j when should be one of: on_success, on_failure, always, manual, delayed'],
    });
  });
});
