import type { FastifyInstance } from 'fastify';

export type RouteEntry = { method: string; url: string };

const TREE_PREFIX = /^[│├└─\s]*/u;

/**
 * Every route of the app as `{ method, url }`, read from Fastify's own route tree
 * (`printRoutes`), so a test that walks them covers routes added later without a list to keep.
 * Alternative parameter names at one position print as `:a|:b`; the first is kept.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const segments: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const prefix = TREE_PREFIX.exec(line)?.[0].length ?? 0;
    const text = line.slice(prefix);
    if (!text) continue;
    const depth = prefix / 4 - 1;
    const methods = / \(([A-Z, ]+)\)$/.exec(text);
    segments.length = depth;
    segments.push(methods ? text.slice(0, methods.index) : text);
    const url = segments.join('').replace(/(:\w+)(?:\|:\w+)+/g, '$1');
    for (const method of methods?.[1]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

/** The route's URL with each `:param` replaced by `values[param]`, else `fallback`. */
export function concreteUrl(url: string, values: Record<string, string>, fallback = '1'): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => values[name] ?? fallback);
}
