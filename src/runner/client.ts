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
    artifacts: false,
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

  return { verify, requestJob, patchTrace, updateJob, finishJob };
}

export type RunnerClient = ReturnType<typeof createClient>;
