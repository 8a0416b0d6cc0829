import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blobCodeOwnersQuery,
  blobCodeOwnersSchema,
  type BlobCodeOwnersJson,
} from '../../../shared/api/codeOwners';
import type { Container } from '../../container';
import { projectPageParams, projectPagePrefixes } from '../../page-paths';
import { reader } from '../auth/api-auth';
import type { BlobCodeOwners } from './code-owners.service';

const present = (owners: BlobCodeOwners): BlobCodeOwnersJson => ({
  code_owners_path: owners.codeOwnersPath,
  sections: owners.sections.map((section) => ({
    name: section.name,
    owners: section.users.map((user) => ({
      id: user.id,
      username: user.username,
      name: user.name,
      web_url: `/${user.username}`,
    })),
  })),
});

/**
 * `{project}/-/code_owners?ref=&path=`: the "Code owners" line of a file's page, from the
 * CODEOWNERS of the ref the page shows.
 */
export function registerCodeOwnersPageRoutes(
  app: FastifyInstance,
  { codeOwners }: Pick<Container, 'codeOwners'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const prefix of projectPagePrefixes()) {
    api.route({
      method: 'GET',
      url: `${prefix}/-/code_owners`,
      schema: {
        params: projectPageParams,
        querystring: blobCodeOwnersQuery,
        response: { 200: blobCodeOwnersSchema },
      },
      handler: async (request) => {
        const { ref, path } = request.query;
        return present(await codeOwners.blobCodeOwners(reader(request), request.params.fullPath, ref, path));
      },
    });
  }
}
