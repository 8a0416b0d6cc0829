import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abuseReportListQuerySchema,
  abuseReportSchema,
  createAbuseReportBodySchema,
  createAbuseReportResponseSchema,
} from '../../../shared/api/abuseReports';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';
import { presentAbuseReport } from './abuse-reports.presenter';
import { ABUSE_REPORT_MESSAGES } from './abuse-reports.service';

const BRACKETED = /^(\w+)\[(\w+)\]$/;

/** A form's `abuse_report[category]` keys as the nested object a JSON client sends. */
function nestBracketKeys(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const nested: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = BRACKETED.exec(key);
    if (!match?.[1] || !match[2]) {
      nested[key] = value;
      continue;
    }
    const group = (nested[match[1]] ?? {}) as Record<string, unknown>;
    group[match[2]] = value;
    nested[match[1]] = group;
  }
  return nested;
}

/** Report abuse (the drawer's form) and the administrators' list of reports. */
export function registerAbuseReportRoutes(
  app: FastifyInstance,
  { abuseReports, config }: Pick<Container, 'abuseReports' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/-/abuse_reports',
    schema: {
      body: z.preprocess(nestBracketKeys, createAbuseReportBodySchema),
      response: { 201: createAbuseReportResponseSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { user_id: userId, abuse_report: form } = request.body;
      const report = await abuseReports.report(actor, {
        userId,
        category: form.category,
        reportedFromUrl: form.reported_from_url,
        message: form.message,
      });
      return reply.status(201).send({ id: report.id, message: ABUSE_REPORT_MESSAGES.thanks });
    },
  });

  api.route({
    method: 'GET',
    url: '/admin/abuse_reports.json',
    schema: {
      querystring: abuseReportListQuerySchema.extend(paginationQuery.shape),
      response: { 200: z.array(abuseReportSchema) },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_read');
      const page = toPage(request.query);
      const { rows, total } = await abuseReports.list(actor, { status: request.query.status }, page);
      setPaginationHeaders(request, reply, page, total);
      return rows.map((row) => presentAbuseReport(row, config));
    },
  });
}
