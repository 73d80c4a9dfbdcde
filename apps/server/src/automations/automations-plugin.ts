import type { Gate, GateDatabase, Mailer } from '@svc/gate';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import type { ServerEvents } from '../events/server-events.js';
import { createAutomationSource } from './automation-actions.js';
import { subscribeEventTriggers } from './automation-events.js';
import { createAutomationScheduler } from './automation-scheduler.js';
import { createAutomationWorker } from './automation-worker.js';
import { automationsRoutes } from './automations-routes.js';

/** Options of {@link automationsPlugin}. */
export interface AutomationsPluginOptions {
  registry: CapabilityRegistry;
  db: Kysely<GateDatabase>;
  gate: Gate;
  /** The server's mailer (the one sign-up uses): `automations.notify` mails the caller through it. */
  mailer: Mailer;
  events: ServerEvents;
  /** This process's name (`SVC_INSTANCE_ID`). */
  instanceId: string;
  /** Idle poll interval of the worker (default 1 s). */
  pollIntervalMs?: number;
}

/**
 * Automations as one area: the automation plane of the registry (`automations.<action>`, a
 * capability source), the persisted worker running queued runs as their owner, the
 * minute scheduler, event triggers from the server's emitter, and the routes under the
 * plugin's prefix. The worker and scheduler start when the server is ready and stop first
 * on close.
 *
 * @example
 * await app.register(automationsPlugin, { prefix: '/api/automations', registry, db, gate, mailer, events, instanceId });
 */
export const automationsPlugin: FastifyPluginAsync<AutomationsPluginOptions> = async (app, options) => {
  options.registry.addSource(createAutomationSource({ registry: options.registry, mailer: options.mailer }));
  const { db, log } = { db: options.db, log: app.log };
  const worker = createAutomationWorker({
    db,
    gate: options.gate,
    registry: options.registry,
    instanceId: options.instanceId,
    log,
    ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
  });
  const scheduler = createAutomationScheduler({ db, log, onQueued: () => worker.wake() });
  const unsubscribe = subscribeEventTriggers({
    db,
    events: options.events,
    log,
    onQueued: () => worker.wake(),
  });
  app.addHook('onReady', async () => {
    worker.start();
    scheduler.start();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    scheduler.stop();
    await worker.stop();
  });
  await app.register(automationsRoutes, { db, onQueued: () => worker.wake() });
};
