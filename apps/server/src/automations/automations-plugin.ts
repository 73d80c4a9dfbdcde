import type { Gate, GateDatabase, Mailer } from '@svc/gate';
import fastifyPlugin from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import type { ServerEvents } from '../events/server-events.js';
import { ACCOUNT_DATA_PLUGIN } from '../plugins/account-data.js';
import type { DataEventHub } from '../plugins/data-event-hub.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { createAutomationAccountData } from './automation-account-data.js';
import { createAutomationSource } from './automation-actions.js';
import { AUTOMATION_COLLECTION } from './automation-definition.js';
import { subscribeEventTriggers } from './automation-events.js';
import { createAutomationScheduler } from './automation-scheduler.js';
import { indexAutomation, reconcileTriggerIndex, unindexAutomation } from './automation-triggers.js';
import { createAutomationWorker } from './automation-worker.js';
import { automationsRoutes } from './automations-routes.js';

/** The broadcast channel that says automation runs were queued: every instance's worker looks. */
export const AUTOMATION_QUEUED_CHANNEL = 'automations.queued';
/** The worker's idle poll when instances share a broadcast: a backstop for a lost wake-up. */
export const SHARED_AUTOMATION_POLL_MS = 5000;

/** Options of {@link automationsPlugin}. */
export interface AutomationsPluginOptions {
  db: Kysely<GateDatabase>;
  gate: Gate;
  /** The server's mailer (the one sign-up uses): `automations.notify` mails the caller through it. */
  mailer: Mailer;
  events: ServerEvents;
  /** The gate's data events: a stored automation is indexed as it is written or deleted. */
  dataEvents: Pick<DataEventHub, 'subscribe'>;
  /** This process's name (`SVC_INSTANCE_ID`). */
  instanceId: string;
  /** Idle poll interval of the worker (default 1 s). */
  pollIntervalMs?: number;
  /** Wall-clock time for the scheduler, the trigger index and the worker; `Date.now` by default. */
  now?: () => number;
}

/**
 * Automations as one area: the automation plane of the registry (`automations.<action>`, a
 * capability source), the trigger index kept on every write of `/db/automations` (and brought up
 * to date at start), the persisted fair worker running queued runs as their owner, the minute
 * scheduler, event triggers from the server's emitter, and the routes under the plugin's
 * prefix. The worker and scheduler start when the server is ready and stop first on close.
 *
 * @example
 * await app.register(automationsPlugin, { prefix: '/api/automations', db, gate, mailer, events, dataEvents, instanceId });
 */
export const automationsPlugin = fastifyPlugin<AutomationsPluginOptions>(
  async (app, options) => {
    app.capabilities.addSource(
      createAutomationSource({ registry: app.capabilities, mailer: options.mailer }),
    );
    const { db, log } = { db: options.db, log: app.log };
    app.accountData.register(createAutomationAccountData(db as unknown as Kysely<unknown>));
    const now = options.now ?? (() => Date.now());
    const data = options.gate.data;
    const { broadcast } = app;
    const shared = broadcast.transport !== 'in-process';
    const pollIntervalMs = options.pollIntervalMs ?? (shared ? SHARED_AUTOMATION_POLL_MS : undefined);
    const worker = createAutomationWorker({
      db,
      gate: options.gate,
      registry: app.capabilities,
      instanceId: options.instanceId,
      log,
      now,
      dialect: app.database.dialect,
      ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }),
    });
    // Runs queued on any instance wake every instance's worker; the take decides who runs them.
    const unsubscribeQueued = shared
      ? broadcast.subscribe(AUTOMATION_QUEUED_CHANNEL, () => worker.wake())
      : () => undefined;
    const wakeWorkers = (): void => {
      worker.wake();
      if (!shared) return;
      broadcast.publish(AUTOMATION_QUEUED_CHANNEL, {}).catch((error: unknown) => {
        log.warn(
          { err: error },
          'automation wake-up not broadcast; other workers find it at their next poll',
        );
      });
    };
    const scheduler = createAutomationScheduler({ db, data, log, now, onQueued: wakeWorkers });
    const unsubscribe = subscribeEventTriggers({
      db,
      data,
      events: options.events,
      log,
      now,
      onQueued: wakeWorkers,
    });
    const unsubscribeData = options.dataEvents.subscribe({
      async documentWritten(document) {
        if (document.collection !== AUTOMATION_COLLECTION) return;
        await indexAutomation(db, document, now()).catch((error: unknown) =>
          log.error(
            { err: error, automationId: document.id },
            'automation not indexed; indexed at the next start',
          ),
        );
      },
      async documentDeleted(document) {
        if (document.collection !== AUTOMATION_COLLECTION) return;
        await unindexAutomation(db, document.id).catch((error: unknown) =>
          log.error(
            { err: error, automationId: document.id },
            'automation not unindexed; removed at the next start',
          ),
        );
      },
    });
    const closing = new AbortController();
    let reconciling: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      // In the background: a large backlog (after the upgrade that added the index) must not hold
      // the start; automations not indexed yet are scheduled from the first minute after.
      reconciling = reconcileTriggerIndex(db, now, closing.signal).catch((error: unknown) =>
        log.error({ err: error }, 'automation trigger index not brought up to date'),
      );
      worker.start();
      scheduler.start();
    });
    app.addHook('onClose', async () => {
      closing.abort();
      await reconciling;
      unsubscribe();
      unsubscribeData();
      unsubscribeQueued();
      scheduler.stop();
      await worker.stop();
    });
    await app.register(automationsRoutes, { db, data, onQueued: wakeWorkers });
  },
  {
    name: 'svc-automations',
    dependencies: [GATE_PLUGIN, CAPABILITIES_PLUGIN, ACCOUNT_DATA_PLUGIN, '@fastify/rate-limit'],
    encapsulate: true,
  },
);
