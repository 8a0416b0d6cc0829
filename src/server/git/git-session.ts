import { gitEnv } from './run-git';
import { startGit, type GitProcess } from './spawner';

/*
 * Long-lived git processes that answer line by line, one per repository and command, as Gitaly
 * keeps `cat-file` processes: starting git costs this server several milliseconds (a merge
 * started three one after another), a line to a running one a fraction of one. Each reads
 * refs and objects afresh for every question, so what other processes write is seen at once.
 */

/** The commands kept running; each answers every line (or transaction) it is given. */
const COMMANDS = {
  /** One line per name: its object id, or `<name> missing`. */
  'cat-file': ['cat-file', '--batch-check=%(objectname)'],
  /** `start` ... `prepare` `commit`, a line of answer for each of those three. */
  'update-ref': ['update-ref', '--stdin'],
} as const;

export type SessionCommand = keyof typeof COMMANDS;

type Session = {
  git: GitProcess;
  /** Answer lines not yet taken, and the question waiting for them. */
  lines: string[];
  partial: string;
  wake: (() => void) | null;
  exited: boolean;
  /** Questions are asked one at a time: each waits for the one before. */
  queue: Promise<unknown>;
  idleTimer: NodeJS.Timeout | null;
};

export type GitSessions = ReturnType<typeof createGitSessions>;

export function createGitSessions({ idleMs, maxSessions }: { idleMs: number; maxSessions: number }) {
  /** Open sessions, least recently used first (a Map keeps insertion order). */
  const sessions = new Map<string, Session>();

  function open(gitDir: string, command: SessionCommand): Session {
    const key = `${command}\0${gitDir}`;
    const known = sessions.get(key);
    if (known && !known.exited) {
      sessions.delete(key);
      sessions.set(key, known);
      return known;
    }
    const git = startGit([`--git-dir=${gitDir}`, ...COMMANDS[command]], gitEnv, { stdin: true });
    const session: Session = {
      git,
      lines: [],
      partial: '',
      wake: null,
      exited: false,
      queue: Promise.resolve(),
      idleTimer: null,
    };
    git.stdout.setEncoding('utf8');
    git.stdout.on('data', (chunk: string) => {
      const parts = (session.partial + chunk).split('\n');
      session.partial = parts.pop() ?? '';
      session.lines.push(...parts);
      session.wake?.();
    });
    void git.exited.then(() => {
      session.exited = true;
      if (session.idleTimer) clearTimeout(session.idleTimer);
      if (sessions.get(key) === session) sessions.delete(key);
      session.wake?.();
    });
    sessions.set(key, session);
    for (const [oldest, old] of sessions) {
      if (sessions.size <= maxSessions) break;
      sessions.delete(oldest);
      close(old);
    }
    idle(session);
    return session;
  }

  function close(session: Session): void {
    if (session.idleTimer) clearTimeout(session.idleTimer);
    // git ends at the end of its input, after any question already written.
    session.git.stdin?.end();
  }

  function idle(session: Session): void {
    session.git.setIdle(true);
    session.idleTimer = setTimeout(() => {
      for (const [key, open] of sessions) if (open === session) sessions.delete(key);
      close(session);
    }, idleMs);
    session.idleTimer.unref();
  }

  /** The next `count` lines, or fewer when git exits first. */
  async function answers(session: Session, count: number): Promise<string[]> {
    while (session.lines.length < count && !session.exited)
      await new Promise<void>((resolve) => (session.wake = resolve));
    session.wake = null;
    return session.lines.splice(0, count);
  }

  async function askOnce(session: Session, input: string, count: number): Promise<string[]> {
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.git.setIdle(false);
    try {
      // Closed while this question waited its turn (idle, or the oldest of too many): a new git answers.
      if (session.exited || session.git.stdin?.writableEnded) return [];
      session.git.stdin?.write(input);
      return await answers(session, count);
    } finally {
      if (!session.exited) idle(session);
    }
  }

  /**
   * Writes `input` to the repository's running `command` and returns its next `count` answer
   * lines, fewer when git exits before giving them all (a refused ref transaction ends
   * `update-ref`). A git that gave no line at all had ended before the question (idle, killed):
   * it is asked once more, of a new process.
   */
  async function ask(gitDir: string, command: SessionCommand, input: string, count: number) {
    for (let attempt = 0; ; attempt++) {
      const session = open(gitDir, command);
      const asked = session.queue.then(() => askOnce(session, input, count));
      // The caller gets the error through `asked`; the queue only waits for it to end.
      session.queue = asked.catch(() => undefined);
      const lines = await asked;
      if (lines.length > 0 || attempt > 0) return lines;
    }
  }

  /** Starts the command for a repository ahead of its first question (a merge warms its ref writer). */
  function warm(gitDir: string, command: SessionCommand): void {
    open(gitDir, command);
  }

  /** Ends every session (git exits once its questions are answered). */
  function closeAll(): void {
    for (const session of sessions.values()) close(session);
    sessions.clear();
  }

  return { ask, warm, closeAll, openCount: () => sessions.size };
}

/**
 * The server's sessions: a minute without a question ends one (a reviewer reading a page and then
 * merging finds its heads reader running), and at most 64 run at once.
 */
export const gitSessions = createGitSessions({ idleMs: 60_000, maxSessions: 64 });
