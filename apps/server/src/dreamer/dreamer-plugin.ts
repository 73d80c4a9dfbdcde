import type { ProviderRegistry } from '@svc/dreamer-core';
import type { Clock } from '@svc/gate';
import fastifyPlugin from 'fastify-plugin';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import type { ServerEvents } from '../events/server-events.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { createDreamerServices, RUN_HEARTBEAT_MS } from './create-dreamer-services.js';
import { createDreamerCapabilities } from './dreamer-capabilities.js';
import { dreamerRoutes } from './dreamer-routes.js';
import { withRunEvents } from './dreamer-run-events.js';
import { createLlmChatCapability } from './llm-chat-capability.js';

/** Options of {@link dreamerPlugin}. */
export interface DreamerPluginOptions {
  /** The model providers the ideation pipeline calls (an echo stub answers when there are none). */
  providers: ProviderRegistry;
  clock: Clock;
  /** The server's event bus: told `dreamer.run.finished` when a run ends. */
  events: ServerEvents;
}

/**
 * The dreamer area as one plugin: the `dreamer.*` capabilities in the registry (sharing the
 * registry's per-user concurrency slots with the run routes), the routes under its prefix (runs,
 * streams, resume, validate), and its background work: runs left `running` by a stopped process
 * are marked at start, a sweep finds runs of other instances that died (missing heartbeats), and
 * runs in flight are aborted (resumable) when the server closes. Register it with prefix
 * `/api/dreamer` after the gate plugin and the registry (`app.capabilities`).
 *
 * @example
 * await app.register(dreamerPlugin, { prefix: '/api/dreamer', providers, clock, events });
 */
export const dreamerPlugin = fastifyPlugin<DreamerPluginOptions>(
  async (app, options) => {
    const config = app.svcConfig;
    const dreamer = withRunEvents(
      createDreamerServices({
        db: app.database.db,
        gate: app.gate,
        providers: options.providers,
        clock: options.clock,
        log: app.log,
        stageTimeoutMs: config.dreamerStageTimeoutMs,
        instanceId: config.instanceId,
        concurrency: app.capabilities.concurrency,
      }),
      options.events,
    );
    for (const capability of createDreamerCapabilities(dreamer)) app.capabilities.register(capability);
    // The vendor-neutral chat capability is served by the same model providers.
    app.capabilities.register(createLlmChatCapability(dreamer.providers));
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
    await app.register(dreamerRoutes, { dreamer });
  },
  {
    name: 'svc-dreamer',
    dependencies: [GATE_PLUGIN, CAPABILITIES_PLUGIN, '@fastify/rate-limit'],
    encapsulate: true,
  },
);
