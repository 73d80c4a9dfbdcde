import { join, resolve } from 'node:path';
import type { Clock } from '@svc/gate';
import fastifyPlugin from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import { describeS3Config } from '../config/storage-config.js';
import type { ServerEvents } from '../events/server-events.js';
import { ACCOUNT_DATA_PLUGIN } from '../plugins/account-data.js';
import type { DataEventHub } from '../plugins/data-event-hub.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { createActivityAccountData } from './activity-account-data.js';
import { ACTIVITY_CAPABILITIES, createExportBookCapability } from './activity-capabilities.js';
import { activityRoutes } from './activity-routes.js';
import { type ActivityOptions, createActivityServices } from './create-activity-services.js';

/** The broadcast channel that says an export was queued: every instance's worker looks. */
export const EXPORT_QUEUED_CHANNEL = 'activity.export.queued';
/**
 * The worker's idle poll when instances share a broadcast: only a backstop for a lost wake-up
 * (the bus was down), so N workers do not poll the database hard.
 */
export const SHARED_EXPORT_POLL_MS = 5000;

/** Options of {@link activityPlugin}. */
export interface ActivityPluginOptions {
  clock: Clock;
  /** The gate's data events: the plugin listens for deleted books to remove their exports. */
  dataEvents: DataEventHub;
  /** The server's event bus: told `activity.export.finished` when an export job ends. */
  events: ServerEvents;
  /** Worker and storage tuning (tests turn the worker off or speed it up). */
  options?: ActivityOptions | undefined;
}

/**
 * The activity area as one plugin: the `activity-pages.*` capabilities (kinds, generate,
 * validate, print, buildBook, exportBook) in the registry, the routes under its prefix (pages, books, export
 * jobs, downloads), and its background work: the export worker (started when the server is
 * ready, stopped before the database closes), the start-up sweep of exports whose book is gone,
 * and the listener that removes a deleted book's exports whichever route deleted it. Register it
 * with prefix `/api/activity` after the gate plugin and the registry (`app.capabilities`).
 *
 * @example
 * await app.register(activityPlugin, { prefix: '/api/activity', clock, dataEvents, events });
 */
export const activityPlugin = fastifyPlugin<ActivityPluginOptions>(
  async (app, options) => {
    const { broadcast } = app;
    const shared = broadcast.transport !== 'in-process';
    const pollIntervalMs = options.options?.pollIntervalMs ?? (shared ? SHARED_EXPORT_POLL_MS : undefined);
    const activity = createActivityServices({
      db: app.database.db,
      dataDir: app.svcConfig.dataDir,
      s3: app.svcConfig.s3,
      clock: options.clock,
      log: app.log,
      options: { ...options.options, ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }) },
      events: options.events,
      dialect: app.database.dialect,
    });
    // A job queued on any instance wakes every instance's worker; the claim decides who runs it.
    const unsubscribeQueued = shared
      ? broadcast.subscribe(EXPORT_QUEUED_CHANNEL, () => activity.worker.wake())
      : () => undefined;
    const wakeWorkers = {
      wake() {
        activity.worker.wake();
        if (!shared) return;
        broadcast.publish(EXPORT_QUEUED_CHANNEL, {}).catch((error: unknown) => {
          app.log.warn(
            { err: error },
            'export wake-up not broadcast; other workers find it at their next poll',
          );
        });
      },
    };
    if (activity.storageKind === 's3' && app.svcConfig.s3) {
      // A missing bucket, refused credentials or an unreachable endpoint stop the start here.
      await activity.checkStorage().catch((error: unknown) => {
        activity.closeStorage();
        throw error;
      });
      app.log.info({ storage: describeS3Config(app.svcConfig.s3) }, 'exported files are kept in S3');
    } else if (activity.storageKind === 'local' && app.svcConfig.databaseUrl !== undefined) {
      app.log.warn(
        { filesDir: join(resolve(app.svcConfig.dataDir), 'files') },
        "DATABASE_URL is set but exported files are kept on this machine's disk: a second server instance on the same database will not see this one's files (exports answer ACT_NOT_EXPORTED there). Set SVC_S3_* to share them (docs/deploy/scale-out.md).",
      );
    }
    const unsubscribe = options.dataEvents.subscribe(activity.dataEvents);
    app.accountData.register(
      createActivityAccountData({
        db: app.database.db as Kysely<unknown>,
        storage: activity.storage,
        cleanup: activity.cleanup,
        log: app.log,
      }),
    );
    for (const capability of ACTIVITY_CAPABILITIES) app.capabilities.register(capability);
    app.capabilities.register(
      createExportBookCapability({ data: app.gate.data, jobs: activity.jobs, worker: wakeWorkers }),
    );
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
    // onClose hooks run in reverse order: this one (registered after the database's) stops the worker first.
    app.addHook('onClose', async () => {
      unsubscribe();
      unsubscribeQueued();
      await activity.worker.stop();
      activity.closeStorage();
    });
    await app.register(activityRoutes, { activity, registry: app.capabilities });
  },
  {
    name: 'svc-activity',
    dependencies: [GATE_PLUGIN, CAPABILITIES_PLUGIN, ACCOUNT_DATA_PLUGIN],
    encapsulate: true,
  },
);
