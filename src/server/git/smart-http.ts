import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLUSH_PKT, pktLine } from './pkt-line';
import { streamGit, type GitStream } from './run-git';

export const GIT_SERVICES = ['git-upload-pack', 'git-receive-pack'] as const;
export type GitService = (typeof GIT_SERVICES)[number];

const hooksDir = fileURLToPath(new URL('./hooks', import.meta.url));

/** `version=2`, as a client sends it in the Git-Protocol header; anything else is ignored. */
const PROTOCOL_RE = /^[A-Za-z0-9._=:-]{1,100}$/;

export type ServiceOptions = {
  /** The client's Git-Protocol header; only upload-pack speaks protocol v2. */
  protocol?: string | undefined;
  /** Refs whose updates must be fast-forwards (protected branches without force push). */
  fastForwardOnlyRefs?: readonly string[];
};

function serviceEnv(service: GitService, options: ServiceOptions): Record<string, string> {
  const env: Record<string, string> = {};
  if (service === 'git-upload-pack' && options.protocol && PROTOCOL_RE.test(options.protocol))
    env.GIT_PROTOCOL = options.protocol;
  if (service === 'git-receive-pack') {
    env.MERGEWAY_FAST_FORWARD_ONLY_REFS = (options.fastForwardOnlyRefs ?? []).join('\n');
    // The pre-receive hook is a Node script: make sure the running Node is the one it finds.
    env.PATH = [path.dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(path.delimiter);
  }
  return env;
}

const speaksV2 = (service: GitService, options: ServiceOptions): boolean =>
  service === 'git-upload-pack' && /(^|:)version=2(:|$)/.test(options.protocol ?? '');

function spawnService(gitDir: string, service: GitService, extra: string[], options: ServiceOptions) {
  const config = service === 'git-receive-pack' ? ['-c', `core.hooksPath=${hooksDir}`] : [];
  return streamGit([...config, service.slice('git-'.length), '--stateless-rpc', ...extra, gitDir], {
    env: serviceEnv(service, options),
  });
}

/**
 * `GET info/refs?service=...`: the ref advertisement. Protocol v0 answers start with a pkt-line
 * naming the service (git http-backend does the same); v2 answers are git's capability list alone.
 */
export function advertiseRefs(
  gitDir: string,
  service: GitService,
  options: ServiceOptions = {},
): { header: Buffer; git: GitStream } {
  const header = speaksV2(service, options)
    ? Buffer.alloc(0)
    : Buffer.concat([pktLine(`# service=${service}\n`), FLUSH_PKT]);
  return { header, git: spawnService(gitDir, service, ['--advertise-refs'], options) };
}

/** `POST git-upload-pack` / `git-receive-pack`: the caller streams the request body into stdin. */
export function runService(gitDir: string, service: GitService, options: ServiceOptions = {}): GitStream {
  return spawnService(gitDir, service, [], options);
}
