import { createWriteStream, openAsBlob } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { jobSpecSchema, type JobSpec } from './job-spec';

/** What the runner tells the server of itself (`info`), as gitlab-runner does. */
export const RUNNER_INFO = {
  name: 'mergeway-runner',
  version: '0.1.0',
  revision: 'mergeway',
  platform: process.platform,
  architecture: process.arch,
  executor: 'shell',
  shell: 'bash',
  features: {
    variables: true,
    artifacts: true,
    upload_raw_artifacts: true,
    cache: false,
    shared: true,
    refspecs: true,
    masking: true,
    raw_variables: true,
    multi_build_steps: true,
    trace_reset: true,
    trace_checksum: true,
    trace_size: true,
    cancelable: true,
    return_exit_code: true,
    cancel_gracefully: true,
  },
};

/** The job's status the server reports (`Job-Status`), and whether it wants the job stopped. */
export type RemoteJobState = { status: string | null; cancelRequested: boolean; aborted: boolean };

function remoteState(response: Response): RemoteJobState {
  const status = response.headers.get('job-status');
  return {
    status,
    // gitlab-runner's reading: `canceling` asks to stop; 403, `canceled` or `failed` end the job.
    cancelRequested: status === 'canceling',
    aborted: response.status === 403 || status === 'canceled' || status === 'failed',
  };
}

export type PatchResult =
  | { kind: 'accepted'; end: number; state: RemoteJobState }
  | { kind: 'range_mismatch'; end: number; state: RemoteJobState }
  | { kind: 'aborted'; state: RemoteJobState }
  | { kind: 'failed' };

export type JobRequestResult = { kind: 'job'; job: JobSpec } | { kind: 'none' } | { kind: 'forbidden' };

/** `Range: 0-N` as the server answers it: N is the stored log's length. */
const rangeEnd = (response: Response): number =>
  Number(/^0-(\d+)$/.exec(response.headers.get('range') ?? '')?.[1] ?? 0);

/** GitLab Runner's HTTP protocol, the only way this runner talks to the server. */
export function createClient(serverUrl: string, token: string) {
  const api = (path: string) => `${serverUrl.replace(/\/$/, '')}/api/v4/${path}`;
  const json = (body: unknown): RequestInit => ({
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  /** `POST /runners/verify`: whether the server knows this runner's token. */
  async function verify(): Promise<boolean> {
    const response = await fetch(api('runners/verify'), {
      method: 'POST',
      ...json({ token, info: RUNNER_INFO }),
    });
    await response.body?.cancel();
    if (response.status === 403) return false;
    if (!response.ok) throw new Error(`verify answered ${response.status}`);
    return true;
  }

  /** `POST /jobs/request`, long-polled by the server. */
  async function requestJob(signal: AbortSignal): Promise<JobRequestResult> {
    const response = await fetch(api('jobs/request'), {
      method: 'POST',
      ...json({ token, info: RUNNER_INFO }),
      signal,
    });
    if (response.status === 201) return { kind: 'job', job: jobSpecSchema.parse(await response.json()) };
    await response.body?.cancel();
    if (response.status === 204) return { kind: 'none' };
    if (response.status === 403) return { kind: 'forbidden' };
    throw new Error(`job request answered ${response.status}`);
  }

  /** `PATCH /jobs/:id/trace`: bytes of the log from `offset`. */
  async function patchTrace(job: JobSpec, offset: number, data: Buffer): Promise<PatchResult> {
    try {
      const response = await fetch(api(`jobs/${job.id}/trace`), {
        method: 'PATCH',
        headers: {
          'content-type': 'text/plain',
          'job-token': job.token,
          'content-range': `${offset}-${offset + data.length - 1}`,
        },
        body: new Uint8Array(data),
      });
      await response.body?.cancel();
      const state = remoteState(response);
      if (state.aborted) return { kind: 'aborted', state };
      if (response.status === 202) return { kind: 'accepted', end: rangeEnd(response), state };
      if (response.status === 416) return { kind: 'range_mismatch', end: rangeEnd(response), state };
      return { kind: 'failed' };
    } catch {
      return { kind: 'failed' };
    }
  }

  /** `PUT /jobs/:id`: `running` keeps the job alive; `success`/`failed` end it. Null when unreachable. */
  async function updateJob(
    job: JobSpec,
    update: {
      state: 'running' | 'success' | 'failed';
      failure_reason?: string;
      exit_code?: number;
      output?: object;
    },
  ): Promise<{ status: number; state: RemoteJobState } | null> {
    try {
      const response = await fetch(api(`jobs/${job.id}`), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'job-token': job.token },
        body: JSON.stringify({ token: job.token, info: RUNNER_INFO, ...update }),
      });
      await response.body?.cancel();
      return { status: response.status, state: remoteState(response) };
    } catch {
      return null;
    }
  }

  /** A final update, retried while the server cannot be reached (it may be restarting). */
  async function finishJob(
    job: JobSpec,
    update: { state: 'success' | 'failed'; failure_reason?: string; exit_code?: number; output?: object },
    giveUpAfterMs: number,
  ): Promise<boolean> {
    const deadline = Date.now() + giveUpAfterMs;
    for (let attempt = 0; ; attempt++) {
      const answer = await updateJob(job, update);
      if (answer && (answer.status === 200 || answer.status === 403 || answer.status === 404))
        return answer.status === 200;
      if (Date.now() > deadline) return false;
      await delay(Math.min(1000 * 2 ** attempt, 5000));
    }
  }

  /**
   * `POST /jobs/:id/artifacts`: the archive at `file` as gitlab-runner sends it (multipart, the
   * archive in `file`, its type, format and expiry in the query). Answers the status (0: unreachable).
   */
  async function uploadArtifacts(
    job: JobSpec,
    file: string,
    options: { fileName: string; expireIn?: string | null; type?: string; format?: string },
  ): Promise<number> {
    const query = new URLSearchParams({
      artifact_format: options.format ?? 'zip',
      artifact_type: options.type ?? 'archive',
    });
    if (options.expireIn) query.set('expire_in', options.expireIn);
    const form = new FormData();
    form.append('file', await openAsBlob(file), options.fileName);
    try {
      const response = await fetch(api(`jobs/${job.id}/artifacts?${query.toString()}`), {
        method: 'POST',
        headers: { 'job-token': job.token },
        body: form,
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return 0;
    }
  }

  /** `GET /jobs/:id/artifacts` of a dependency, with this job's token, into `target`. */
  async function downloadArtifacts(job: JobSpec, dependencyId: number, target: string): Promise<number> {
    try {
      const response = await fetch(api(`jobs/${dependencyId}/artifacts`), {
        headers: { 'job-token': job.token },
      });
      if (response.status !== 200 || !response.body) {
        await response.body?.cancel();
        return response.status;
      }
      const body = Readable.fromWeb(response.body);
      await pipeline(body, createWriteStream(target, { mode: 0o600 }));
      return 200;
    } catch {
      return 0;
    }
  }

  return { verify, requestJob, patchTrace, updateJob, finishJob, uploadArtifacts, downloadArtifacts };
}

export type RunnerClient = ReturnType<typeof createClient>;
