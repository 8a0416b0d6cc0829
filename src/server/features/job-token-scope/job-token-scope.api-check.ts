import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';

const PROJECT_ROUTE = '/api/v4/projects/:id';

/**
 * A CI job token that comes to a project's API route (`/projects/:id/...`) is held to that
 * project's job token scope, as GitLab's `find_project!` holds it: from a project the target does
 * not allow, GitLab's 403 "Authentication by CI/CD job token not allowed ...". Checked once, here,
 * for every route that takes job tokens, so none can forget it; git over HTTP checks it itself.
 * A project the job's user cannot read is left to the route (its 404).
 */
export function registerJobTokenScopeCheck(
  app: FastifyInstance,
  { jobTokenScope, projects }: Pick<Container, 'jobTokenScope' | 'projects'>,
): void {
  app.addHook('preHandler', async (request) => {
    const { auth } = request;
    if (auth.method !== 'job_token' || !auth.api) return;
    const url = request.routeOptions.url ?? '';
    const ref = (request.params as { id?: unknown } | undefined)?.id;
    const projectRoute = url === PROJECT_ROUTE || url.startsWith(`${PROJECT_ROUTE}/`);
    if (!projectRoute || typeof ref !== 'string') return;
    // A project the token cannot see is answered 404 by the route itself.
    const target = await projects.loadProject(request.currentUser, ref).catch(() => null);
    if (target) await jobTokenScope.assertAllows(auth.projectId, target);
  });
}
