import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerCsrfCheck, registerCurrentUser } from './auth/current-user';
import { registerTokenScopeCheck } from './auth/token-scopes';
import { createContainer, type AppDeps, type Container } from './container';
import { AppError, ApplicationRateLimitError, InsufficientScopeError, TooManyRequestsError } from './errors';
import { registerAccessTokenRoutes } from './features/access-tokens/access-tokens.routes';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { registerBlobRoutes } from './features/diffs/blob.routes';
import { registerCompareRoutes } from './features/diffs/compare.routes';
import { registerDiffRoutes } from './features/diffs/diffs.routes';
import { registerOAuthRoutes } from './features/auth/oauth.routes';
import { registerLabelRoutes } from './features/labels/labels.api.routes';
import { registerLabelEventRoutes } from './features/labels/label-events.api.routes';
import { registerAwardEmojiRoutes } from './features/award-emoji/award-emoji.routes';
import { registerSuggestionRoutes } from './features/suggestions/suggestions.routes';
import { registerUploadRoutes } from './features/uploads/uploads.routes';
import { registerAbuseReportRoutes } from './features/abuse-reports/abuse-reports.routes';
import { registerGitHttpRoutes } from './features/git-http/git-http.routes';
import { registerGroupRoutes } from './features/groups/groups.routes';
import { registerHealthRoutes } from './features/health/health.routes';
import { registerIssuePageRoutes } from './features/issues/issue-page.routes';
import { registerIssueRoutes } from './features/issues/issues.routes';
import { registerMetricImageRoutes } from './features/issues/metric-images.routes';
import { registerMemberRoutes } from './features/members/members.routes';
import { registerMetadataRoutes } from './features/metadata/metadata.routes';
import { registerMergeRequestPageRoutes } from './features/merge-requests/merge-request-page.routes';
import { registerMergeRequestRoutes } from './features/merge-requests/merge-requests.routes';
import { registerBlockRoutes } from './features/merge-requests/blocks.routes';
import { registerReviewerRoutes } from './features/merge-requests/reviewers.routes';
import { registerContextCommitRoutes } from './features/merge-requests/context-commits.routes';
import { registerCommitActionRoutes } from './features/merge-requests/commit-actions.routes';
import { registerStatusCheckRoutes } from './features/status-checks/status-checks.routes';
import { registerApprovalRoutes } from './features/approvals/approvals.routes';
import { registerApprovalSettingsApiRoutes } from './features/approvals/approval-settings.api.routes';
import { registerWidgetRoutes } from './features/merge-requests/widget.routes';
import { registerUserCalloutRoutes } from './features/user-callouts/user-callouts.routes';
import { registerMergeTrainRoutes } from './features/merge-trains/merge-trains.routes';
import { registerDraftNotesApiRoutes } from './features/notes/draft-notes-api.routes';
import { registerDraftNotesPageRoutes } from './features/notes/draft-notes-page.routes';
import { registerNotesApiRoutes } from './features/notes/notes-api.routes';
import { registerNotesPageRoutes } from './features/notes/notes-page.routes';
import { registerProjectRoutes } from './features/projects/projects.routes';
import { registerProtectedBranchRoutes } from './features/protected-branches/protected-branches.routes';
import { registerRepositoryRoutes } from './features/repository/repository.routes';
import { registerTagRoutes } from './features/repository/tags.api.routes';
import { registerUserPreferencesRoutes } from './features/users/user-preferences.routes';
import { registerUserRoutes } from './features/users/users.routes';
import { registerCiVariableRoutes } from './features/ci-variables/ci-variables.routes';
import { registerArtifactRoutes } from './features/pipelines/artifacts.api.routes';
import { registerJobActionRoutes } from './features/pipelines/job-actions.api.routes';
import { registerJobRoutes } from './features/pipelines/jobs.api.routes';
import { registerResourceGroupRoutes } from './features/pipelines/resource-groups.api.routes';
import { registerPipelineRoutes } from './features/pipelines/pipelines.api.routes';
import { registerTestReportRoutes } from './features/pipelines/test-reports.api.routes';
import { registerBridgeRoutes } from './features/pipelines/bridges.api.routes';
import { registerJobTokenScopeCheck } from './features/job-token-scope/job-token-scope.api-check';
import { registerJobTokenScopeRoutes } from './features/job-token-scope/job-token-scope.api.routes';
import { registerMergeRequestPipelineRoutes } from './features/pipelines/merge-request-pipelines.api.routes';
import { registerPipelinePageRoutes } from './features/pipelines/pipelines.page.routes';
import { registerGraphMetricsRoutes } from './features/pipelines/graph-metrics.page.routes';
import { registerPipelineDropdownRoutes } from './features/pipelines/pipeline-dropdowns.page.routes';
import { registerCodeOwnersPageRoutes } from './features/code-owners/code-owners.page.routes';
import { registerJobTracePageRoutes } from './features/pipelines/job-trace.page.routes';
import { registerArtifactsPageRoutes } from './features/pipelines/artifacts.page.routes';
import { registerRunnerJobRoutes } from './features/pipelines/runner-jobs.api.routes';
import { registerPipelineScheduleRoutes } from './features/pipeline-schedules/pipeline-schedules.api.routes';
import { registerPipelineTriggerRoutes } from './features/pipeline-triggers/pipeline-triggers.api.routes';
import { registerCommitStatusRoutes } from './features/pipelines/commit-statuses.api.routes';
import { registerRunnerRoutes } from './features/runners/runners.api.routes';
import { registerRunnerManagementRoutes } from './features/runners/runners.manage.api.routes';
import { registerRunnerPageRoutes } from './features/runners/runners.page.routes';
import { registerGraphQL } from './graphql/graphql';
import { registerMarkdownRoutes } from './features/references/markdown.routes';
import { registerReadOnlyMode } from './read-only';
import { RequestLog } from './request-log';
import { registerSecurityHeaders } from './security-headers';
import { registerApiParams, registerBodyParsers } from './api-v4/request-params';
import { isValidationError, validationMessage } from './validation';

