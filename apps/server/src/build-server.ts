import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Clock, Mailer } from '@svc/gate';
import { createGate } from '@svc/gate';
import { createMemoryMailer } from '@svc/gate/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { type AdapterRegistry, createAdapterRegistry } from './adapters/adapter-registry.js';
import type { ServerConfig } from './config.js';
import { createDatabase, type Database } from './db/create-database.js';
import { migrateToLatest } from './db/migrate.js';
import { installErrorHandling } from './errors/error-handler.js';
import { gatePlugin } from './plugins/gate-plugin.js';
import { openApiPlugin } from './plugins/openapi-plugin.js';
import { adapterRoutes } from './routes/adapter-routes.js';
import { authRoutes } from './routes/auth-routes.js';
import { dataRoutes } from './routes/data-routes.js';
import { healthRoutes } from './routes/health-routes.js';
import { keyRoutes } from './routes/key-routes.js';

/** What {@link buildServer} needs; everything but `config` has a production default. */
export interface BuildServerOptions {
  config: ServerConfig;
  /** An open database (tests inject one); by default one is opened from the config and closed with the server. */
  database?: Database;
  /** Outgoing mail; by default a development outbox kept in memory and readable by admins. */
  mailer?: Mailer;
  clock?: Clock;
  /** Adapter functions reachable at `/api/adapters/{system}/{fn}`. */
  adapters?: AdapterRegistry;
}

/** Headers and fields that must never reach a log line. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.key',
];

/**
 * Builds the svc server: Fastify with the gate wired to the database, every area as an
 * encapsulated plugin under its prefix, one error shape, request ids in every log line, and
 * `/openapi.json` generated from the route schemas. Migrations run and the admin is seeded
 * before it returns. It does not listen: call `app.listen()` (see `start.ts`).
 *
 * @example
 * const app = await buildServer({ config: loadConfig(process.env) });
 * await app.listen({ host: app.svcConfig.host, port: app.svcConfig.port });
 */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACTED, censor: '[redacted]' } },
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: true } },
  });
  installErrorHandling(app);

  const database = options.database ?? createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  if (!options.database) app.addHook('onClose', async () => database.destroy());
  await migrateToLatest(database.db);

  const mailer = options.mailer ?? createMemoryMailer({ limit: 200 });
  const gate = createGate({
    db: database.db,
    mailer,
    ...(options.clock ? { clock: options.clock } : {}),
    config: {
      jwtSecret: config.jwtSecret,
      apiKeyPepper: config.apiKeyPepper,
      autoVerify: config.autoVerify,
      verifyUrl: `${config.publicUrl}/auth/verify`,
      passwordCost: config.passwordCost,
    },
  });
  if (config.seedAdmin) await gate.auth.seedAdmin(config.seedAdmin);

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(openApiPlugin, { config });
  await app.register(gatePlugin, { gate, database, config });

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth', mailer });
  await app.register(keyRoutes, { prefix: '/keys' });
  await app.register(dataRoutes, { prefix: '/db' });
  await app.register(adapterRoutes, { prefix: '/api/adapters', registry: options.adapters ?? createAdapterRegistry() });
  return app;
}
