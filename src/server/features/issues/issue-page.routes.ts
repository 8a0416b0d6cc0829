import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  followUpParamsSchema,
  issuePageSchema,
  newIssueFormSchema,
  timelineEventSchema,
} from '../../../shared/api/issues';
import { NotFoundError } from '../../errors';
import type { Container } from '../../container';
import { noteablePageParams, projectPageParams, projectPagePrefixes } from '../../page-paths';
import { presentIssuePage, presentTimelineEvent } from './issues.presenter';
import { issueTaskBodySchema } from '../../../shared/api/taskLists';
import type { Actor } from '../../auth/permissions';
import { taskUpdateOf } from '../../markdown/task-toggle';
import { requireUser } from '../auth/api-auth';
import type { IssuesService } from './issues.service';

type IssueDetailFound = Awaited<ReturnType<IssuesService['show']>>;

/**
 * The issue page's JSON at GitLab's addresses: `{project}/-/issues/{iid}.json` (the REST fields
 * plus rendered HTML and what the viewer may do) and an incident's timeline,
 * `{project}/-/issues/{iid}/timeline_events.json`, and the new-issue form's start for an issue that
 * resolves threads of a merge request, `{project}/-/issues/new.json`.
 */
export function registerIssuePageRoutes(
  app: FastifyInstance,
  {
    issues,
    timelineEvents,
    references,
    followUpIssues,
    config,
  }: Pick<Container, 'issues' | 'timelineEvents' | 'references' | 'followUpIssues' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const presentPage = async (actor: Actor, { ctx, record, permissions }: IssueDetailFound) => {
    const markdown = await references.writerFor(actor, ctx, {
      blocks: [record.issue.description],
      inlines: [record.issue.title],
    });
    return presentIssuePage(record, permissions, ctx.project, config, markdown);
  };
  for (const prefix of projectPagePrefixes()) {
    api.route({
      method: 'GET',
      url: `${prefix}/-/issues/new.json`,
      schema: {
        params: projectPageParams,
        querystring: followUpParamsSchema,
        response: { 200: newIssueFormSchema },
      },
      handler: async (request) => {
        const form = await followUpIssues.build(request.currentUser, request.params.fullPath, request.query);
        if (!form) throw new NotFoundError('Merge Request');
        return form;
      },
    });

    const base = `${prefix}/-/issues/:iid`;
    api.route({
      method: 'GET',
      url: `${base}.json`,
      schema: { params: noteablePageParams, response: { 200: issuePageSchema } },
      handler: async (request) => {
        const { fullPath, iid } = request.params;
        return presentPage(request.currentUser, await issues.show(request.currentUser, fullPath, iid));
      },
    });

    // GitLab's issue page saves a ticked task list item here (`update_task`), answering the page JSON.
    api.route({
      method: ['PUT', 'PATCH'],
      url: `${base}.json`,
      schema: { params: noteablePageParams, body: issueTaskBodySchema, response: { 200: issuePageSchema } },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const { fullPath, iid } = request.params;
        const task = taskUpdateOf(request.body.issue.update_task);
        return presentPage(actor, await issues.updateTask(actor, fullPath, iid, task));
      },
    });

    api.route({
      method: 'GET',
      url: `${base}/timeline_events.json`,
      schema: { params: noteablePageParams, response: { 200: z.array(timelineEventSchema) } },
      handler: async (request) => {
        const { fullPath, iid } = request.params;
        const { ctx, events } = await timelineEvents.list(request.currentUser, fullPath, iid);
        const markdown = await references.writerFor(request.currentUser, ctx, {
          blocks: events.map((record) => record.event.note),
        });
        return events.map((record) => presentTimelineEvent(record, config, markdown));
      },
    });
  }
}
