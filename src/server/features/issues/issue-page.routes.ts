import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issuePageSchema, timelineEventSchema } from '../../../shared/api/issues';
import type { Container } from '../../container';
import { noteablePageParams, projectPagePrefixes } from '../../page-paths';
import { presentIssuePage, presentTimelineEvent } from './issues.presenter';

/**
 * The issue page's JSON at GitLab's addresses: `{project}/-/issues/{iid}.json` (the REST fields
 * plus rendered HTML and what the viewer may do) and an incident's timeline,
 * `{project}/-/issues/{iid}/timeline_events.json`.
 */
export function registerIssuePageRoutes(
  app: FastifyInstance,
  { issues, timelineEvents, config }: Pick<Container, 'issues' | 'timelineEvents' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const prefix of projectPagePrefixes()) {
    const base = `${prefix}/-/issues/:iid`;
    api.route({
      method: 'GET',
      url: `${base}.json`,
      schema: { params: noteablePageParams, response: { 200: issuePageSchema } },
      handler: async (request) => {
        const { fullPath, iid } = request.params;
        const { ctx, record, permissions } = await issues.show(request.currentUser, fullPath, iid);
        return presentIssuePage(record, permissions, ctx.project, config);
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/timeline_events.json`,
      schema: { params: noteablePageParams, response: { 200: z.array(timelineEventSchema) } },
      handler: async (request) => {
        const { fullPath, iid } = request.params;
        const events = await timelineEvents.list(request.currentUser, fullPath, iid);
        return events.map((record) => presentTimelineEvent(record, config));
      },
    });
  }
}
