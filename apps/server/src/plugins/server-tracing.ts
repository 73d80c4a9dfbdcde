import { AsyncLocalStorage } from 'node:async_hooks';
import type { Attributes, Context, Span } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { TracingConfig } from '../config/observability-config.js';

/** The server's tracer: spans for requests and capability uses, parented through async context. */
export interface ServerTracing {
  /**
   * Starts a span that is a child of the current one, else of `traceparent` (a W3C header from
   * the caller), else a root; not yet current.
   */
  startSpan(
    name: string,
    attributes: Attributes,
    kind: 'server' | 'internal',
    traceparent?: string,
  ): TracedSpan;
  /** Runs `fn` inside a child span of the current one; `settle` reads the answer into attributes. */
  inSpan<T>(
    name: string,
    attributes: Attributes,
    fn: () => Promise<T>,
    settle?: (answer: T, span: Span) => void,
  ): Promise<T>;
  /** Flushes the spans not yet exported and stops the exporter. */
  shutdown(): Promise<void>;
}

/** A started span and a way to run code with it as the current span. */
export interface TracedSpan {
  readonly span: Span;
  /** Calls `fn` with this span current: spans started inside (and in what it awaits) are its children. */
  runInside<T>(fn: () => T): T;
}

/** What {@link createServerTracing} needs: the OTLP settings, or (tests) an exporter of one's own. */
export interface ServerTracingOptions {
  config?: TracingConfig;
  /** Used instead of OTLP, with a simple (synchronous) span processor: the in-memory exporter of a test. */
  exporter?: SpanExporter;
}

/**
 * Creates the tracer; called only when tracing is configured, so the OpenTelemetry packages are
 * imported here, lazily, and a server without an OTLP endpoint never loads them. The current
 * span lives in an AsyncLocalStorage of this server (no global context manager is installed, so
 * several servers in one process do not share one).
 *
 * @example
 * const tracing = await createServerTracing({ config: app.svcConfig.observability.tracing });
 * await tracing.inSpan('capability spec.validate', {}, () => work());
 */
export async function createServerTracing(options: ServerTracingOptions): Promise<ServerTracing> {
  const [api, base, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
  ]);
  let processor: InstanceType<typeof base.SimpleSpanProcessor> | InstanceType<typeof base.BatchSpanProcessor>;
  if (options.exporter) processor = new base.SimpleSpanProcessor(options.exporter);
  else if (options.config) {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    processor = new base.BatchSpanProcessor(
      new OTLPTraceExporter({ url: options.config.url, headers: options.config.headers }),
    );
  } else throw new TypeError('createServerTracing needs a tracing config or an exporter.');
  const ratio = options.config?.sampleRatio ?? 1;
  const provider = new base.BasicTracerProvider({
    sampler: new base.ParentBasedSampler({
      root: ratio >= 1 ? new base.AlwaysOnSampler() : new base.TraceIdRatioBasedSampler(ratio),
    }),
    resource: resources.resourceFromAttributes({ 'service.name': options.config?.serviceName ?? 'svc' }),
    spanProcessors: [processor],
  });
  const tracer = provider.getTracer('@svc/server');
  const current = new AsyncLocalStorage<Context>();
  const remoteParent = (traceparent: string | undefined): Context => {
    const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(traceparent?.trim() ?? '');
    if (match === null || /^0+$/.test(match[1] as string) || /^0+$/.test(match[2] as string))
      return api.ROOT_CONTEXT;
    return api.trace.setSpanContext(api.ROOT_CONTEXT, {
      traceId: match[1] as string,
      spanId: match[2] as string,
      // Only the sampled bit: other flags are not ours to pass on.
      traceFlags: Number.parseInt(match[3] as string, 16) & 1,
      isRemote: true,
    });
  };
  const startSpan = (
    name: string,
    attributes: Attributes,
    kind: 'server' | 'internal',
    traceparent?: string,
  ): TracedSpan => {
    const parent = current.getStore() ?? remoteParent(traceparent);
    const span = tracer.startSpan(
      name,
      { attributes, kind: kind === 'server' ? api.SpanKind.SERVER : api.SpanKind.INTERNAL },
      parent,
    );
    const inside = api.trace.setSpan(parent, span);
    return { span, runInside: (fn) => current.run(inside, fn) };
  };
  return {
    startSpan,
    async inSpan(name, attributes, fn, settle) {
      const traced = startSpan(name, attributes, 'internal');
      try {
        const answer = await traced.runInside(fn);
        settle?.(answer, traced.span);
        return answer;
      } catch (error) {
        traced.span.setStatus({ code: api.SpanStatusCode.ERROR });
        if (error instanceof Error) traced.span.recordException(error);
        throw error;
      } finally {
        traced.span.end();
      }
    },
    shutdown: () => provider.shutdown(),
  };
}