/** `WEB_DIST_DIR` lets parallel local test runs each serve their own build. */
export const webDistDir =
  process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../dist/web', import.meta.url));

/** Request bodies above this are refused with 413 (git pushes stream past it: they are not parsed). */
export const BODY_LIMIT = 2 * 1024 * 1024;

export type BuildAppOptions = {
  /** Off in tests; `stream` is where lines go (standard output when absent). */
  logger?: false | { level: string; stream?: { write(line: string): void } };
  /** Tests pass the container they arrange state with, so in-memory registries (push hooks) are shared. */
  container?: Container;
  /** Where the built web app is (webDistDir when absent). */
  webDistDir?: string;
};

/** Builds the whole server without listening, so tests drive it with `inject()` or a real port. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    logController: options.logger ? new RequestLog() : undefined,
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For names the client only when a proxy we run wrote it (TRUSTED_PROXIES);
    // from anyone else it is ignored, so no client can pick the address it is limited and logged by.
    trustProxy: deps.config.trustedProxies,
    // A request's id is in every log line of it and in its answer's X-Request-Id, as GitLab's
    // correlation id: unique across processes and restarts, unlike Fastify's counter.
    genReqId: () => randomUUID(),
    // Merge request paths hold namespaces with slashes; allow long URLs.
    routerOptions: { maxParamLength: 1000 },
  });
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  registerBodyParsers(app);
  registerApiParams(app);

  const container = options.container ?? createContainer(deps);
  container.log.writeTo(app.log);
  app.addHook('onClose', async () => {
    // What requests left running after their answer ends before the database closes.
    await container.background.settled();
    if (!deps.renderPool) await container.renderPool.close();
  });
  registerCurrentUser(app, container);
  registerTokenScopeCheck(app);
  registerJobTokenScopeCheck(app, container);
  registerCsrfCheck(app);
  registerReadOnlyMode(app, deps.config);
  // zod validates and serializes our routes; GraphQL keeps Fastify's own JSON-schema compilers.
  await app.register(async (scope) => {
    scope.setValidatorCompiler(validatorCompiler);
    scope.setSerializerCompiler(serializerCompiler);
    await registerRoutes(scope, container);
  });
  await registerGraphQL(app, container);
  await registerWebApp(app, options.webDistDir ?? webDistDir);
  return app;
}

async function registerRoutes(app: FastifyInstance, container: Container): Promise<void> {
  registerHealthRoutes(app, container);
  registerMetadataRoutes(app);
  registerProtectedBranchRoutes(app, container);
  registerRepositoryRoutes(app, container);
  registerTagRoutes(app, container);
  await registerGitHttpRoutes(app, container);
  registerProjectRoutes(app, container);
  registerGroupRoutes(app, container);
  registerLabelRoutes(app, container);
  registerLabelEventRoutes(app, container);
  registerMemberRoutes(app, container);
  registerAuthRoutes(app, container);
  registerOAuthRoutes(app, container);
  registerUserRoutes(app, container);
  registerAccessTokenRoutes(app, container);
  registerMergeRequestRoutes(app, container);
  registerMergeRequestPageRoutes(app, container);
  registerBlockRoutes(app, container);
  registerReviewerRoutes(app, container);
  registerContextCommitRoutes(app, container);
  registerStatusCheckRoutes(app, container);
  registerApprovalRoutes(app, container);
  registerApprovalSettingsApiRoutes(app, container);
  registerCommitActionRoutes(app, container);
  registerWidgetRoutes(app, container);
  registerUserCalloutRoutes(app, container);
  registerMergeTrainRoutes(app, container);
  registerDiffRoutes(app, container);
  registerBlobRoutes(app, container);
  registerCompareRoutes(app, container);
  registerUserPreferencesRoutes(app, container);
  registerIssueRoutes(app, container);
  await registerMetricImageRoutes(app, container);
  registerIssuePageRoutes(app, container);
  registerAwardEmojiRoutes(app, container);
  registerSuggestionRoutes(app, container);
  await registerUploadRoutes(app, container);
  registerAbuseReportRoutes(app, container);
  registerNotesPageRoutes(app, container);
  registerDraftNotesPageRoutes(app, container);
  registerNotesApiRoutes(app, container);
  registerDraftNotesApiRoutes(app, container);
  registerMarkdownRoutes(app, container);
  registerRunnerRoutes(app, container);
  registerRunnerManagementRoutes(app, container);
  registerRunnerPageRoutes(app, container);
  await registerRunnerJobRoutes(app, container);
  await registerArtifactRoutes(app, container);
  registerPipelineRoutes(app, container);
  registerTestReportRoutes(app, container);
  registerBridgeRoutes(app, container);
  registerJobTokenScopeRoutes(app, container);
  registerPipelineScheduleRoutes(app, container);
  registerPipelineTriggerRoutes(app, container);
  registerCommitStatusRoutes(app, container);
  registerMergeRequestPipelineRoutes(app, container);
  registerPipelinePageRoutes(app, container);
  registerGraphMetricsRoutes(app, container);
  registerPipelineDropdownRoutes(app, container);
  registerCodeOwnersPageRoutes(app, container);
  registerJobTracePageRoutes(app, container);
  registerArtifactsPageRoutes(app, container);
  registerJobRoutes(app, container);
  registerResourceGroupRoutes(app, container);
  registerJobActionRoutes(app, container);
  registerCiVariableRoutes(app, container);
}

/** RFC 6750's challenge, with GitLab's realm (rack-oauth2's default) and the scopes that would do. */
const bearerChallenge = (error: InsufficientScopeError) =>
  `Bearer realm="Protected by OAuth 2.0", error="insufficient_scope", error_description="${error.message}", scope="${error.scope}"`;

