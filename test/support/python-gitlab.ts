import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's python3-gitlab (3.12) runs on the system's Python, whatever else is on PATH. */
const PYTHON = '/usr/bin/python3';
/** python-gitlab's CLI, from Debian's gitlab-cli. */
export const PYTHON_GITLAB_CLI = '/usr/bin/python-gitlab';

const scriptsDir = fileURLToPath(new URL('../conformance/python/', import.meta.url));

export type PythonTarget = { url: string; token: string };

/**
 * Runs one script of test/conformance/python against the server and returns what it printed as
 * JSON: a script makes many calls in one process, so a suite starts Python a few times, not per call.
 */
export async function runPythonGitlab<T>(script: string, target: PythonTarget, fixture: object): Promise<T> {
  const { stdout } = await run(PYTHON, [path.join(scriptsDir, script)], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      // No __pycache__ beside the scripts.
      PYTHONDONTWRITEBYTECODE: '1',
      GITLAB_URL: target.url,
      GITLAB_TOKEN: target.token,
      FIXTURE: JSON.stringify(fixture),
    },
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as T;
}

/** Runs python-gitlab's CLI with a config file naming the server as the `test` instance. */
export async function runPythonGitlabCli(configFile: string, args: string[]): Promise<string> {
  const { stdout } = await run(
    PYTHON,
    [PYTHON_GITLAB_CLI, '--config-file', configFile, '--gitlab', 'test', ...args],
    {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      timeout: 60_000,
    },
  );
  return stdout;
}
