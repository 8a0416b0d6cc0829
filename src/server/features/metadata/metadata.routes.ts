import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/api-auth';

/** The GitLab release whose REST API our shapes follow; clients compare it to decide what to call (docs/decisions.md). */
export const GITLAB_API_VERSION = '19.5.0';
/** GitLab puts its commit here; clients only show it, so it names this server instead. */
const REVISION = 'mergeway';

const metadataSchema = z.object({
  version: z.string(),
  revision: z.string(),
  kas: z.object({
    enabled: z.boolean(),
    externalUrl: z.string().nullable(),
    externalK8sProxyUrl: z.string().nullable(),
    version: z.string().nullable(),
  }),
  enterprise: z.boolean(),
});

/** No agent server for Kubernetes here, and no Enterprise Edition features behind a licence. */
const METADATA: z.infer<typeof metadataSchema> = {
  version: GITLAB_API_VERSION,
  revision: REVISION,
  kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
  enterprise: false,
};

/** GitLab's `GET /metadata` and `GET /version` (since GitLab 15.5 a mirror of it), for signed-in callers. */
export function registerMetadataRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/api/v4/metadata', '/api/v4/version']) {
    api.route({
      method: 'GET',
      url,
      schema: { response: { 200: metadataSchema } },
      handler: async (request) => {
        requireUser(request, 'user_read');
        return METADATA;
      },
    });
  }
}
