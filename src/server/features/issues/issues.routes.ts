import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createIssueRequestSchema,
  issueDetailSchema,
  issueSchema,
  listIssuesQuerySchema,
  listUserIssuesQuerySchema,
  updateIssueBodySchema,
} from '../../../shared/api/issues';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { reader, requireUser } from '../auth/api-auth';
import { presentIssue, presentIssueDetail } from './issues.presenter';
import type { IssueView } from './issues.service';
import type { CurrentUser } from '../../auth/current-user';
import type { LabelParams } from '../../../shared/api/labels';
import { presentLabelBasic } from '../labels/labels.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
/** A project id or its URL-encoded full path (`group%2Fproject`), as GitLab accepts. */
const projectParams = z.object({ id: z.string().min(1).max(1000) });
const issueParams = projectParams.extend({ issue_iid: dbInt });

const ISSUES = '/api/v4/projects/:id/issues';
const ONE_ISSUE = `${ISSUES}/:issue_iid`;

/** GitLab's issues API (REST v4): list (per project and across projects), show, create, edit, delete. */
export function registerIssueRoutes(
  app: FastifyInstance,
  {
    issues,
    followUpIssues,
    labels,
    config,
  }: Pick<Container, 'issues' | 'followUpIssues' | 'labels' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Applies `labels`, `add_labels` and `remove_labels` to an issue just written, and shows the result. */
  async function withLabelParams(
    actor: CurrentUser,
    projectRef: string,
    record: IssueView,
    body: LabelParams,
  ) {
    const target = { type: 'Issue' as const, id: record.issue.id };
    const now = await labels.applyParams(actor, projectRef, target, body);
    return now ? { ...record, labels: now } : record;
  }

  /** `with_labels_details=true`: GitLab's label objects instead of names. */
  const labelsShown = (record: IssueView, details: boolean) =>
    details ? { labels: record.labels.map(presentLabelBasic) } : {};

  api.route({
    method: 'GET',
    url: ISSUES,
    schema: {
      params: projectParams,
      querystring: listIssuesQuerySchema.extend(paginationQuery.shape),
      response: { 200: z.array(issueSchema) },
    },
    handler: async (request, reply) => {
      const page = toPage(request.query);
      const { items, total } = await issues.list(reader(request), request.params.id, request.query, page);
      setPaginationHeaders(request, reply, page, total);
      return items.map((record) => ({
        ...presentIssue(record, config),
        ...labelsShown(record, request.query.with_labels_details),
      }));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/issues',
    schema: {
      querystring: listUserIssuesQuerySchema.extend(paginationQuery.shape),
      response: { 200: z.array(issueSchema) },
    },
    handler: async (request, reply) => {
      const actor = reader(request);
      // Like GitLab, only `scope=all` may be asked anonymously.
      if (request.query.scope !== 'all') requireUser(request, 'api_read');
      const page = toPage(request.query);
      const { items, total } = await issues.listForUser(actor, request.query, page);
      setPaginationHeaders(request, reply, page, total);
      return items.map((record) => ({
        ...presentIssue(record, config),
        ...labelsShown(record, request.query.with_labels_details),
      }));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/issues/:id',
    schema: { params: z.object({ id: dbInt }), response: { 200: issueDetailSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_read');
      const { record } = await issues.showById(actor, request.params.id);
      return presentIssueDetail(record, config);
    },
  });

  api.route({
    method: 'POST',
    url: ISSUES,
    schema: { params: projectParams, body: createIssueRequestSchema, response: { 201: issueDetailSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id } = request.params;
      labels.checkParams(request.body);
      // An issue that takes over threads of a merge request resolves them once it exists.
      const { record } =
        request.body.merge_request_to_resolve_discussions_of === undefined
          ? await issues.create(actor, id, request.body)
          : await followUpIssues.create(actor, id, request.body);
      const labelled = await withLabelParams(actor, id, record, request.body);
      return reply.status(201).send(presentIssueDetail(labelled, config));
    },
  });

  api.route({
    method: 'GET',
    url: ONE_ISSUE,
    schema: { params: issueParams, response: { 200: issueDetailSchema } },
    handler: async (request) => {
      const { id, issue_iid: iid } = request.params;
      const { record } = await issues.show(reader(request), id, iid);
      return presentIssueDetail(record, config);
    },
  });

  api.route({
    method: 'PUT',
    url: ONE_ISSUE,
    schema: { params: issueParams, body: updateIssueBodySchema, response: { 200: issueDetailSchema } },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const { id, issue_iid: iid } = request.params;
      labels.checkParams(request.body);
      const { record } = await issues.update(actor, id, iid, request.body);
      return presentIssueDetail(await withLabelParams(actor, id, record, request.body), config);
    },
  });

  api.route({
    method: 'DELETE',
    url: ONE_ISSUE,
    schema: { params: issueParams },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, issue_iid: iid } = request.params;
      await issues.remove(actor, id, iid);
      return reply.status(204).send();
    },
  });
}
