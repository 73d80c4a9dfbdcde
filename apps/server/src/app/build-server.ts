import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { ProviderRegistry } from '@svc/dreamer-core';
import type { Clock, Mailer } from '@svc/gate';
import { systemClock } from '@svc/gate';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { accountPlugin } from '../account/account-plugin.js';
import { activityPlugin } from '../activity/activity-plugin.js';
import type { ActivityOptions } from '../activity/create-activity-services.js';
import { adminPlugin } from '../admin/admin-plugin.js';
import { authPlugin } from '../auth/auth-plugin.js';
import { createDatabaseLoginThrottle } from '../auth/database-login-throttle.js';
import { automationsPlugin } from '../automations/automations-plugin.js';
import { openBroadcast } from '../broadcast/open-broadcast.js';
import { capabilitiesPlugin } from '../capabilities/capabilities-plugin.js';
import type { Capability } from '../capabilities/capability-types.js';
import { createConcurrencyLimiter } from '../capabilities/concurrency-limiter.js';
import { createGateCapabilityRegistry } from '../capabilities/create-gate-capability-registry.js';
import { createRedisConcurrencyLimiter } from '../capabilities/redis-concurrency-limiter.js';
import { createRedisRateLimiter } from '../capabilities/redis-rate-limiter.js';
import type { ServerConfig } from '../config/server-config.js';
import { dataPlugin } from '../data/data-plugin.js';
import { createDatabase, type Database } from '../db/create-database.js';
import { claimInstanceId } from '../db/instance-lease.js';
import { type DocsPluginOptions, docsPlugin } from '../docs/docs-plugin.js';
import { dreamerPlugin } from '../dreamer/dreamer-plugin.js';
import { createModelProviderRegistry } from '../dreamer/providers/model-provider-registry.js';
import { createServerEvents } from '../events/server-events.js';
import { functionsPlugin } from '../functions/functions-plugin.js';
import { healthRoutes } from '../health/health-routes.js';
import { integrationsPlugin } from '../integrations/integrations-plugin.js';
import { keysPlugin } from '../keys/keys-plugin.js';
import { lmxPlugin } from '../lmx/lmx-plugin.js';
import { createConfiguredMailer } from '../mail/configured-mailer.js';
import { mcpRemotePlugin } from '../mcp-remote/mcp-remote-plugin.js';
import { membershipPlugin } from '../membership/membership-plugin.js';
import { createStripePayments } from '../payments/stripe-payments.js';
import { pdfPlugin } from '../pdf/pdf-plugin.js';
import { accountDataPlugin } from '../plugins/account-data.js';
import { adminAuditPlugin } from '../plugins/admin-audit-log.js';
import { createBroadcastIdentityInvalidations } from '../plugins/broadcast-identity-invalidations.js';
import { createDataEventHub } from '../plugins/data-event-hub.js';
import { createDocumentChecks } from '../plugins/document-checks.js';
import { installErrorHandling } from '../plugins/error-handler.js';
import { registerSessionTokens } from '../plugins/fastify-jwt-session-tokens.js';
import { createFastifyOptions } from '../plugins/fastify-options.js';
import { gatePlugin } from '../plugins/gate-plugin.js';
import { installJsonBodyParser } from '../plugins/json-body-parser.js';
import { installMeterRefunds } from '../plugins/meter-guard.js';
import { openApiPlugin } from '../plugins/openapi-plugin.js';
import { installRequestLifecycle } from '../plugins/request-lifecycle.js';
import { createRouteRateLimitOptions } from '../plugins/route-rate-limit-options.js';
import { installSecurityHeaders } from '../plugins/security-headers.js';
import { SERVER_TIMEOUTS, type ServerTimeouts } from '../plugins/server-timeouts.js';
import { createRedisLoginThrottle } from '../redis/redis-login-throttle.js';
import { openSharedRedis } from '../redis/shared-redis.js';
import { specPlugin } from '../spec/spec-plugin.js';
import { adapterRoutes } from '../surfaces/adapter-routes.js';
import { capabilitiesRoutes } from '../surfaces/capabilities-routes.js';
import { mcpRoutes } from '../surfaces/mcp/mcp-routes.js';
import { tokensPlugin } from '../tokens/tokens-plugin.js';
import { registerWebConsole, type WebConsoleSetting } from '../web/register-web-console.js';
import { createServerGate } from './create-server-gate.js';
import { migrateToLatest } from './server-migrations.js';
import { createServerObservability, type ObservabilityOptions } from './server-observability.js';

