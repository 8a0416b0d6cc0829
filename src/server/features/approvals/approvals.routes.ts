import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalSettingBody,
  approvalSettingSchema,
  approvalStateSchema,
  approveBody,
  createMergeRequestRuleBody,
  createProjectRuleBody,
  mergeRequestApprovalsSchema,
  mergeRequestRuleSchema,
  projectApprovalsBody,
  projectApprovalsSchema,
  projectRuleSchema,
  updateMergeRequestRuleBody,
  updateProjectRuleBody,
} from '../../../shared/api/approvals';
import type { Container } from '../../container';
import { reader, requireUser } from '../auth/api-auth';
import {
  presentApprovalState,
  presentMergeRequestApprovals,
  presentMergeRequestRule,
  presentProjectApprovals,
  presentProjectRule,
} from './approvals.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const projectParams = z.object({ id: z.string().min(1).max(1000) });
const projectRuleParams = projectParams.extend({ approval_rule_id: dbInt });
const mergeRequestParams = projectParams.extend({ merge_request_iid: dbInt });
const mergeRequestRuleParams = mergeRequestParams.extend({ approval_rule_id: dbInt });

const PROJECT = '/api/v4/projects/:id';
const MR = '/api/v4/projects/:id/merge_requests/:merge_request_iid';

