import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export const MAX_PER_PAGE = 100;

/** GitLab's page parameters: `page` from 1, `per_page` 20 by default and 100 at most. */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((n) => Math.min(n, MAX_PER_PAGE)),
});

export type Page = { page: number; perPage: number; offset: number; limit: number };

export function toPage(query: { page: number; per_page: number }): Page {
  return {
    page: query.page,
    perPage: query.per_page,
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  };
}

/** Sets X-Total, X-Total-Pages, X-Page, X-Per-Page, X-Next-Page, X-Prev-Page and Link, as GitLab does. */
export function setPaginationHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  total: number,
): void {
  const totalPages = Math.max(1, Math.ceil(total / page.perPage));
  const next = page.page < totalPages ? page.page + 1 : null;
  const prev = page.page > 1 ? page.page - 1 : null;
  reply.header('x-total', String(total));
  reply.header('x-total-pages', String(totalPages));
  reply.header('x-page', String(page.page));
  reply.header('x-per-page', String(page.perPage));
  reply.header('x-next-page', next ? String(next) : '');
  reply.header('x-prev-page', prev ? String(prev) : '');

  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const link = (p: number, rel: string) => {
    url.searchParams.set('page', String(p));
    url.searchParams.set('per_page', String(page.perPage));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links = [
    prev ? link(prev, 'prev') : null,
    next ? link(next, 'next') : null,
    link(1, 'first'),
    link(totalPages, 'last'),
  ].filter((l): l is string => l !== null);
  reply.header('link', links.join(', '));
}
