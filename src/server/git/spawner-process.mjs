// The git spawner: a small child process that starts git for the server (see spawner.ts).
// Starting a process copies the starting process's page tables, and the server holds an embedded
// database: there each git call cost 20 ms of blocked event loop; from here it costs about 1.
//
// Messages from the server: { type: 'run', id, args, env, socketPath, stdin } and
// { type: 'kill', id }. For each run this process connects to the server's socket once for
// git's stdout and, when stdin is wanted, once more for git's stdin, each time first writing the
// run's id and 'o' or 'i'; git is then handed the sockets themselves, so its output goes straight
// to the server and nothing is copied here. It answers { type: 'exit', id, code, stderr }.
import { spawn } from 'node:child_process';
import net from 'node:net';

const running = new Map();
/** Calls still connecting, and those of them killed meanwhile: their git is not started at all. */
const connecting = new Set();
const killed = new Set();

process.on('message', (message) => {
  if (message.type === 'run') void run(message);
  else if (message.type === 'kill') kill(message.id);
});
// The server is gone (or closed the channel): nothing is left to do.
process.on('disconnect', () => process.exit(0));

function kill(id) {
  const child = running.get(id);
  if (child) child.kill('SIGTERM');
  else if (connecting.has(id)) killed.add(id);
}

/** A connection to the server that has announced itself and reads nothing: git will. */
function announce(socketPath, tag) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ path: socketPath });
    socket.pause();
    socket.once('error', reject);
    socket.once('connect', () => socket.write(tag, () => resolve(socket)));
  });
}

async function run({ id, args, env, socketPath, stdin }) {
  const exit = (code, stderr, connected) => process.send?.({ type: 'exit', id, code, stderr, connected });
  connecting.add(id);
  const sockets = await Promise.allSettled([
    announce(socketPath, `${id}o`),
    stdin ? announce(socketPath, `${id}i`) : Promise.resolve('ignore'),
  ]);
  connecting.delete(id);
  const failed = sockets.find((result) => result.status === 'rejected');
  const [stdout, input] = sockets.map((result) => (result.status === 'fulfilled' ? result.value : null));
  if (failed || killed.delete(id)) {
    for (const socket of [stdout, input]) if (socket && socket !== 'ignore') socket.destroy();
    exit(-1, failed ? `git could not be connected: ${failed.reason.message}` : 'killed', false);
    return;
  }
  const child = spawn('git', args, { env, stdio: [input, stdout, 'pipe'] });
  // git holds its own copy of the socket; closing ours lets the server see the end when git exits.
  stdout.destroy();
  if (input !== 'ignore') input.destroy();
  running.set(id, child);
  const stderr = [];
  child.stderr.on('data', (chunk) => stderr.push(chunk));
  child.on('error', (error) => {
    // A git that never started has no close to wait for.
    if (child.pid !== undefined) return;
    running.delete(id);
    exit(-1, error.message, true);
  });
  child.on('close', (code) => {
    running.delete(id);
    exit(code ?? -1, Buffer.concat(stderr).toString('utf8'), true);
  });
}