function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InsufficientScopeError) {
      return reply
        .status(403)
        .header('www-authenticate', bearerChallenge(error))
        .send({ error: 'insufficient_scope', error_description: error.message, scope: error.scope });
    }
    if (error instanceof TooManyRequestsError) {
      const inGitLabApi = error instanceof ApplicationRateLimitError && request.url.startsWith('/api/v4/');
      return reply
        .status(429)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ message: inGitLabApi ? { error: error.message } : error.message });
    }
    if (error instanceof AppError)
      return reply.status(error.statusCode).send({ message: error.details ?? error.message });
    if (isValidationError(error)) return reply.status(400).send({ message: validationMessage(error) });
    if (error.statusCode === 413) return reply.status(413).send({ message: '413 Request Entity Too Large' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    // The error's own text may name tables, paths or secrets: it goes to the log, under the
    // request id the client is given to quote.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: '500 Internal Server Error', request_id: request.id });
  });
}

const NON_PAGE_PREFIXES = ['/api/', '/oauth/', '/-/health', '/-/liveness', '/-/readiness', '/assets/'];

/** Serves the built React app; any other GET that wants HTML gets index.html and the client router decides. */
async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) await app.register(fastifyStatic, { root, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !NON_PAGE_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasBuild) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ message: '404 Not Found' });
  });
}
