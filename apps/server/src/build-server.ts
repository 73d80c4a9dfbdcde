import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { ProviderRegistry } from '@svc/dreamer-core';
import type { Clock, Mailer } from '@svc/gate';
import { createGate, findMeterRule, systemClock } from '@svc/gate';
import { createMemoryMailer } from '@svc/gate/testing';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ACTIVITY_CAPABILITIES } from './activity/activity-capabilities.js';
import { type ActivityOptions, createActivityServices } from './activity/create-activity-services.js';
import { capabilitiesRoutes } from './capabilities/capabilities-routes.js';
import type { Capability } from './capabilities/capability-types.js';
import { createConcurrencyLimiter } from './capabilities/concurrency-limiter.js';
import { createGateCapabilityRegistry } from './capabilities/create-gate-capability-registry.js';
import './capabilities/fastify-capabilities.js';
import { AUTOMATION_RUN_COLLECTION } from './automations/automation-runs.js';
import { automationsPlugin } from './automations/automations-plugin.js';
import type { ServerConfig } from './config.js';
import { createDatabase, type Database } from './db/create-database.js';
import { migrateToLatest } from './db/migrate.js';
import { type DocsPluginOptions, docsPlugin } from './docs/docs-plugin.js';
import { createDreamerServices, RUN_HEARTBEAT_MS } from './dreamer/create-dreamer-services.js';
import { createDreamerCapabilities } from './dreamer/dreamer-capabilities.js';
import { dreamerRoutes } from './dreamer/dreamer-routes.js';
import { RUN_COLLECTION } from './dreamer/kysely-run-store.js';
import { createModelProviderRegistry } from './dreamer/providers/model-provider-registry.js';
import { installErrorHandling } from './errors/error-handler.js';
import { createClientErrorHandler, createFrameworkErrorHandler } from './errors/framework-errors.js';
import { installJsonBodyParser } from './errors/json-body-parser.js';
import { withRunEvents } from './events/dreamer-run-events.js';
import { createServerEvents } from './events/server-events.js';
import { functionsPlugin } from './functions/functions-plugin.js';
import { integrationsPlugin } from './integrations/integrations-plugin.js';
import { createScriptBridgeFactory } from './lmx/bridges/script-bridge-factory.js';
import { lmxPlugin } from './lmx/lmx-plugin.js';
import { createSmtpMailer } from './mail/smtp-mailer.js';
import { mcpRoutes } from './mcp/mcp-routes.js';
import { mcpRemotePlugin } from './mcp-remote/mcp-remote-plugin.js';
import { createStripePayments } from './payments/stripe-payments.js';
import { gatePlugin } from './plugins/gate-plugin.js';
import { installMeterRefunds } from './plugins/meter-guard.js';
import { openApiPlugin } from './plugins/openapi-plugin.js';
import { redactUrl } from './plugins/redact-url.js';
import { createRequestValidatorFactory } from './plugins/request-validators.js';
import { installSecurityHeaders } from './plugins/security-headers.js';
import { SERVER_TIMEOUTS, type ServerTimeouts, toFastifyTimeouts } from './plugins/server-timeouts.js';
import { activityRoutes } from './routes/activity-routes.js';
import { adapterRoutes } from './routes/adapter-routes.js';
import { authRoutes } from './routes/auth-routes.js';
import { dataRoutes } from './routes/data-routes.js';
import { healthRoutes } from './routes/health-routes.js';
import { keyRoutes } from './routes/key-routes.js';
import { membershipRoutes } from './routes/membership-routes.js';
import { membershipWebhookRoutes } from './routes/membership-webhook.js';
import { tokenRoutes } from './routes/token-routes.js';
import { SPEC_CAPABILITIES } from './spec/spec-capabilities.js';
import { createLlmChatCapability } from './vendor-neutral/llm-chat-capability.js';
import { registerWebConsole, type WebConsoleSetting } from './web/register-web-console.js';

