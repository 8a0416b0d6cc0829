import type { RunnerPageRow } from '../../../shared/api/runnerPages';
import type { UpdateRunnerBody } from '../../../shared/api/runners';

/** GitLab's least maximum job timeout for a runner: 10 minutes. */
export const MIN_MAXIMUM_TIMEOUT = 600;

/** A runner's settings as the create and edit forms hold them. */
export type RunnerFormValues = {
  description: string;
  tags: string;
  runUntagged: boolean;
  locked: boolean;
  protected: boolean;
  /** Seconds, as typed; empty for none. */
  maximumTimeout: string;
};

export const blankRunnerForm: RunnerFormValues = {
  description: '',
  tags: '',
  runUntagged: false,
  locked: false,
  protected: false,
  maximumTimeout: '',
};

export const formOfRunner = (runner: RunnerPageRow): RunnerFormValues => ({
  description: runner.description,
  tags: runner.tag_list.join(', '),
  runUntagged: runner.run_untagged,
  locked: runner.locked,
  protected: runner.access_level === 'ref_protected',
  maximumTimeout: runner.maximum_timeout === null ? '' : String(runner.maximum_timeout),
});

/** Tags as typed: comma-separated, trimmed, each once. */
export const parseTags = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

/** What is wrong with the form, in the words shown under it; null when it can be sent. */
export function runnerFormProblem(values: RunnerFormValues): string | null {
  if (!values.runUntagged && parseTags(values.tags).length === 0)
    return 'Add tags or select “Run untagged jobs”: a runner with neither takes no jobs.';
  const timeout = values.maximumTimeout.trim();
  if (timeout !== '' && !(/^\d+$/.test(timeout) && Number(timeout) >= MIN_MAXIMUM_TIMEOUT))
    return `Maximum job timeout must be a whole number of seconds, at least ${MIN_MAXIMUM_TIMEOUT}.`;
  return null;
}

/** The form as GitLab's runner parameters (`maximum_timeout` only when one is set). */
export function runnerBody(values: RunnerFormValues): UpdateRunnerBody {
  const timeout = values.maximumTimeout.trim();
  return {
    description: values.description.trim(),
    tag_list: parseTags(values.tags),
    run_untagged: values.runUntagged,
    locked: values.locked,
    access_level: values.protected ? 'ref_protected' : 'not_protected',
    ...(timeout === '' ? {} : { maximum_timeout: Number(timeout) }),
  };
}

/** How to start a runner with its new token: our bundled runner, or a stock gitlab-runner. */
export function registerCommands(url: string, token: string): { bundled: string; gitlabRunner: string } {
  return {
    bundled: `npm run runner -- --url ${url} --token ${token}`,
    gitlabRunner: `gitlab-runner register --url ${url} --token ${token}`,
  };
}
