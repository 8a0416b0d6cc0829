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

/** A page route's id parameters (iids, note ids, version ids). */
export const pageId = z.coerce.number().int().positive().max(2_147_483_647);

/** The params every `projectPagePrefixes()` route has; spread them into a route's own object. */
export const projectPathFields = {
  ns0: segment,
  ns1: segment.optional(),
  ns2: segment.optional(),
  ns3: segment.optional(),
  project: segment,
};

type ProjectPathParams = { ns0: string; ns1?: string; ns2?: string; ns3?: string; project: string };

/** The project's full path from the page route's segments. */
export const fullPathOf = (p: ProjectPathParams): string =>
  [p.ns0, p.ns1, p.ns2, p.ns3, p.project].filter((part) => part !== undefined).join('/');

/** The params of a `{project}/-/{noteables}/{iid}` page route, with the project's full path joined again. */
export const noteablePageParams = z
  .object({ ...projectPathFields, iid: pageId })
  .transform((params) => ({ fullPath: fullPathOf(params), iid: params.iid }));

/** The params of a `{project}/-/...` page route without further ids. */
export const projectPageParams = z
  .object(projectPathFields)
  .transform((params) => ({ fullPath: fullPathOf(params) }));
