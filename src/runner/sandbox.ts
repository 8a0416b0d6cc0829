import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { chown, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Who jobs run as when the runner runs as root (so that no job is root). */
export type JobUser = { name: string; uid: number; gid: number };

/**
 * How jobs are kept apart from the machine: in a bubblewrap sandbox (the system read-only, their
 * own directories, a private /tmp, their own process, IPC and user namespaces), as an
 * unprivileged user of their own, or not at all (neither bwrap nor root: jobs run as the runner).
 */
export type Isolation =
  | { kind: 'bubblewrap'; version: string; jobUser: JobUser | null }
  | { kind: 'user'; jobUser: JobUser }
  | { kind: 'none' };

/** What a sandboxed job sees of the system: these, read-only, and nothing else of the host. */
const SYSTEM_DIRS = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc',
  '/opt',
  '/run/systemd/resolve',
];

/** Where a job's directories are on the host, and where the job sees them. */
export type JobDirs = {
  host: { root: string; builds: string; project: string; tmp: string };
  inside: { builds: string; project: string; tmp: string };
};

const exitCodeOf = (child: ChildProcess): Promise<number> =>
  new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('close', (code) => resolve(code ?? -1));
  });

/** The unprivileged account jobs run as under root: `nobody`, as /etc/passwd has it. */
async function nobody(): Promise<JobUser> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  const entry = passwd.split('\n').find((line) => line.startsWith('nobody:'));
  const [, , uid, gid] = entry?.split(':') ?? [];
  return { name: 'nobody', uid: Number(uid ?? 65534), gid: Number(gid ?? 65534) };
}

async function bwrapVersion(): Promise<string | null> {
  const child = spawn('bwrap', ['--version'], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return (await exitCodeOf(child)) === 0 ? out.trim() : null;
}

/**
 * Finds the strongest isolation this machine offers: bubblewrap when a sandbox really starts here
 * (a test job is run in one), else an unprivileged user when the runner is root, else none.
 */
export async function detectIsolation(buildsDir: string, hidePaths: readonly string[]): Promise<Isolation> {
  const root = process.getuid?.() === 0;
  const jobUser = root ? await nobody() : null;
  const version = await bwrapVersion();
  if (version) {
    const isolation: Isolation = { kind: 'bubblewrap', version, jobUser };
    await mkdir(buildsDir, { recursive: true, mode: 0o711 });
    const probe = await mkdtemp(path.join(buildsDir, 'probe-'));
    try {
      const dirs = jobDirsFor(probe, 'probe/probe');
      await prepareJobDirs(isolation, dirs);
      const child = spawnConfined(isolation, dirs, ['true'], { PATH: '/usr/bin:/bin' }, hidePaths, 'ignore');
      if ((await exitCodeOf(child)) === 0) return isolation;
    } finally {
      await rm(probe, { recursive: true, force: true });
    }
  }
  return jobUser ? { kind: 'user', jobUser } : { kind: 'none' };
}

/** One line for the logs: how jobs are isolated here, and what to do when they are not. */
export function describeIsolation(isolation: Isolation): string {
  switch (isolation.kind) {
    case 'bubblewrap':
      return `Jobs run in a bubblewrap sandbox (${isolation.version})${isolation.jobUser ? ` as user ${isolation.jobUser.name}` : ''}: the system read-only, their own work and temporary directories, their own process, IPC and user namespaces, none of the server's environment or data.`;
    case 'user':
      return `Jobs run as the unprivileged user ${isolation.jobUser.name} (bubblewrap is not available): they see the system as that user does, none of the server's environment. Install bubblewrap (apt-get install bubblewrap) to sandbox them.`;
    case 'none':
      return `Jobs run unconfined, as the runner's own user (bubblewrap is not available and the runner is not root). Install bubblewrap (apt-get install bubblewrap) to sandbox them.`;
  }
}

/** A job's directories: on the host under `root`, in a sandbox at /builds/<project path> and /tmp. */
export function jobDirsFor(root: string, projectPath: string): JobDirs {
  const host = {
    root,
    builds: path.join(root, 'builds'),
    project: path.join(root, 'builds', projectPath),
    tmp: path.join(root, 'tmp'),
  };
  return {
    host,
    inside: { builds: '/builds', project: path.posix.join('/builds', projectPath), tmp: '/tmp' },
  };
}

/** Where the job itself sees its directories: the sandbox's paths, or the host's without one. */
export function visibleDirs(isolation: Isolation, dirs: JobDirs) {
  return isolation.kind === 'bubblewrap' ? dirs.inside : dirs.host;
}

/** Creates a job's directories, owned by the user it runs as and closed to everyone else. */
export async function prepareJobDirs(isolation: Isolation, dirs: JobDirs): Promise<void> {
  await mkdir(dirs.host.project, { recursive: true, mode: 0o700 });
  await mkdir(dirs.host.tmp, { recursive: true, mode: 0o700 });
  const user = isolation.kind === 'none' ? null : isolation.jobUser;
  if (!user) return;
  for (const dir of [dirs.host.root, dirs.host.builds, dirs.host.tmp]) await chown(dir, user.uid, user.gid);
  let dir = dirs.host.project;
  while (dir.startsWith(dirs.host.builds) && dir !== dirs.host.builds) {
    await chown(dir, user.uid, user.gid);
    dir = path.dirname(dir);
  }
}

/**
 * Starts `argv` as the job: in its own process group (so cancel and timeout stop all of it), with
 * `env` only, confined as `isolation` says. Output is piped unless `stdio` says otherwise.
 */
export function spawnConfined(
  isolation: Isolation,
  dirs: JobDirs,
  argv: string[],
  env: Record<string, string>,
  hidePaths: readonly string[],
  stdio: 'pipe' | 'ignore' = 'pipe',
  cwd?: string,
): ChildProcess {
  const user = isolation.kind === 'none' ? null : isolation.jobUser;
  const ids = user ? { uid: user.uid, gid: user.gid } : {};
  const common: SpawnOptions = { env, detached: true, stdio: ['ignore', stdio, stdio], ...ids };
  if (isolation.kind !== 'bubblewrap')
    return spawn(argv[0]!, argv.slice(1), { ...common, cwd: cwd ?? dirs.host.project });
  const hidden = hidePaths.filter((hide) =>
    SYSTEM_DIRS.some((dir) => hide === dir || hide.startsWith(`${dir}/`)),
  );
  const args = [
    '--die-with-parent',
    '--new-session',
    '--unshare-all',
    '--share-net',
    ...SYSTEM_DIRS.flatMap((dir) => ['--ro-bind-try', dir, dir]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--bind',
    dirs.host.tmp,
    dirs.inside.tmp,
    '--bind',
    dirs.host.builds,
    dirs.inside.builds,
    ...hidden.flatMap((hide) => ['--tmpfs', hide]),
    '--chdir',
    cwd ?? dirs.inside.project,
    '--',
    ...argv,
  ];
  return spawn('bwrap', args, { ...common, cwd: os.tmpdir() });
}

/** Stops a job's whole process group: TERM, then KILL after `graceMs`. */
export async function stopProcessGroup(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  // Anything the job left behind in its group goes too.
  signal('SIGKILL');
}
