import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../../container';
import { jobSchema } from '../../../shared/api/pipelines';
import { assertScope, requireUser } from '../auth/api-auth';
import type { ArchiveFile } from './artifact-zip';
import { presentJob } from './jobs.presenter';
import type { ArtifactDownload } from './artifacts.service';
import type { JobAnswer } from './runner-jobs.service';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const jobParams = z.object({ id: dbInt });
const projectJobParams = z.object({ id: z.string().min(1).max(1000), job_id: dbInt });
const fileParams = projectJobParams.extend({ '*': z.string().min(1).max(4096) });
const refParams = z.object({ id: z.string().min(1).max(1000), ref_name: z.string().min(1).max(1024) });
const refFileParams = refParams.extend({ '*': z.string().min(1).max(4096) });
const jobNameQuery = z.object({ job: z.string().min(1).max(255) });

const uploadQuery = z.object({
  token: z.string().max(255).optional(),
  artifact_type: z.string().max(64).optional(),
  artifact_format: z.string().max(64).optional(),
  expire_in: z.string().max(255).optional(),
});

/** The job token: the `JOB-TOKEN` header, or the `token` parameter. */
function jobTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['job-token'];
  if (typeof header === 'string' && header) return header;
  const query = request.query as { token?: unknown };
  return typeof query.token === 'string' ? query.token : undefined;
}

/** The downloads a CI job token may make too, as the job's user (GitLab's `job_token_allowed`). */
const JOB_TOKEN_ALLOWED = { jobTokenAllowed: true } as const;

function sendFailure(reply: FastifyReply, answer: JobAnswer) {
  return reply.status(answer.status).type('application/json').send({ message: answer.message });
}

/** A name safe inside a Content-Disposition header. */
const headerName = (name: string) => name.replace(/[^\w.-]+/g, '_') || 'artifacts.zip';

/** One file of an archive: bytes to save, never a page of this origin. */
async function sendFile(reply: FastifyReply, file: ArchiveFile) {
  const name = file.path.split('/').at(-1)!;
  return reply
    .type('application/octet-stream')
    .header('content-length', String(file.size))
    .header('content-disposition', `attachment; filename="${headerName(name)}"`)
    .header('x-content-type-options', 'nosniff')
    .send(await file.open());
}

function sendArchive(reply: FastifyReply, download: ArtifactDownload) {
  return reply
    .type('application/zip')
    .header('content-length', String(download.size))
    .header('content-disposition', `attachment; filename="${headerName(download.fileName)}"`)
    .send(download.stream);
}

/**
 * Artifacts as GitLab Runner moves them (`POST /jobs/:id/artifacts`, multipart with the archive
 * in `file`, and `GET /jobs/:id/artifacts` for a dependent job, both with a job token) and as
 * people download them (`/projects/:id/jobs/:job_id/artifacts`, whole or one file).
 */
export async function registerArtifactRoutes(
  app: FastifyInstance,
  { artifacts, ciJobs, config, clock }: Pick<Container, 'artifacts' | 'ciJobs' | 'config' | 'clock'>,
): Promise<void> {
  await app.register(async (scope) => {
    // One byte past the limit is enough to know an archive is too large; busboy stops reading there.
    await scope.register(multipart, {
      limits: { fileSize: config.maxArtifactsBytes + 1, files: 1, fields: 20 },
      throwFileSizeLimit: false,
    });
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: '/api/v4/jobs/:id/artifacts',
      schema: { params: jobParams, querystring: uploadQuery },
      handler: async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        const part = request.isMultipart() ? await request.file() : undefined;
        const file =
          part && part.fieldname === 'file' ? { stream: part.file, fileName: part.filename } : null;
        const answer = await artifacts.upload(
          request.params.id,
          jobTokenOf(request),
          file,
          {
            artifactType: request.query.artifact_type,
            artifactFormat: request.query.artifact_format,
            expireIn: request.query.expire_in,
          },
          Number.isFinite(declared) && declared > 0 ? declared - 1024 : null,
        );
        if (answer.status !== 201) {
          part?.file.resume();
          return sendFailure(reply, answer);
        }
        return reply.status(201).type('application/json').send({});
      },
    });
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/v4/jobs/:id/artifacts',
    schema: { params: jobParams },
    handler: async (request, reply) => {
      const found = await artifacts.downloadForJob(request.params.id, jobTokenOf(request));
      if ('status' in found) return sendFailure(reply, found);
      return sendArchive(reply, found);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/jobs/:job_id/artifacts',
    config: JOB_TOKEN_ALLOWED,
    schema: { params: projectJobParams },
    handler: async (request, reply) => {
      assertScope(request, 'api_read');
      const { id, job_id: jobId } = request.params;
      return sendArchive(reply, await artifacts.downloadForUser(request.currentUser, id, jobId));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/jobs/:job_id/artifacts/*',
    config: JOB_TOKEN_ALLOWED,
    schema: { params: fileParams },
    handler: async (request, reply) => {
      assertScope(request, 'api_read');
      const { id, job_id: jobId, '*': filePath } = request.params;
      return sendFile(reply, await artifacts.fileForUser(request.currentUser, id, jobId, filePath));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/jobs/artifacts/:ref_name/download',
    config: JOB_TOKEN_ALLOWED,
    schema: { params: refParams, querystring: jobNameQuery },
    handler: async (request, reply) => {
      assertScope(request, 'api_read');
      const { id, ref_name: ref } = request.params;
      return sendArchive(
        reply,
        await artifacts.downloadForRef(request.currentUser, id, ref, request.query.job),
      );
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/jobs/artifacts/:ref_name/raw/*',
    config: JOB_TOKEN_ALLOWED,
    schema: { params: refFileParams, querystring: jobNameQuery },
    handler: async (request, reply) => {
      assertScope(request, 'api_read');
      const { id, ref_name: ref, '*': filePath } = request.params;
      const file = await artifacts.fileForRef(request.currentUser, id, ref, request.query.job, filePath);
      return sendFile(reply, file);
    },
  });

  api.route({
    method: 'POST',
    url: '/api/v4/projects/:id/jobs/:job_id/artifacts/keep',
    schema: { params: projectJobParams, response: { 201: jobSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, job_id: jobId } = request.params;
      await artifacts.keep(actor, id, jobId);
      const { ctx, job } = await ciJobs.get(actor, id, jobId);
      return reply.status(201).send(presentJob(job, ctx, config, clock.now()));
    },
  });
}
