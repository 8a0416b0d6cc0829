import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceLabelEventSchema, type ResourceLabelEvent } from '../../../shared/api/labels';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Actor } from '../../auth/permissions';
import type { Container } from '../../container';
import { reader } from '../auth/api-auth';
import { presentUserBasic } from '../users/user.presenter';
import { presentLabelBasic } from './labels.presenter';
import type { LabelTargetRef, LabelsService } from './labels.service';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const projectId = z.string().min(1).max(1000);

type Found = Awaited<ReturnType<LabelsService['events']>>['rows'][number];

function present(row: Found, target: LabelTargetRef, config: Container['config']): ResourceLabelEvent {
  return {
    id: row.event.id,
    user: row.user ? presentUserBasic(row.user, config) : null,
    created_at: row.event.createdAt.toISOString(),
    resource_type: target.type,
    resource_id: target.id,
    label: row.label ? presentLabelBasic(row.label) : null,
    action: row.event.action,
  };
}

/** GitLab's resource label events of merge requests and issues (list, one page at a time). */
export function registerLabelEventRoutes(
  app: FastifyInstance,
  {
    labels,
    mergeRequests,
    issues,
    config,
  }: Pick<Container, 'labels' | 'mergeRequests' | 'issues' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const kinds = [
    {
      url: '/api/v4/projects/:id/merge_requests/:merge_request_iid/resource_label_events',
      params: z.object({ id: projectId, merge_request_iid: dbInt }),
      // Read as the merge request is read (404 or 403 otherwise).
      target: async (actor: Actor, ref: string, iid: number): Promise<LabelTargetRef> => {
        const { record } = await mergeRequests.findReadable(actor, ref, iid);
        return { type: 'MergeRequest', id: record.mergeRequest.id };
      },
    },
    {
      url: '/api/v4/projects/:id/issues/:issue_iid/resource_label_events',
      params: z.object({ id: projectId, issue_iid: dbInt }),
      target: async (actor: Actor, ref: string, iid: number): Promise<LabelTargetRef> => {
        const { record } = await issues.findReadable(actor, ref, iid);
        return { type: 'Issue', id: record.issue.id };
      },
    },
  ];
  for (const kind of kinds) {
    api.route({
      method: 'GET',
      url: kind.url,
      schema: {
        params: kind.params,
        querystring: paginationQuery,
        response: { 200: z.array(resourceLabelEventSchema) },
      },
      handler: async (request, reply) => {
        const params = kind.params.parse(request.params);
        const iid = 'merge_request_iid' in params ? params.merge_request_iid : params.issue_iid;
        const target = await kind.target(reader(request), params.id, iid);
        const page = toPage(request.query);
        const { rows, total } = await labels.events(target, page);
        setPaginationHeaders(request, reply, page, total);
        return rows.map((row) => present(row, target, config));
      },
    });
  }
}
