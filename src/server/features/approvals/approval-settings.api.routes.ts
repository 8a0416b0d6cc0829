import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationApprovalSettingsBody,
  applicationApprovalSettingsSchema,
  approvalSettingBody,
  approvalSettingSchema,
} from '../../../shared/api/approvals';
import type { Container } from '../../container';
import { requireUser } from '../auth/api-auth';

const groupParams = z.object({ id: z.string().min(1).max(1000) });
const GROUP = '/api/v4/groups/:id';

/**
 * GitLab's merge request approval settings above the project: a group's
 * (`/groups/:id/merge_request_approval_setting`, its Owners) and the instance's, which GitLab
 * keeps among its application settings (`/application/settings`, administrators).
 */
export function registerApprovalSettingsApiRoutes(
  app: FastifyInstance,
  { approvalSettings }: Pick<Container, 'approvalSettings'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: `${GROUP}/merge_request_approval_setting`,
    schema: { params: groupParams, response: { 200: approvalSettingSchema } },
    handler: async (request) =>
      approvalSettings.groupApprovalSetting(requireUser(request), request.params.id),
  });

  api.route({
    method: 'PUT',
    url: `${GROUP}/merge_request_approval_setting`,
    schema: { params: groupParams, body: approvalSettingBody, response: { 200: approvalSettingSchema } },
    handler: async (request) =>
      approvalSettings.updateGroupApprovalSetting(requireUser(request), request.params.id, request.body),
  });

  api.route({
    method: 'GET',
    url: '/api/v4/application/settings',
    schema: { response: { 200: applicationApprovalSettingsSchema } },
    handler: async (request) => approvalSettings.instanceApprovalSetting(requireUser(request)),
  });

  api.route({
    method: 'PUT',
    url: '/api/v4/application/settings',
    schema: { body: applicationApprovalSettingsBody, response: { 200: applicationApprovalSettingsSchema } },
    handler: async (request) =>
      approvalSettings.updateInstanceApprovalSetting(requireUser(request), request.body),
  });
}
