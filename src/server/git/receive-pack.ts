import type { Readable } from 'node:stream';
import { FLUSH_PKT, parsePktLines, pktLine, sideBand } from './pkt-line';
import { isSha, ZERO_SHA } from './repository';

/** One ref update a client asks for: `old new ref`. ZERO_SHA as old creates, as new deletes. */
export type RefCommand = { oldSha: string; newSha: string; ref: string };

export type ReceivePackRequest = {
  commands: RefCommand[];
  capabilities: string[];
  /** Every byte read from the stream so far; git must receive them before the rest of the stream. */
  head: Buffer;
  /** The stream ended within the command list (a push that only deletes refs sends no pack). */
  ended: boolean;
};

export class PushProtocolError extends Error {}

/** Command lists of many thousand refs fit; anything larger is not a push git would send. */
const MAX_COMMAND_LIST_BYTES = 16 * 1024 * 1024;

/**
 * Reads the command list at the start of a receive-pack request (gitprotocol-pack: optional
 * `shallow` lines, then `old new ref\0capabilities`, more commands, a flush, then the pack) and
 * pauses the stream right after, so nothing reaches git before the commands were judged.
 */
export function readReceivePackRequest(stream: Readable): Promise<ReceivePackRequest> {
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    let ended = false;
    const finish = (error: Error | null) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.pause();
      if (error) return reject(error);
      try {
        resolve({ ...parseCommands(head), head, ended });
      } catch (parseError) {
        reject(parseError instanceof Error ? parseError : new PushProtocolError(String(parseError)));
      }
    };
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      if (head.length > MAX_COMMAND_LIST_BYTES) return finish(new PushProtocolError('command list too long'));
      try {
        const { lines } = parsePktLines(head, true);
        if (lines.some((line) => line.type === 'flush')) finish(null);
      } catch (error) {
        finish(new PushProtocolError((error as Error).message));
      }
    };
    const onEnd = () => {
      ended = true;
      finish(null);
    };
    const onError = (error: Error) => finish(error);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

function parseCommands(head: Buffer): Pick<ReceivePackRequest, 'commands' | 'capabilities'> {
  const { lines } = parsePktLines(head, true);
  if (lines.at(-1)?.type !== 'flush') throw new PushProtocolError('the command list ended early');
  const commands: RefCommand[] = [];
  let capabilities: string[] = [];
  for (const line of lines) {
    if (line.type !== 'data') continue;
    let text = line.payload.toString('utf8').replace(/\n$/, '');
    if (text.startsWith('shallow ')) continue;
    const nul = text.indexOf('\0');
    if (nul >= 0) {
      if (commands.length === 0)
        capabilities = text
          .slice(nul + 1)
          .split(' ')
          .filter(Boolean);
      text = text.slice(0, nul);
    }
    const [oldSha = '', newSha = '', ref = '', ...rest] = text.split(' ');
    if (!isSha(oldSha) || !isSha(newSha) || !ref || rest.length > 0)
      throw new PushProtocolError('malformed command');
    commands.push({ oldSha, newSha, ref });
  }
  return { commands, capabilities };
}

export type CommandResult = { ref: string; error: string | null };

/**
 * The answer receive-pack would give (`unpack ok`, then `ok ref` / `ng ref reason`), so a git client
 * shows `! [remote rejected] main -> main (reason)`. With side-band-64k the report travels in band 1
 * and `messages` are shown as `remote: ...` lines.
 */
export function reportStatus(
  results: CommandResult[],
  capabilities: readonly string[],
  messages: readonly string[] = [],
): Buffer {
  const report = Buffer.concat([
    pktLine('unpack ok\n'),
    ...results.map((result) =>
      pktLine(result.error === null ? `ok ${result.ref}\n` : `ng ${result.ref} ${oneLine(result.error)}\n`),
    ),
    FLUSH_PKT,
  ]);
  const wantsReport = capabilities.includes('report-status') || capabilities.includes('report-status-v2');
  if (!capabilities.includes('side-band-64k')) return wantsReport ? report : Buffer.alloc(0);
  const progress = messages.map((message) => sideBand(2, Buffer.from(`${message}\n`, 'utf8')));
  return Buffer.concat([...progress, wantsReport ? sideBand(1, report) : Buffer.alloc(0), FLUSH_PKT]);
}

const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ');

export const isCreate = (command: RefCommand): boolean => command.oldSha === ZERO_SHA;
export const isDelete = (command: RefCommand): boolean => command.newSha === ZERO_SHA;