/** GitLab's merge request approvals API: project settings and rules, a request's rules, approve and unapprove. */
export function registerApprovalRoutes(
  app: FastifyInstance,
  {
    approvals,
    approvalRules,
    approvalSettings,
    config,
  }: Pick<Container, 'approvals' | 'approvalRules' | 'approvalSettings' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const approvalsAnswer = async (result: Awaited<ReturnType<typeof approvals.forMergeRequest>>) =>
    presentMergeRequestApprovals(result.record, result.view, config);

  api.route({
    method: 'GET',
    url: `${PROJECT}/approvals`,
    schema: { params: projectParams, response: { 200: projectApprovalsSchema } },
    handler: async (request) =>
      presentProjectApprovals(await approvalSettings.read(reader(request), request.params.id)),
  });

  api.route({
    method: 'POST',
    url: `${PROJECT}/approvals`,
    schema: { params: projectParams, body: projectApprovalsBody, response: { 201: projectApprovalsSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request);
      const settings = await approvalSettings.updateProjectApprovals(actor, request.params.id, request.body);
      return reply.status(201).send(presentProjectApprovals(settings));
    },
  });

  api.route({
    method: 'GET',
    url: `${PROJECT}/merge_request_approval_setting`,
    schema: { params: projectParams, response: { 200: approvalSettingSchema } },
    handler: async (request) => approvalSettings.approvalSetting(requireUser(request), request.params.id),
  });

  api.route({
    method: 'PUT',
    url: `${PROJECT}/merge_request_approval_setting`,
    schema: { params: projectParams, body: approvalSettingBody, response: { 200: approvalSettingSchema } },
    handler: async (request) =>
      approvalSettings.updateApprovalSetting(requireUser(request), request.params.id, request.body),
  });

  api.route({
    method: 'GET',
    url: `${PROJECT}/approval_rules`,
    schema: { params: projectParams, response: { 200: z.array(projectRuleSchema) } },
    handler: async (request) =>
      (await approvalRules.listForProject(reader(request), request.params.id)).map((shown) =>
        presentProjectRule(shown, config),
      ),
  });

  api.route({
    method: 'GET',
    url: `${PROJECT}/approval_rules/:approval_rule_id`,
    schema: { params: projectRuleParams, response: { 200: projectRuleSchema } },
    handler: async (request) => {
      const { id, approval_rule_id: ruleId } = request.params;
      return presentProjectRule(await approvalRules.showForProject(reader(request), id, ruleId), config);
    },
  });

  api.route({
    method: 'POST',
    url: `${PROJECT}/approval_rules`,
    schema: { params: projectParams, body: createProjectRuleBody, response: { 201: projectRuleSchema } },
    handler: async (request, reply) => {
      const shown = await approvalRules.createForProject(
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(presentProjectRule(shown, config));
    },
  });

  api.route({
    method: 'PUT',
    url: `${PROJECT}/approval_rules/:approval_rule_id`,
    schema: { params: projectRuleParams, body: updateProjectRuleBody, response: { 200: projectRuleSchema } },
    handler: async (request) => {
      const { id, approval_rule_id: ruleId } = request.params;
      const shown = await approvalRules.updateForProject(requireUser(request), id, ruleId, request.body);
      return presentProjectRule(shown, config);
    },
  });

  api.route({
    method: 'DELETE',
    url: `${PROJECT}/approval_rules/:approval_rule_id`,
    schema: { params: projectRuleParams },
    handler: async (request, reply) => {
      const { id, approval_rule_id: ruleId } = request.params;
      await approvalRules.removeForProject(requireUser(request), id, ruleId);
      return reply.status(204).send();
    },
  });

  api.route({
    method: 'GET',
    url: `${MR}/approvals`,
    schema: { params: mergeRequestParams, response: { 200: mergeRequestApprovalsSchema } },
    handler: async (request) => {
      const { id, merge_request_iid: iid } = request.params;
      return approvalsAnswer(await approvals.forMergeRequest(reader(request), id, iid));
    },
  });

  api.route({
    method: 'GET',
    url: `${MR}/approval_state`,
    schema: { params: mergeRequestParams, response: { 200: approvalStateSchema } },
    handler: async (request) => {
      const { id, merge_request_iid: iid } = request.params;
      const { facts, groupViews } = await approvals.forMergeRequest(reader(request), id, iid);
      return presentApprovalState(facts, groupViews, config);
    },
  });

  api.route({
    method: 'POST',
    url: `${MR}/approve`,
    schema: { params: mergeRequestParams, body: approveBody, response: { 201: mergeRequestApprovalsSchema } },
    handler: async (request, reply) => {
      const { id, merge_request_iid: iid } = request.params;
      const { sha, approval_password: approvalPassword } = request.body;
      const result = await approvals.approve(requireUser(request), id, iid, { sha, approvalPassword });
      return reply.status(201).send(await approvalsAnswer(result));
    },
  });

  api.route({
    method: 'POST',
    url: `${MR}/unapprove`,
    schema: { params: mergeRequestParams, response: { 201: mergeRequestApprovalsSchema } },
    handler: async (request, reply) => {
      const { id, merge_request_iid: iid } = request.params;
      const result = await approvals.unapprove(requireUser(request), id, iid);
      return reply.status(201).send(await approvalsAnswer(result));
    },
  });

  api.route({
    method: 'PUT',
    url: `${MR}/reset_approvals`,
    schema: { params: mergeRequestParams },
    handler: async (request) => {
      const { id, merge_request_iid: iid } = request.params;
      return approvals.resetApprovals(requireUser(request), id, iid);
    },
  });

  api.route({
    method: 'GET',
    url: `${MR}/approval_rules`,
    schema: { params: mergeRequestParams, response: { 200: z.array(mergeRequestRuleSchema) } },
    handler: async (request) => {
      const { id, merge_request_iid: iid } = request.params;
      return (await approvalRules.listForMergeRequest(reader(request), id, iid)).map((shown) =>
        presentMergeRequestRule(shown, config),
      );
    },
  });

  api.route({
    method: 'POST',
    url: `${MR}/approval_rules`,
    schema: {
      params: mergeRequestParams,
      body: createMergeRequestRuleBody,
      response: { 201: mergeRequestRuleSchema },
    },
    handler: async (request, reply) => {
      const { id, merge_request_iid: iid } = request.params;
      const shown = await approvalRules.createForMergeRequest(requireUser(request), id, iid, request.body);
      return reply.status(201).send(presentMergeRequestRule(shown, config));
    },
  });

  api.route({
    method: 'PUT',
    url: `${MR}/approval_rules/:approval_rule_id`,
    schema: {
      params: mergeRequestRuleParams,
      body: updateMergeRequestRuleBody,
      response: { 200: mergeRequestRuleSchema },
    },
    handler: async (request) => {
      const { id, merge_request_iid: iid, approval_rule_id: ruleId } = request.params;
      const shown = await approvalRules.updateForMergeRequest(
        requireUser(request),
        id,
        iid,
        ruleId,
        request.body,
      );
      return presentMergeRequestRule(shown, config);
    },
  });

  api.route({
    method: 'DELETE',
    url: `${MR}/approval_rules/:approval_rule_id`,
    schema: { params: mergeRequestRuleParams },
    handler: async (request, reply) => {
      const { id, merge_request_iid: iid, approval_rule_id: ruleId } = request.params;
      await approvalRules.removeForMergeRequest(requireUser(request), id, iid, ruleId);
      return reply.status(204).send();
    },
  });
}
