import type { CompletionRequest, CompletionResult, ProviderRegistry } from '@svc/dreamer-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { CapabilityObserver } from '../capabilities/capability-observer.js';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import type { ConcurrencyLimiter } from '../capabilities/concurrency-limiter.js';
import type { ObservabilityConfig } from '../config/observability-config.js';
import type { ServerEvents } from '../events/server-events.js';
import { installHttpMetrics, serveMetrics } from '../plugins/metrics-endpoint.js';
import { installRequestTracing } from '../plugins/request-tracing.js';
import { createServerMetrics, type ServerMetrics } from '../plugins/server-metrics.js';
import {
  createServerTracing,
  type ServerTracing,
  type ServerTracingOptions,
} from '../plugins/server-tracing.js';

/** What tests may set: an exporter of their own turns tracing on without OTLP. */
export interface ObservabilityOptions {
  tracingExporter?: ServerTracingOptions['exporter'];
}

/** The metrics and tracing of one server, and the few places `buildServer` hands them its parts. */
export interface ServerObservability {
  /** Undefined when neither `SVC_METRICS_TOKEN` nor `SVC_METRICS_PORT` is set: nothing is counted. */
  readonly metrics: ServerMetrics | undefined;
  readonly tracing: ServerTracing | undefined;
  /** Counts `CAP_TOO_MANY_CONCURRENT` refusals of the shared limiter (registry and dreamer run routes). */
  countConcurrency(limiter: ConcurrencyLimiter): ConcurrencyLimiter;
  /** Observes every `invoke` of the registry (and `lmx.run` as script runs). */
  observeRegistry(registry: CapabilityRegistry): void;
  /** `@fastify/rate-limit` options counting route-limit refusals. */
  readonly routeRateLimit: { onExceeded?: (request: FastifyRequest) => void };
  /** Counts model calls, their time and tokens (every `complete` through this registry). */
  observeProviders<Registry extends ProviderRegistry>(providers: Registry): Registry;
  /** Counts finished exports and their time, and reads the queue depth at each scrape. */
  observeExports(events: ServerEvents, db: Kysely<unknown>): void;
  /** Serves `/metrics` as configured (after the areas' routes exist). */
  serve(app: FastifyInstance): void;
}

const errorCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'unknown';

/**
 * Creates the server's observability from its configuration and installs the request hooks
 * (HTTP metrics, the request span) on `app`; everything else is handed in by `buildServer`.
 * With neither metrics nor tracing configured it installs nothing and wraps nothing.
 *
 * @example
 * const observability = await createServerObservability(app, config.observability, options.observability);
 */
