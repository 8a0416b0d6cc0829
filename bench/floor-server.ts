// The floor for startup: Node.js, Fastify and a fresh embedded PostgreSQL, nothing of ours.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const db = new PGlite({ dataDir: `${dataDir}/db` });
await db.waitReady;
const app = Fastify();
app.get('/', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('Ready');