/** What {@link buildServer} needs; everything but `config` has a production default. */
export interface BuildServerOptions {
  config: ServerConfig;
  /** An open database (tests inject one); by default one is opened from the config and closed with the server. */
  database?: Database;
  /** Outgoing mail; by default SMTP when `SMTP_URL` is set, else a development outbox kept in memory and readable by admins. */
  mailer?: Mailer;
  clock?: Clock;
  /** Capabilities registered beside the built-in ones (`spec.*`, `activity-pages.*`, `dreamer.*`, `lmx.*`): reachable on every surface. */
  capabilities?: readonly Capability[];
  /** The model providers the ideation pipeline calls; by default built from the `OPENAI_*` / `ANTHROPIC_*` configuration. */
  modelProviders?: ProviderRegistry;
  /** The activity area's export worker and file storage (tests turn the worker off or speed it up). */
  activity?: ActivityOptions;
  /** The environment host-mode commands may copy allow-listed names from (`SVC_LMX_SHELL_ENV`); `process.env` by default. */
  environment?: Readonly<Record<string, string | undefined>>;
  /** Where log lines go (newline-delimited JSON); stdout by default. Tests capture them here. */
  logStream?: NodeJS.WritableStream;
  /** Overrides of {@link SERVER_TIMEOUTS} (tests shorten them). */
  timeouts?: Partial<ServerTimeouts>;
  /** The docs site (`<dataDir>/docs-site` by default, built from svc's docs when absent); tests point it at a built folder. */
  docs?: Partial<DocsPluginOptions>;
  /** The web console served at `/`: by default the build of `@svc/web`; `false` for none. */
  web?: WebConsoleSetting;
  /** The instance name's lease timings (`db/instance-lease.ts`); tests shorten them. */
  instanceLease?: { heartbeatMs?: number; leaseMs?: number };
  /** Metrics and tracing beyond the configuration (tests: an in-memory span exporter). */
  observability?: ObservabilityOptions;
}

