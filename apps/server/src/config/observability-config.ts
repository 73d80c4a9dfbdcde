/** Where `/metrics` is served and who may read it; off when neither a token nor a port is set. */
export interface MetricsConfig {
  /** `SVC_METRICS_TOKEN`: `/metrics` on the main port answers only `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** `SVC_METRICS_PORT`: `/metrics` (and only it) on a listener of its own, for a private network. */
  port: number | undefined;
  /** `SVC_METRICS_HOST`: the address of that listener (127.0.0.1 by default). */
  host: string;
}

/** OpenTelemetry tracing: on only when an OTLP endpoint is configured. */
export interface TracingConfig {
  /** The OTLP/HTTP traces URL (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, else `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`). */
  url: string;
  /** `OTEL_EXPORTER_OTLP_HEADERS` (`name=value,name2=value2`), sent with every export. */
  headers: Record<string, string>;
  /** `OTEL_SERVICE_NAME`, `svc` by default. */
  serviceName: string;
  /**
   * The share of new traces recorded, 0 to 1 (`OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG`;
   * 1 by default). Always parent-based: a request carrying a `traceparent` follows its caller's
   * decision.
   */
  sampleRatio: number;
}

/** The server's observability settings. */
export interface ObservabilityConfig {
  metrics: MetricsConfig;
  /** Undefined (the default) costs nothing: no OpenTelemetry package is even loaded. */
  tracing: TracingConfig | undefined;
}

/** A token anyone could guess is refused in production. */
const MIN_TOKEN_LENGTH = 32;

function readHeaders(raw: string | undefined, problems: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    const name = at > 0 ? pair.slice(0, at).trim() : '';
    if (!/^[A-Za-z0-9-]{1,64}$/.test(name)) {
      problems.push('OTEL_EXPORTER_OTLP_HEADERS must be name=value pairs separated by commas.');
      return {};
    }
    const raw = pair.slice(at + 1).trim();
    try {
      headers[name.toLowerCase()] = decodeURIComponent(raw);
    } catch {
      problems.push(`OTEL_EXPORTER_OTLP_HEADERS: the value of ${name} is not validly percent-encoded.`);
      return {};
    }
  }
  return headers;
}

const SAMPLERS: Record<string, number | 'ratio'> = {
  always_on: 1,
  parentbased_always_on: 1,
  always_off: 0,
  parentbased_always_off: 0,
  traceidratio: 'ratio',
  parentbased_traceidratio: 'ratio',
};

function readSampleRatio(env: Record<string, string | undefined>, problems: string[]): number {
  const name = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() || 'parentbased_always_on';
  const sampler = SAMPLERS[name];
  if (sampler === undefined) {
    problems.push(`OTEL_TRACES_SAMPLER must be one of ${Object.keys(SAMPLERS).join(', ')}, got "${name}".`);
    return 1;
  }
  if (sampler !== 'ratio') return sampler;
  const raw = env.OTEL_TRACES_SAMPLER_ARG?.trim() ?? '1';
  const ratio = /^(0(\.\d+)?|1(\.0+)?)$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isNaN(ratio)) {
    problems.push(`OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, got "${raw}".`);
    return 1;
  }
  return ratio;
}

function readTracing(env: Record<string, string | undefined>, problems: string[]): TracingConfig | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const url = traces || (base ? `${base.replace(/\/$/, '')}/v1/traces` : undefined);
  if (url === undefined) return undefined;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    problems.push(`The OTLP endpoint must be an http(s) URL, got "${url}".`);
    return undefined;
  }
  return {
    url,
    headers: readHeaders(env.OTEL_EXPORTER_OTLP_HEADERS, problems),
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'svc',
    sampleRatio: readSampleRatio(env, problems),
  };
}

/**
 * Reads `SVC_METRICS_TOKEN`, `SVC_METRICS_PORT`, `SVC_METRICS_HOST` and the standard
 * `OTEL_EXPORTER_OTLP_*` / `OTEL_SERVICE_NAME` / `OTEL_SDK_DISABLED` variables; problems are pushed
 * onto `problems`. A metrics token shorter than 32 characters is refused (any environment: the
 * metrics name every route and capability in use).
 *
 * @example
 * readObservabilityConfig({ SVC_METRICS_PORT: '9464' }, problems).metrics.port; // 9464
 */
export function readObservabilityConfig(
  env: Record<string, string | undefined>,
  problems: string[],
): ObservabilityConfig {
  const token = env.SVC_METRICS_TOKEN || undefined;
  if (token !== undefined && (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)))
    problems.push(`SVC_METRICS_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters, without spaces.`);
  const rawPort = env.SVC_METRICS_PORT?.trim() || undefined;
  const port = rawPort === undefined ? undefined : /^\d{1,5}$/.test(rawPort) ? Number(rawPort) : Number.NaN;
  if (port !== undefined && (!Number.isInteger(port) || port > 65535))
    problems.push(`SVC_METRICS_PORT must be an integer from 0 to 65535, got "${rawPort}".`);
  return {
    metrics: { token, port, host: env.SVC_METRICS_HOST?.trim() || '127.0.0.1' },
    tracing: readTracing(env, problems),
  };
}
