import fastifyPlugin from 'fastify-plugin';
import { sql } from 'kysely';
import { errorResponseSchema } from '../errors/error-body.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';

const livenessSchema = {
  tags: ['health'],
  summary: 'Liveness: the process is up and answering',
  description: 'Never touches the database, so a slow database does not get the process restarted.',
  response: {
    200: {
      type: 'object',
      required: ['status'],
      additionalProperties: false,
      properties: { status: { type: 'string', enum: ['ok'] } },
    },
  },
} as const;

const readinessSchema = {
  tags: ['health'],
  summary: 'Readiness: the database answers and the server is not shutting down',
  description:
    'Runs `select 1` on the database. 503 `SERVER_NOT_READY` when it fails, when the SQLite file was deleted or replaced under the running server, or while the server drains.',
  response: {
    200: {
      type: 'object',
      required: ['status', 'database'],
      additionalProperties: false,
      properties: {
        status: { type: 'string', enum: ['ready'] },
        database: { type: 'string', enum: ['sqlite', 'postgres'] },
      },
    },
    503: errorResponseSchema,
  },
} as const;

/** The one error shape, sent directly: `SERVER_NOT_READY` is a server code, not a gate error. */
function notReady(message: string) {
  return { error: { code: 'SERVER_NOT_READY', message } };
}

/**
 * `GET /healthz` (liveness) and `GET /readyz` (readiness) for orchestrators and load balancers.
 * Readiness turns 503 as soon as shutdown starts, so a balancer stops routing here while the
 * in-flight requests finish.
 *
 * @example
 * await app.register(healthRoutes);
 * // GET /readyz → 200 { "status": "ready", "database": "sqlite" }
 */
export const healthRoutes = fastifyPlugin(
  async (app) => {
    let shuttingDown = false;
    app.addHook('preClose', async () => {
      shuttingDown = true;
    });

    app.get('/healthz', { schema: livenessSchema }, async () => ({ status: 'ok' as const }));

    app.get('/readyz', { schema: readinessSchema }, async (request, reply) => {
      if (shuttingDown) return reply.status(503).send(notReady('The server is shutting down.'));
      if (app.database.isFileIntact && !app.database.isFileIntact()) {
        request.log.error(
          { database: app.database.location },
          'readiness check: database file deleted or replaced',
        );
        return reply
          .status(503)
          .send(notReady('The database file was deleted or replaced; restart the server.'));
      }
      try {
        await sql`select 1`.execute(app.database.db);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: database unreachable');
        return reply.status(503).send(notReady('The database is not reachable.'));
      }
      return { status: 'ready' as const, database: app.database.dialect };
    });
  },
  { name: 'svc-health', dependencies: [GATE_PLUGIN], encapsulate: true },
);
