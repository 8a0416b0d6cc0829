import { z } from 'zod';

/** Project paths nest up to this many namespaces in page URLs, as the web app's routes do. */
export const MAX_PAGE_NAMESPACE_DEPTH = 4;

/** `/:ns0/:project`, `/:ns0/:ns1/:project` ...: one route per depth, since a path parameter holds no slash. */
export const projectPagePrefixes = (): string[] =>
  Array.from({ length: MAX_PAGE_NAMESPACE_DEPTH }, (_, depth) => {
    const namespaces = Array.from({ length: depth + 1 }, (_, i) => `:ns${i}`).join('/');
    return `/${namespaces}/:project`;
  });

const segment = z.string().min(1).max(255);

/** The params of a `{project}/-/{noteables}/{iid}` page route, with the project's full path joined again. */
export const noteablePageParams = z
  .object({
    ns0: segment,
    ns1: segment.optional(),
    ns2: segment.optional(),
    ns3: segment.optional(),
    project: segment,
    iid: z.coerce.number().int().positive().max(2_147_483_647),
  })
  .transform(({ ns0, ns1, ns2, ns3, project, iid }) => ({
    fullPath: [ns0, ns1, ns2, ns3, project].filter((part) => part !== undefined).join('/'),
    iid,
  }));
