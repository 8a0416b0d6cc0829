import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';

/** A zip of `files` (a name ending in `/` is a folder entry), as gitlab-runner's artifacts archive. */
export async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name);
    else zip.addBuffer(Buffer.from(content), name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * GitLab Runner's requests played through `inject`, for route tests that need a job to run and
 * end without a runner process: take the next pending job, send its log, end it.
 */
export function fakeRunner(app: FastifyInstance, runnerToken: string) {
  async function take(): Promise<{ id: number; token: string; name: string; [key: string]: unknown }> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v4/jobs/request',
      payload: { token: runnerToken },
    });
    if (response.statusCode !== 201) throw new Error(`no job to take: ${response.statusCode}`);
    const job = response.json<{ id: number; token: string; job_info: { name: string } }>();
    return { ...job, name: job.job_info.name };
  }

  async function log(job: { id: number; token: string }, text: string, offset = 0) {
    return app.inject({
      method: 'PATCH',
      url: `/api/v4/jobs/${job.id}/trace`,
      headers: {
        'job-token': job.token,
        'content-range': `${offset}-${offset + Buffer.byteLength(text) - 1}`,
        'content-type': 'text/plain',
      },
      payload: text,
    });
  }

  async function finish(job: { id: number; token: string }, state: 'success' | 'failed') {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v4/jobs/${job.id}`,
      payload: {
        token: job.token,
        state,
        ...(state === 'failed' ? { failure_reason: 'script_failure' } : {}),
      },
    });
    if (response.statusCode !== 200) throw new Error(`update answered ${response.statusCode}`);
  }

  /** Uploads the job's artifacts archive, as gitlab-runner does before it ends the job. */
  async function uploadArtifacts(job: { id: number; token: string }, files: Record<string, string>) {
    const boundary = 'fake-runner-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="artifacts.zip"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const response = await app.inject({
      method: 'POST',
      url: `/api/v4/jobs/${job.id}/artifacts?artifact_type=archive&artifact_format=zip`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'job-token': job.token },
      payload: Buffer.concat([Buffer.from(head), await zipOf(files), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    if (response.statusCode !== 201) throw new Error(`artifacts upload answered ${response.statusCode}`);
  }

  /** Takes the next job, logs a line and ends it as `state`; answers the job. */
  async function run(state: 'success' | 'failed', text = 'ran\n') {
    const job = await take();
    await log(job, text);
    await finish(job, state);
    return job;
  }

  return { take, log, finish, run, uploadArtifacts };
}