/**
 * Builds the svc server: shared infrastructure (the database, migrated; the gate with the seeded
 * admin; the capability registry; one error shape; request ids in every log line; OpenAPI from
 * the route schemas), then one encapsulated plugin per area under its prefix, each owning its
 * routes, schemas, hooks, background work and capabilities (see docs/server.md), then the
 * registry's surfaces. It does not listen: call `app.listen()` (see `start.ts`).
 *
 * @example
 * const app = await buildServer({ config: loadConfig(process.env) });
 * await app.listen({ host: app.svcConfig.host, port: app.svcConfig.port });
 */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  let { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify(createFastifyOptions(config, options));
  installErrorHandling(app);
  installJsonBodyParser(app);
  installSecurityHeaders(app, config);
  installRequestLifecycle(app, { ...SERVER_TIMEOUTS, ...options.timeouts });
  // Metrics and tracing (docs/deploy/operating.md): nothing installed while neither is configured.
  const observability = await createServerObservability(app, config.observability, options.observability);

  const database =
    options.database ?? createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  if (!options.database) app.addHook('onClose', async () => database.destroy());
  await migrateToLatest(database.db);
  // Checked before anything else uses it: an unreachable Redis stops the start, named.
  const redis = config.redis
    ? await openSharedRedis(config.redis, app.log).catch(async (error: unknown) => {
        if (!options.database) await database.destroy();
        throw error;
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  app.decorate('redis', redis);
  // Signals between instances: Redis pub/sub, else PostgreSQL LISTEN/NOTIFY, else in-process.
  const openDedicatedClient = database.openDedicatedClient;
  const broadcast = await openBroadcast({
    redis,
    postgres: openDedicatedClient ? { db: database.db, openDedicatedClient } : undefined,
    log: app.log,
  }).catch(async (error: unknown) => {
    await redis?.close();
    if (!options.database) await database.destroy();
    throw error;
  });
  // Registered after Redis's onClose, so it runs first (onClose hooks run in reverse).
  app.addHook('onClose', async () => broadcast.close());
  app.decorate('broadcast', broadcast);
  // The instance name, leased so no two processes on this database run under one (a derived name
  // held by a live instance gets a suffix; an explicit one is refused at start).
  const lease = await claimInstanceId({
    db: database.db,
    instanceId: config.instanceId,
    source: config.instanceIdSource,
    log: app.log,
    ...options.instanceLease,
  }).catch(async (error: unknown) => {
    await broadcast.close();
    await redis?.close();
    if (!options.database) await database.destroy();
    throw error;
  });
  config = { ...config, instanceId: lease.id };
  app.addHook('onClose', async () =>
    lease.release().catch((error: unknown) => app.log.warn({ err: error }, 'instance name not released')),
  );
  const mailer = options.mailer ?? createConfiguredMailer(config, app);
  const payments = config.payments ? createStripePayments(config.payments) : undefined;
  // What happened in one area, for the others (automations with an event trigger).
  const events = createServerEvents((error, name) =>
    app.log.error({ err: error, event: name }, 'event listener failed'),
  );
  const dataEvents = createDataEventHub();
  dataEvents.subscribe({
    documentDeleted: async (document) => events.emit('gate.document.deleted', document),
  });
  // Session JWTs through @fastify/jwt (HS256, exp required, checked on the gate's clock).
  const sessionTokens = await registerSessionTokens(app, { secret: config.jwtSecret });
  const gate = createServerGate({
    config,
    db: database.db,
    mailer,
    payments,
    clock: options.clock,
    dataEvents,
    sessionTokens,
    // Shared by every instance: in Redis when there is one, else in PostgreSQL; SQLite (one
    // process) keeps it in memory.
    loginThrottle: redis
      ? createRedisLoginThrottle(redis)
      : database.dialect === 'postgres'
        ? createDatabaseLoginThrottle(database.db, 'postgres')
        : undefined,
    // One instance needs no bus: its own cache is cleared by the gate directly.
    ...(broadcast.transport === 'in-process'
      ? {}
      : { invalidations: createBroadcastIdentityInvalidations(broadcast, app.log) }),
  });
  if (config.seedAdmin) await gate.auth.seedAdmin(config.seedAdmin);
  const capabilities = createGateCapabilityRegistry({
    gate,
    db: database.db,
    clock,
    hostEnabled: config.lmx.hostModes.enabled,
    log: app.log,
    // With a shared Redis every instance counts against the same limits (docs/deploy/scale-out.md).
    concurrency: observability.countConcurrency(
      redis ? createRedisConcurrencyLimiter(redis) : createConcurrencyLimiter(),
    ),
    rateLimiter: redis ? createRedisRateLimiter(redis) : undefined,
  });
  for (const capability of options.capabilities ?? []) capabilities.register(capability);
  observability.observeRegistry(capabilities);
  await app.register(capabilitiesPlugin, { registry: capabilities });
  // Write checks areas add for their collections; the data route runs them before storing.
  app.decorate('documentChecks', createDocumentChecks());

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    ...createRouteRateLimitOptions(redis),
    ...observability.routeRateLimit,
  });
  await app.register(openApiPlugin, { config });
  await app.register(gatePlugin, { gate, database, config });
  await app.register(adminAuditPlugin, { clock });
  await app.register(accountDataPlugin);
  installMeterRefunds(app);
  await app.register(healthRoutes);
  observability.serve(app);
  observability.observeExports(events, database.db as Kysely<unknown>);

  // The areas: one plugin each.
  await app.register(authPlugin, { prefix: '/auth', mailer, clock });
  await app.register(keysPlugin, { prefix: '/keys' });
  await app.register(dataPlugin, { prefix: '/db' });
  await app.register(tokensPlugin, { prefix: '/tokens' });
  await app.register(membershipPlugin, { prefix: '/membership' });
  await app.register(adminPlugin, { prefix: '/api/admin' });
  await app.register(specPlugin);
  await app.register(activityPlugin, {
    prefix: '/api/activity',
    clock,
    dataEvents,
    events,
    options: options.activity,
  });
  const providers = observability.observeProviders(
    options.modelProviders ?? createModelProviderRegistry(config.models),
  );
  await app.register(dreamerPlugin, { prefix: '/api/dreamer', providers, clock, events });
  const environment = options.environment ?? process.env;
  await app.register(pdfPlugin, { config: config.pdf, searchPath: environment.PATH });
  await app.register(lmxPlugin, { prefix: '/api/lmx', config: config.lmx, environment });
  await app.register(functionsPlugin, { prefix: '/api/functions', db: database.db });
  await app.register(integrationsPlugin, {
    prefix: '/api/integrations',
    db: database.db,
    allowedHosts: config.integrations.allowedHosts,
  });
  await app.register(automationsPlugin, {
    prefix: '/api/automations',
    db: database.db,
    gate,
    mailer,
    events,
    dataEvents,
    instanceId: config.instanceId,
  });
  await app.register(mcpRemotePlugin, {
    prefix: '/api/mcp-servers',
    servers: config.mcpServers,
  });
  await app.register(docsPlugin, {
    dataDir: config.dataDir,
    warmAtStart: config.env !== 'test',
    ...options.docs,
  });
  // Leaving: reads every area's contributor on `app.accountData` (registered above).
  await app.register(accountPlugin, { prefix: '/account' });

  // The registry's surfaces, translating over `invoke`.
  await app.register(capabilitiesRoutes, { prefix: '/api/capabilities' });
  await app.register(adapterRoutes, { prefix: '/api/adapters' });
  await app.register(mcpRoutes, { prefix: '/mcp' });
  await registerWebConsole(app, options.web);
  return app;
}
