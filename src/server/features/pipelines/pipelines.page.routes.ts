import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  configVariablesQuery,
  configVariablesSchema,
  pipelineDetailSchema,
  pipelinesPageQuery,
  pipelinesPageSchema,
  runPipelineErrorsSchema,
  runPipelinePageBody,
  type RunPipelineErrors,
  type PipelinePageItem,
} from '../../../shared/api/pipelinePages';
import { pipelineSchema } from '../../../shared/api/pipelines';
import { mergeRequestEventType } from '../../../shared/ci/pipeline/mergeRequestEventType';
import type { Container } from '../../container';
import { ValidationFailedError } from '../../errors';
import { requireUser } from '../auth/api-auth';
import {
  fullPathOf,
  pageId,
  projectPagePrefixes,
  projectPageParams,
  projectPathFields,
} from '../../page-paths';
import type { ProjectContext } from '../projects/projects.service';
import type { PipelinePageView } from './pipeline-pages.service';
import { withEtag } from './page-etag';
import { presentPipeline } from './pipelines.presenter';

const pipelinePageParams = z
  .object({ ...projectPathFields, pipeline_id: pageId })
  .transform((params) => ({ fullPath: fullPathOf(params), pipelineId: params.pipeline_id }));

/**
 * The web app's pipeline JSON at GitLab's addresses: `{project}/-/pipelines.json` (a page of the
 * list, with each pipeline's stages for the mini graph) and `{project}/-/pipelines/{id}.json`; and
 * `{project}/-/pipelines/config_variables`, the variables the run form prefills.
 */
export function registerPipelinePageRoutes(
  app: FastifyInstance,
  { pipelinePages, pipelines, config }: Pick<Container, 'pipelinePages' | 'pipelines' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const present = (view: PipelinePageView, ctx: ProjectContext): PipelinePageItem => ({
    ...presentPipeline(view, ctx, config),
    stages: view.stages,
    merge_request_event_type: mergeRequestEventType(view.pipeline),
    permissions: {
      update_build: view.canUpdateBuild,
      erase_build: view.canEraseBuild,
      destroy_pipeline: view.canDestroy,
    },
  });

  for (const prefix of projectPagePrefixes()) {
    api.route({
      method: 'GET',
      url: `${prefix}/-/pipelines.json`,
      schema: {
        params: projectPageParams,
        querystring: pipelinesPageQuery,
        response: { 200: pipelinesPageSchema },
      },
      handler: async (request, reply) => {
        const { ctx, views, total } = await pipelinePages.list(
          request.currentUser,
          request.params.fullPath,
          request.query,
        );
        return withEtag(request, reply, { pipelines: views.map((view) => present(view, ctx)), count: total });
      },
    });

    api.route({
      method: 'POST',
      url: `${prefix}/-/pipelines`,
      schema: {
        params: projectPageParams,
        body: runPipelinePageBody,
        // A 400 is what stopped the pipeline, or the common answer to a body that does not parse.
        response: {
          201: pipelineSchema,
          400: z.union([runPipelineErrorsSchema, z.object({ message: z.unknown() })]),
        },
      },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const { ref, variables_attributes: attributes } = request.body;
        const variables = attributes.map(({ key, secret_value: value, variable_type }) => ({
          key,
          value,
          variable_type,
        }));
        try {
          const { ctx, pipeline } = await pipelines.createFromPage(actor, request.params.fullPath, {
            ref,
            variables,
          });
          return reply.status(201).send(presentPipeline(pipeline, ctx, config));
        } catch (error) {
          // GitLab's page answers what stopped the pipeline as a list, not as the API's `base`.
          if (!(error instanceof ValidationFailedError)) throw error;
          const base = (error.details as Record<string, readonly string[]> | undefined)?.base ?? [];
          const answer: RunPipelineErrors = { errors: [...base], warnings: [], total_warnings: 0 };
          return reply.status(400).send(answer);
        }
      },
    });

    api.route({
      method: 'GET',
      url: `${prefix}/-/pipelines/config_variables`,
      schema: {
        params: projectPageParams,
        querystring: configVariablesQuery,
        response: { 200: configVariablesSchema },
      },
      handler: async (request) => {
        const { sha_or_ref: shaOrRef, sha } = request.query;
        const ref = shaOrRef ?? sha;
        const { fullPath } = request.params;
        // No ref asked for: the default branch, as GitLab's form starts with.
        return pipelines.configVariables(request.currentUser, fullPath, ref ?? null);
      },
    });

    api.route({
      method: 'GET',
      url: `${prefix}/-/pipelines/:pipeline_id.json`,
      schema: { params: pipelinePageParams, response: { 200: pipelineDetailSchema } },
      handler: async (request, reply) => {
        const { fullPath, pipelineId } = request.params;
        const { ctx, view, upstream, manualVariablesCount } = await pipelinePages.get(
          request.currentUser,
          fullPath,
          pipelineId,
        );
        return withEtag(request, reply, {
          ...present(view, ctx),
          triggered_by: upstream,
          manual_variables_count: manualVariablesCount,
          metrics_path: `/${ctx.fullPath}/-/ci/prometheus_metrics/histograms`,
        });
      },
    });
  }
}
