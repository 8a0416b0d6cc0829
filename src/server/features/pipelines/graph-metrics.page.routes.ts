import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GRAPH_HISTOGRAM_NAMES } from '../../../shared/ci/status/graphMetrics';
import type { Container } from '../../container';
import { fullPathOf, projectPagePrefixes, projectPathFields } from '../../page-paths';

/** A report holds GitLab's three histograms once each; more is never sent by its frontend. */
const MAX_OBSERVATIONS = 20;

const histogramsBody = z.object({
  histograms: z
    .array(
      z.object({
        name: z.enum(GRAPH_HISTOGRAM_NAMES as [string, ...string[]]),
        value: z.coerce.number().finite().nonnegative(),
      }),
    )
    .max(MAX_OBSERVATIONS),
});

/**
 * GitLab's `POST {project}/-/ci/prometheus_metrics/histograms`: the pipeline graph reports how
 * long its links took to draw, how many there are and links per job (spec 002 §7). 201 `{}`.
 */
export function registerGraphMetricsRoutes(
  app: FastifyInstance,
  { graphMetrics }: Pick<Container, 'graphMetrics'>,
): void {
  for (const prefix of projectPagePrefixes())
    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: `${prefix}/-/ci/prometheus_metrics/histograms`,
      schema: { params: z.object(projectPathFields), body: histogramsBody },
      handler: async (request, reply) => {
        await graphMetrics.record(
          request.currentUser,
          fullPathOf(request.params),
          request.body.histograms as Parameters<typeof graphMetrics.record>[2],
        );
        return reply.code(201).send({});
      },
    });
}