export async function createServerObservability(
  app: FastifyInstance,
  config: ObservabilityConfig,
  options: ObservabilityOptions = {},
): Promise<ServerObservability> {
  const metricsOn = config.metrics.token !== undefined || config.metrics.port !== undefined;
  const metrics = metricsOn ? createServerMetrics({ processMetrics: true }) : undefined;
  const tracing =
    options.tracingExporter || config.tracing
      ? await createServerTracing({ config: config.tracing, exporter: options.tracingExporter })
      : undefined;
  if (metrics) installHttpMetrics(app, metrics);
  if (tracing) {
    installRequestTracing(app, tracing);
    app.addHook('onClose', async () =>
      tracing.shutdown().catch((error: unknown) => app.log.warn({ err: error }, 'span export failed')),
    );
  }
  let registry: CapabilityRegistry | undefined;
  const capabilityLabel = (id: string): string =>
    registry?.get(id) ? id : `${id.split('.')[0] ?? 'unknown'}.*`;
  return {
    metrics,
    tracing,
    countConcurrency(limiter) {
      if (metrics === undefined) return limiter;
      const refused = (error: unknown, id: string): never => {
        if (errorCode(error) === 'CAP_TOO_MANY_CONCURRENT')
          metrics.concurrencyRefusals.inc({ capability: capabilityLabel(id) });
        throw error;
      };
      return {
        acquire(id, user, limit) {
          try {
            const slot = limiter.acquire(id, user, limit);
            return slot instanceof Promise ? slot.catch((error: unknown) => refused(error, id)) : slot;
          } catch (error) {
            return refused(error, id);
          }
        },
        held: (id, user) => limiter.held(id, user),
      };
    },
    observeRegistry(observed) {
      registry = observed;
      if (metrics) observed.addObserver(createMetricsObserver(metrics));
      if (tracing) observed.addObserver(createTracingObserver(tracing));
    },
    routeRateLimit: metrics
      ? {
          onExceeded: (request) =>
            metrics.rateLimitRefusals.inc({ scope: 'route', name: request.routeOptions.url ?? 'unmatched' }),
        }
      : {},
    observeProviders(providers) {
      if (metrics === undefined) return providers;
      const known = (provider: string, model: string) =>
        providers.list().some((entry) => entry.provider === provider && entry.models.includes(model));
      const labelsOf = (request: CompletionRequest) =>
        known(request.provider, request.model)
          ? { provider: request.provider, model: request.model }
          : { provider: 'unknown', model: 'unknown' };
      const countUsage = (labels: { provider: string; model: string }, usage?: CompletionResult['usage']) => {
        if (usage === undefined) return;
        metrics.modelTokens.inc({ ...labels, direction: 'input' }, usage.inputTokens);
        metrics.modelTokens.inc({ ...labels, direction: 'output' }, usage.outputTokens);
      };
      // Everything else (describe) is inherited from the registry unchanged.
      const observed = Object.create(providers) as typeof providers;
      observed.complete = async (request) => {
        const labels = labelsOf(request);
        const stop = metrics.modelDuration.startTimer(labels);
        try {
          const result = await providers.complete(request);
          metrics.modelCalls.inc({ ...labels, outcome: 'ok' });
          countUsage(labels, result.usage);
          return result;
        } catch (error) {
          metrics.modelCalls.inc({ ...labels, outcome: 'error' });
          throw error;
        } finally {
          stop();
        }
      };
      const stream = providers.stream?.bind(providers);
      if (stream) {
        // A streamed call counts once, when its stream ends: ok with the usage of its `done`,
        // error when it throws, aborted when the reader stops before `done` (a cancelled run).
        observed.stream = async function* observedStream(request) {
          const labels = labelsOf(request);
          const stop = metrics.modelDuration.startTimer(labels);
          let outcome: 'ok' | 'error' | 'aborted' = 'aborted';
          try {
            for await (const chunk of stream(request)) {
              if (chunk.type === 'done') {
                outcome = 'ok';
                countUsage(labels, chunk.usage);
              }
              yield chunk;
            }
          } catch (error) {
            outcome = 'error';
            throw error;
          } finally {
            metrics.modelCalls.inc({ ...labels, outcome });
            stop();
          }
        };
      }
      return observed;
    },
    observeExports(events, db) {
      if (metrics === undefined) return;
      // The activity area's table, read only: the queue is what every instance shares.
      metrics.readExportQueueWith(async () => {
        const { rows } = await sql<{ status: string; count: number | string }>`
          select status, count(*) as count from activity_jobs where status in ('queued', 'running') group by status`.execute(
          db,
        );
        return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
      });
      events.on('activity.export.finished', async ({ jobId, status }) => {
        metrics.exportJobs.inc({ status });
        const { rows } = await sql<{
          started_at: number | string | null;
          finished_at: number | string | null;
        }>`
          select started_at, finished_at from activity_jobs where id = ${jobId}`.execute(db);
        const row = rows[0];
        if (row?.started_at != null && row.finished_at != null)
          metrics.exportJobDuration.observe(
            { status },
            (Number(row.finished_at) - Number(row.started_at)) / 1000,
          );
      });
    },
    serve(app) {
      if (metrics) serveMetrics(app, metrics, config.metrics);
    },
  };
}

function createMetricsObserver(metrics: ServerMetrics): CapabilityObserver {
  return {
    async wrap(use, run) {
      const started = performance.now();
      const outcome = await run();
      const seconds = (performance.now() - started) / 1000;
      const code = outcome.ok ? 'ok' : outcome.error.code;
      metrics.capabilityInvocations.inc({ capability: use.label, surface: use.surface, outcome: code });
      metrics.capabilityDuration.observe({ capability: use.label, surface: use.surface }, seconds);
      if (code === 'SERVER_RATE_LIMITED')
        metrics.rateLimitRefusals.inc({ scope: 'capability', name: use.label });
      if (use.label === 'lmx.run') {
        const result = outcome.ok ? (outcome.result as { ok?: boolean; mode?: string }) : undefined;
        const mode = typeof result?.mode === 'string' ? result.mode : 'unknown';
        metrics.scriptRuns.inc({ mode, outcome: result ? (result.ok ? 'ok' : 'script_error') : code });
        metrics.scriptDuration.observe({ mode }, seconds);
      }
      return outcome;
    },
  };
}

function createTracingObserver(tracing: ServerTracing): CapabilityObserver {
  return {
    wrap: (use, run) =>
      tracing.inSpan(
        `capability ${use.label}`,
        { 'svc.capability': use.label, 'svc.surface': use.surface },
        run,
        (outcome, span) => {
          span.setAttribute('svc.outcome', outcome.ok ? 'ok' : outcome.error.code);
          // 2 is SpanStatusCode.ERROR.
          if (!outcome.ok) span.setStatus({ code: 2, message: outcome.error.code });
        },
      ),
  };
}
