import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';

/*
 * git is started by a small child process (spawner-process.mjs) rather than by the server itself:
 * Node starts processes with fork(), which copies the page tables of the starting process, and
 * with the embedded database loaded that blocked the server's event loop for about 20 ms per git
 * call. The spawner hands git sockets connected to this process, so git's output arrives here
 * directly, as it did through pipes.
 */

export type GitExit = { code: number; stderr: string };

export type GitProcess = {
  /** null when the call was started without input (git reads an empty stdin). */
  stdin: Writable | null;
  stdout: Readable;
  /** Settles once git has exited and its stdout has ended. */
  exited: Promise<GitExit>;
  kill(): void;
  /**
   * A long-lived git (see git-session.ts) is idle between questions: it must not keep this
   * process alive then, any more than a closed file would.
   */
  setIdle(idle: boolean): void;
};

/** What the spawner answers when git has exited; `connected` is false when git never started. */
type ExitMessage = GitExit & { type: 'exit'; id: string; connected: boolean };

type Call = {
  stdout: PassThrough;
  stdin: PassThrough | null;
  exit: ExitMessage | null;
  /** The socket git writes its output to: not yet arrived, open, or closed since. */
  stdoutSocket: 'waiting' | 'open' | 'closed';
  exitReceived: (exit: GitExit) => void;
  /** Idle calls and their sockets do not keep the process alive. */
  idle: boolean;
  sockets: net.Socket[];
};

type Spawner = { child: ChildProcess; server: net.Server; socketPath: string; calls: Map<string, Call> };

const ID_LENGTH = 32;
const TAG_LENGTH = ID_LENGTH + 1;
const spawnerPath = new URL('./spawner-process.mjs', import.meta.url);
let spawner: Spawner | null = null;

/**
 * Starts `git args` with `env`; output is read from `stdout`, input written to `stdin` if asked for.
 */
export function startGit(
  args: string[],
  env: Record<string, string>,
  options: { stdin: boolean },
): GitProcess {
  const current = spawner ?? (spawner = startSpawner());
  const id = randomBytes(ID_LENGTH / 2).toString('hex');
  let exitReceived: (exit: GitExit) => void = () => undefined;
  const exit = new Promise<GitExit>((resolve) => (exitReceived = resolve));
  const call: Call = {
    stdout: new PassThrough({ highWaterMark: 1024 * 1024 }),
    stdin: options.stdin ? new PassThrough() : null,
    exit: null,
    stdoutSocket: 'waiting',
    exitReceived,
    idle: false,
    sockets: [],
  };
  const stdoutClosed = new Promise((resolve) => call.stdout.once('close', resolve));
  current.calls.set(id, call);
  keepAliveWhileBusy(current);
  current.child.send({
    type: 'run',
    id,
    args,
    env,
    socketPath: current.socketPath,
    stdin: options.stdin,
  });
  return {
    stdin: call.stdin,
    stdout: call.stdout,
    exited: stdoutClosed.then(() => exit),
    kill: () => {
      if (!call.exit) current.child.send({ type: 'kill', id });
      // Output nobody will read is let through and dropped, so the call can end and be forgotten.
      call.stdout.resume();
    },
    setIdle: (idle) => {
      call.idle = idle;
      for (const socket of call.sockets) refWhile(socket, !idle);
      keepAliveWhileBusy(current);
    },
  };
}

function startSpawner(): Spawner {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mergeway-git-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  // The spawner dies with this process, which then sees no exit of it: remove the folder here too.
  process.once('exit', removeDir);
  const socketPath = path.join(dir, 'spawner.sock');
  const calls = new Map<string, Call>();
  const server = net.createServer((socket) => claim(socket, created));
  server.listen(socketPath);
  const child = fork(spawnerPath, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const created: Spawner = { child, server, socketPath, calls };
  child.on('message', (message: ExitMessage) => {
    const call = calls.get(message.id);
    if (!call) return;
    call.exit = message;
    settle(created, message.id, call);
  });
  // A run sent after the spawner died but before its exit is seen fails here, not as an uncaught
  // error: the exit handler below settles that call with the others.
  child.on('error', () => undefined);
  child.on('exit', () => {
    // Calls in flight fail like a git that died; the next call starts a new spawner.
    if (spawner === created) spawner = null;
    for (const [id, call] of calls) {
      call.exit ??= { type: 'exit', id, code: -1, stderr: 'the git spawner exited', connected: false };
      settle(created, id, call);
    }
    server.close();
    process.off('exit', removeDir);
    removeDir();
  });
  return created;
}

/**
 * A call is done when git has exited and its output socket has closed; when git never started,
 * no output will come and stdout ends here.
 */
function settle(owner: Spawner, id: string, call: Call): void {
  if (!call.exit) return;
  call.exitReceived({ code: call.exit.code, stderr: call.exit.stderr });
  if (call.stdoutSocket === 'waiting' && !call.exit.connected) call.stdout.end();
  if (call.stdoutSocket === 'closed' || (call.stdoutSocket === 'waiting' && !call.exit.connected)) {
    owner.calls.delete(id);
    keepAliveWhileBusy(owner);
  }
}

/** A connection from the spawner: its first bytes say which call and which stream it is. */
function claim(socket: net.Socket, owner: Spawner): void {
  socket.on('error', () => undefined); // git may exit before reading all input
  const onReadable = () => {
    const tag = socket.read(TAG_LENGTH) as Buffer | null;
    if (tag === null) return;
    socket.off('readable', onReadable);
    const text = tag.toString('latin1');
    const id = text.slice(0, ID_LENGTH);
    const call = owner.calls.get(id);
    if (!call) {
      socket.destroy();
      return;
    }
    call.sockets.push(socket);
    refWhile(socket, !call.idle);
    if (text.endsWith('o')) {
      call.stdoutSocket = 'open';
      socket.once('close', () => {
        call.stdoutSocket = 'closed';
        settle(owner, id, call);
      });
      socket.pipe(call.stdout);
    } else call.stdin?.pipe(socket);
  };
  socket.on('readable', onReadable);
}

function refWhile(handle: { ref(): unknown; unref(): unknown }, held: boolean): void {
  if (held) handle.ref();
  else handle.unref();
}

/** The spawner and its socket keep the process alive only while a git call is waiting on them. */
function keepAliveWhileBusy({ child, server, calls }: Spawner): void {
  const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
  if ([...calls.values()].some((call) => !call.idle)) {
    child.ref();
    channel?.ref();
    server.ref();
  } else {
    child.unref();
    channel?.unref();
    server.unref();
  }
}
