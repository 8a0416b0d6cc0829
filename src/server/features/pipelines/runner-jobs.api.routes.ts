import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runnerInfoSchema } from '../../../shared/api/runners';
import type { Container } from '../../container';
import { requireRunner } from '../runners/runners.api.routes';
import { detailsOf } from '../runners/runners.service';
import { TRACE_UPDATE_INTERVAL_SECONDS, type JobAnswer } from './runner-jobs.service';

const jobParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const jobRequestBody = z.object({
  token: z.string().max(255).optional(),
  last_update: z.string().max(255).optional(),
  system_id: z.string().max(255).optional(),
  info: runnerInfoSchema.optional(),
});

const updateJobBody = z.object({
  token: z.string().max(255).optional(),
  state: z.string().max(64).optional(),
  failure_reason: z.string().max(255).optional(),
  exit_code: z.coerce.number().int().optional(),
  checksum: z.string().max(255).optional(),
  output: z
    .object({ checksum: z.string().max(255).optional(), bytesize: z.number().int().optional() })
    .optional(),
});

/** The job token: the `JOB-TOKEN` header, or the `token` parameter (body or query). */
function jobTokenOf(request: FastifyRequest, body?: { token?: string }): string | undefined {
  const header = request.headers['job-token'];
  if (typeof header === 'string' && header) return header;
  if (body?.token) return body.token;
  const query = request.query as { token?: unknown };
  return typeof query.token === 'string' ? query.token : undefined;
}

/** Sends a job endpoint's answer with GitLab's headers: `Job-Status`, `Range`, the update interval. */
function sendAnswer(reply: FastifyReply, answer: JobAnswer, body: unknown) {
  if (answer.jobStatus) reply.header('job-status', answer.jobStatus);
  if (answer.range !== undefined) reply.header('range', `0-${answer.range}`);
  if (answer.status === 200 || answer.status === 202)
    reply.header('x-gitlab-trace-update-interval', String(TRACE_UPDATE_INTERVAL_SECONDS));
  if (answer.status >= 400)
    return reply.status(answer.status).type('application/json').send({ message: answer.message });
  return reply.status(answer.status).send(body);
}

/**
 * GitLab Runner's job endpoints: `POST /jobs/request` (long-polled), `PUT /jobs/:id` and
 * `PATCH /jobs/:id/trace`, authenticated by the runner's token and the job's token respectively.
 */
export async function registerRunnerJobRoutes(
  app: FastifyInstance,
  { runners, runnerJobs }: Pick<Container, 'runners' | 'runnerJobs'>,
): Promise<void> {
  app.addHook('onClose', async () => runnerJobs.close());
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/api/v4/jobs/request',
    schema: { body: jobRequestBody },
    handler: async (request, reply) => {
      const runner = await requireRunner(runners, request, request.body);
      await runners.heartbeat(runner.id, detailsOf(request.body.info, request.ip));
      // A runner that gave up waiting (or went away) must not be handed a job it will never run.
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const job = await runnerJobs.requestJob(runner, gone.signal);
      if (job) return reply.status(201).send(job);
      return reply.status(204).header('x-gitlab-last-update', lastUpdate()).send();
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/v4/jobs/:id',
    schema: { params: jobParams, body: updateJobBody },
    handler: async (request, reply) => {
      const { body } = request;
      const answer = await runnerJobs.updateJob(request.params.id, jobTokenOf(request, body), {
        state: body.state,
        failureReason: body.failure_reason,
        exitCode: body.exit_code,
      });
      return sendAnswer(reply.type('text/plain'), answer, String(answer.status));
    },
  });

  await app.register(async (scope) => {
    // A log is bytes (a chunk may end inside a character): the body is taken as it came.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'PATCH',
      url: '/api/v4/jobs/:id/trace',
      schema: { params: jobParams },
      handler: async (request, reply) => {
        const header = request.headers['content-range'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await runnerJobs.appendTrace(
          request.params.id,
          jobTokenOf(request),
          typeof header === 'string' ? header : undefined,
          body,
        );
        return sendAnswer(reply, answer, '');
      },
    });
  });
}

/** An opaque mark of the queue's state for the runner to send back; we answer every request afresh. */
const lastUpdate = () => Date.now().toString(16);