/** What {@link buildServer} needs; everything but `config` has a production default. */
export interface BuildServerOptions {
  config: ServerConfig;
  /** An open database (tests inject one); by default one is opened from the config and closed with the server. */
  database?: Database;
  /** Outgoing mail; by default SMTP when `SMTP_URL` is set, else a development outbox kept in memory and readable by admins. */
  mailer?: Mailer;
  clock?: Clock;
  /** Capabilities registered after the built-in ones (`spec.*`, `activity-pages.*`, `dreamer.*`): reachable on every surface. */
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

/** Fastify's request serializer, with secret query values masked in the logged URL (see redactUrl). */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The mailer the configuration asks for: SMTP when `SMTP_URL` is set (closed with the server),
 * else the development outbox kept in memory and readable by admins.
 */
function createConfiguredMailer(config: ServerConfig, app: FastifyInstance): Mailer {
  if (!config.mail) {
    if (config.env === 'production') {
      app.log.warn('SMTP_URL is not set: verification mail stays in the admin outbox (GET /auth/outbox)');
    }
    return createMemoryMailer({ limit: 200 });
  }
  const mailer = createSmtpMailer(config.mail);
  app.addHook('onClose', async () => mailer.close());
  return mailer;
}

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
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED, censor: '[redacted]' },
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // Requests reaching a draining server are served (with `Connection: close`) rather than
    // answered with Fastify's own 503 body, which is not our error shape; /readyz says 503.
    return503OnClosing: false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    ...toFastifyTimeouts({ ...SERVER_TIMEOUTS, ...options.timeouts }),
    // Fastify's own refusals before routing, and Node's HTTP-level ones, in the one error shape.
    frameworkErrors: createFrameworkErrorHandler(config),
    clientErrorHandler: createClientErrorHandler(config),
    // JSON bodies are validated without type coercion; query strings and params keep it.
    schemaController: { compilersFactory: { buildValidator: createRequestValidatorFactory() } },
  });
  installErrorHandling(app);
  installJsonBodyParser(app);
  installSecurityHeaders(app, config);
  // The id in every log line is echoed to the client, so a report can be matched to its logs.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Once shutdown starts, every response ends its keep-alive connection, so close() is not held
  // open until idle clients time out (Fastify only does this for requests arriving after close).
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  const database =
    options.database ?? createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  if (!options.database) app.addHook('onClose', async () => database.destroy());
  await migrateToLatest(database.db);

  const mailer = options.mailer ?? createConfiguredMailer(config, app);
  // What happened in one area, for the others (automations with an event trigger).
  const events = createServerEvents((error, name) =>
    app.log.error({ err: error, event: name }, 'event listener failed'),
  );
  // Before the gate: a book deleted through any data route takes its exports with it (dataEvents).
  const activity = createActivityServices({
    db: database.db,
    dataDir: config.dataDir,
    clock: options.clock ?? systemClock,
    log: app.log,
    options: options.activity,
    events,
  });
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
      identityCacheMs: config.identityCacheMs,
      serverWrittenCollections: [RUN_COLLECTION, AUTOMATION_RUN_COLLECTION],
    },
    ...(config.payments ? { plans: config.payments.catalogue } : {}),
    dataEvents: {
      async documentDeleted(document) {
        await activity.dataEvents.documentDeleted?.(document);
        events.emit('gate.document.deleted', document);
      },
    },
  });
  const payments = config.payments ? createStripePayments(config.payments) : undefined;
  if (config.seedAdmin) await gate.auth.seedAdmin(config.seedAdmin);
  // One per-user limiter: the registry and the dreamer's own run routes share its slots.
  const concurrency = createConcurrencyLimiter();
  const dreamer = withRunEvents(
    createDreamerServices({
      db: database.db,
      gate,
      providers: options.modelProviders ?? createModelProviderRegistry(config.models),
      clock: options.clock ?? systemClock,
      log: app.log,
      stageTimeoutMs: config.dreamerStageTimeoutMs,
      instanceId: config.instanceId,
      concurrency,
    }),
    events,
  );
  const clock = options.clock ?? systemClock;
  const capabilities = createGateCapabilityRegistry({
    gate,
    db: database.db,
    clock,
    hostEnabled: config.lmx.hostModes.enabled,
    log: app.log,
    concurrency,
  });
  const areaCapabilities = [
    SPEC_CAPABILITIES,
    ACTIVITY_CAPABILITIES,
    createDreamerCapabilities(dreamer),
    [createLlmChatCapability(dreamer.providers)],
  ];
  for (const capability of [...areaCapabilities.flat(), ...(options.capabilities ?? [])]) {
    capabilities.register(capability);
  }
  app.decorate('capabilities', capabilities);
  const modelProviders = dreamer.providers.list();
  if (modelProviders.length === 0) {
    app.log.info('no model provider configured: ideation stages answer through the echo stub');
  } else {
    // Names and models only: base URLs may carry credentials, keys never reach a log line.
    app.log.info({ modelProviders }, 'model providers configured');
  }
  const reportStale = (runs: number): void => {
    if (runs > 0) app.log.warn({ runs }, 'dreamer runs left running by a stopped process marked error');
  };
  reportStale(await dreamer.recoverStaleRuns({ atStart: true }));
  // Runs of another instance that died without restarting: found by their missing heartbeats.
  const staleSweep = setInterval(() => {
    dreamer.recoverStaleRuns().then(reportStale, (error: unknown) => {
      app.log.error({ err: error }, 'dreamer stale-run sweep failed');
    });
  }, RUN_HEARTBEAT_MS * 2);
  staleSweep.unref();
  app.addHook('onClose', async () => clearInterval(staleSweep));
  // Runs in flight end `aborted` (resumable) rather than holding shutdown open for minutes.
  app.addHook('preClose', (done) => {
    dreamer.abortAll('The server is shutting down');
    done();
  });
  // Registered after the database's onClose hook, so (hooks closing in reverse) the worker stops first.
  app.addHook('onReady', async () => {
    // Exports whose book is gone (deleted while this process was down, or by hand) go first.
    await activity.cleanup.sweep().then(
      (removed) => {
        if (removed.jobs + removed.files > 0) app.log.info(removed, 'exports of deleted books swept');
      },
      (error: unknown) => app.log.error({ err: error }, 'export sweep failed'),
    );
    if (activity.runsWorker) activity.worker.start();
  });
  app.addHook('onClose', async () => activity.worker.stop());

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(openApiPlugin, { config });
  await app.register(gatePlugin, { gate, database, config });
  installMeterRefunds(app);

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth', mailer });
  await app.register(keyRoutes, { prefix: '/keys' });
  await app.register(dataRoutes, { prefix: '/db' });
  await app.register(tokenRoutes, { prefix: '/tokens' });
  await app.register(membershipRoutes, { prefix: '/membership', payments });
  await app.register(membershipWebhookRoutes, { prefix: '/membership', payments });
  await app.register(capabilitiesRoutes, { prefix: '/api/capabilities', registry: capabilities });
  await app.register(adapterRoutes, { prefix: '/api/adapters', registry: capabilities });
  await app.register(activityRoutes, { prefix: '/api/activity', activity, registry: capabilities });
  await app.register(dreamerRoutes, { prefix: '/api/dreamer', dreamer });
  await app.register(lmxPlugin, {
    prefix: '/api/lmx',
    registry: capabilities,
    config: config.lmx,
    environment: options.environment ?? process.env,
    bridges: createScriptBridgeFactory({
      registry: capabilities,
      data: gate.data,
      entitlements: {
        features: () => [...new Set(gate.membership.catalogue.plans.flatMap((plan) => plan.features))],
      },
      priceOf: async (resource) => (await findMeterRule(database.db, resource))?.cost ?? 0,
      facts: { name: 'svc', env: config.env, publicUrl: config.publicUrl },
    }),
  });
  await app.register(functionsPlugin, { prefix: '/api/functions', registry: capabilities, db: database.db });
  await app.register(integrationsPlugin, {
    prefix: '/api/integrations',
    registry: capabilities,
    db: database.db,
    allowedHosts: config.integrations.allowedHosts,
  });
  await app.register(automationsPlugin, {
    prefix: '/api/automations',
    registry: capabilities,
    db: database.db,
    gate,
    events,
    instanceId: config.instanceId,
  });
  await app.register(mcpRemotePlugin, {
    prefix: '/api/mcp-servers',
    registry: capabilities,
    servers: config.mcpServers,
  });
  await app.register(docsPlugin, {
    dataDir: config.dataDir,
    registry: capabilities,
    warmAtStart: config.env !== 'test',
    ...options.docs,
  });
  await app.register(mcpRoutes, { prefix: '/mcp', registry: capabilities });
  await registerWebConsole(app, options.web);
  return app;
}
