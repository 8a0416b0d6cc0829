import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';

/** GitLab's probes: liveness says the process answers, readiness that the database does too. */
export function registerHealthRoutes(app: FastifyInstance, { db }: Pick<Container, 'db'>): void {
  app.get('/-/liveness', async () => ({ status: 'ok' }));
  app.get('/-/health', async (_request, reply) => reply.type('text/plain').send('OK'));
  app.get('/-/readiness', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', master_check: [{ status: 'ok' }], db_check: [{ status: 'ok' }] };
    } catch {
      return reply
        .status(503)
        .send({ status: 'failed', db_check: [{ status: 'failed', message: 'database unreachable' }] });
    }
  });
}
