import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a fast JSON answer to a long export or model call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/**
 * The server's Prometheus metrics, in a registry of this server instance (never prom-client's
 * global one, so several servers in one process keep their own counts). Every label is bounded:
 * route patterns, capability labels (`ObservedUse.label`), error codes from the catalogue,
 * configured provider and model names.
 */
export interface ServerMetrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  readonly capabilityInvocations: Counter<'capability' | 'surface' | 'outcome'>;
  readonly capabilityDuration: Histogram<'capability' | 'surface'>;
  readonly rateLimitRefusals: Counter<'scope' | 'name'>;
  readonly concurrencyRefusals: Counter<'capability'>;
  readonly exportQueueDepth: Gauge<'status'>;
  readonly exportJobs: Counter<'status'>;
  readonly exportJobDuration: Histogram<'status'>;
  readonly scriptRuns: Counter<'mode' | 'outcome'>;
  readonly scriptDuration: Histogram<'mode'>;
  readonly modelCalls: Counter<'provider' | 'model' | 'outcome'>;
  readonly modelTokens: Counter<'provider' | 'model' | 'direction'>;
  readonly modelDuration: Histogram<'provider' | 'model'>;
  /** Sets what the queue-depth gauge reads at each scrape (the activity jobs by status). */
  readExportQueueWith(read: () => Promise<Record<string, number>>): void;
}

/**
 * Every metric name the server exports, for the dashboard check and the docs; the process
 * metrics (`process_*`, `nodejs_*`) are prom-client's defaults.
 */
export const SERVER_METRIC_NAMES = [
  'svc_http_requests_total',
  'svc_http_request_duration_seconds',
  'svc_capability_invocations_total',
  'svc_capability_duration_seconds',
  'svc_rate_limit_refusals_total',
  'svc_concurrency_refusals_total',
  'svc_export_queue_depth',
  'svc_export_jobs_total',
  'svc_export_job_duration_seconds',
  'svc_script_runs_total',
  'svc_script_run_duration_seconds',
  'svc_model_calls_total',
  'svc_model_tokens_total',
  'svc_model_call_duration_seconds',
] as const;

/**
 * Creates the metrics of one server. `processMetrics` adds prom-client's default metrics
 * (memory, CPU, event-loop lag, GC, handles) to this registry; off, nothing samples the process.
 *
 * @example
 * const metrics = createServerMetrics({ processMetrics: true });
 * metrics.httpRequests.inc({ method: 'GET', route: '/healthz', status: '200' });
 * const text = await metrics.registry.metrics();
 */
export function createServerMetrics(options: { processMetrics: boolean }): ServerMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  let readQueue: (() => Promise<Record<string, number>>) | undefined;
  const registers = [registry];
  const exportQueueDepth = new Gauge({
    name: 'svc_export_queue_depth',
    help: 'Book export jobs waiting (queued) or being built (running), read from the database at each scrape.',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      if (readQueue === undefined) return;
      const counts = await readQueue();
      for (const status of ['queued', 'running']) this.set({ status }, counts[status] ?? 0);
    },
  });
  return {
    registry,
    httpRequests: new Counter({
      name: 'svc_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (unmatched for no route) and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'svc_http_request_duration_seconds',
      help: 'Time from the request arriving to the answer sent, by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    capabilityInvocations: new Counter({
      name: 'svc_capability_invocations_total',
      help: 'Capability uses through the registry, by capability, surface and outcome (ok or the error code).',
      labelNames: ['capability', 'surface', 'outcome'] as const,
      registers,
    }),
    capabilityDuration: new Histogram({
      name: 'svc_capability_duration_seconds',
      help: 'Time of a capability use (policy, limits, meter and run), by capability and surface.',
      labelNames: ['capability', 'surface'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'svc_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit: scope route (a route limit, name = route pattern) or capability (name = capability).',
      labelNames: ['scope', 'name'] as const,
      registers,
    }),
    concurrencyRefusals: new Counter({
      name: 'svc_concurrency_refusals_total',
      help: 'Uses refused because the caller already had the most allowed in flight, by capability.',
      labelNames: ['capability'] as const,
      registers,
    }),
    exportQueueDepth,
    exportJobs: new Counter({
      name: 'svc_export_jobs_total',
      help: 'Book export jobs finished by this instance, by status (done or error).',
      labelNames: ['status'] as const,
      registers,
    }),
    exportJobDuration: new Histogram({
      name: 'svc_export_job_duration_seconds',
      help: 'Time from an export job starting to it finishing, by status.',
      labelNames: ['status'] as const,
      buckets: JOB_BUCKETS,
      registers,
    }),
    scriptRuns: new Counter({
      name: 'svc_script_runs_total',
      help: 'Script runs (lmx.run), by mode and outcome: ok, script_error (the script failed) or the error code.',
      labelNames: ['mode', 'outcome'] as const,
      registers,
    }),
    scriptDuration: new Histogram({
      name: 'svc_script_run_duration_seconds',
      help: 'Time of a script run, by mode.',
      labelNames: ['mode'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    modelCalls: new Counter({
      name: 'svc_model_calls_total',
      help: 'Calls to model providers, by provider, model and outcome (ok, error, or aborted: a stream the reader stopped early).',
      labelNames: ['provider', 'model', 'outcome'] as const,
      registers,
    }),
    modelTokens: new Counter({
      name: 'svc_model_tokens_total',
      help: 'Tokens providers reported, by provider, model and direction (input or output).',
      labelNames: ['provider', 'model', 'direction'] as const,
      registers,
    }),
    modelDuration: new Histogram({
      name: 'svc_model_call_duration_seconds',
      help: 'Time of one model call, by provider and model.',
      labelNames: ['provider', 'model'] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    }),
    readExportQueueWith(read) {
      readQueue = read;
    },
  };
}
