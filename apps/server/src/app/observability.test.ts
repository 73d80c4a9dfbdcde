import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { createManualClock, createMemoryMailer } from '@svc/gate/testing';
import { validate } from '@svc/spec-toolkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import { loadConfig } from '../config/server-config.js';
import { SERVER_METRIC_NAMES } from '../plugins/server-metrics.js';
import { sample } from '../testing/metrics-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { buildServer } from './build-server.js';

const ADMIN = { email: 'admin@example.com', password: 'seeded root credential 4242' };
const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
let release: (() => void) | undefined;
const demo = (id: string, policy: Capability['policy'], run: () => Promise<unknown>): Capability =>
  defineCapability<Record<string, unknown>, unknown>({
    id,
    plane: 'adapter',
    title: id,
    description: `${id} for tests.`,
    input: { type: 'object', additionalProperties: false, properties: {} },
    policy,
    run,
  } as Capability);
const capabilities = [
  demo(
    'demo.rated',
    { access: 'anyone', rateLimit: { max: 1, windowMs: 60_000, per: 'client' } },
    async () => ({
      done: true,
    }),
  ),
  demo(
    'demo.slotted',
    { access: 'anyone', concurrency: { perUser: 1 } },
    () => new Promise((resolve) => (release = () => resolve({ done: true }))),
  ),
];

const sqlite = testDatabaseTargets()[0];
if (sqlite === undefined) throw new Error('no SQLite target');

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('svc_session='));
  return (cookie ?? '').split(';')[0] as string;
}

const callAdapter = (base: string, cookie: string, path: string) =>
  fetch(`${base}/api/adapters/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: '{}',
  });

const env = { SEED_ADMIN_EMAIL: ADMIN.email, SEED_ADMIN_PASSWORD: ADMIN.password };

describe('/metrics behind a token, after known traffic over loopback', () => {
  let server: TestServer;
  let base = '';
  beforeAll(async () => {
    server = await createTestServer(
      sqlite,
      { ...env, SVC_METRICS_TOKEN: TOKEN },
      { web: false, capabilities },
    );
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => server?.close());

  const scrape = async () => {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  it('refuses a missing or wrong token with 401 GATE_UNAUTHENTICATED', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      const response = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe('GATE_UNAUTHENTICATED');
    }
  });

  it('counts the requests, capability uses and refusals it was sent', async () => {
    for (let index = 0; index < 3; index += 1) expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/no/such/route-4711`)).status).toBe(404);
    const cookie = await signIn(base);
    expect((await callAdapter(base, cookie, 'demo/rated')).status).toBe(200);
    const refused = await callAdapter(base, cookie, 'demo/rated');
    expect([refused.status, (await refused.json()).error.code]).toEqual([429, 'SERVER_RATE_LIMITED']);
    // A route limit: POST /auth/verify allows 20 a minute per address; the 21st is refused.
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      const answer = await fetch(`${base}/auth/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ token: 'not-a-real-verification-token' }),
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    // A concurrency refusal: a second use while the first holds the caller's one slot.
    const client = { user: null, surface: 'mcp', client: '198.51.100.9' } as const;
    const holding = server.app.capabilities.invoke('demo.slotted', {}, client);
    const second = await server.app.capabilities.invoke('demo.slotted', {}, client);
    expect(second.ok ? 'ran' : second.error.code).toBe('CAP_TOO_MANY_CONCURRENT');
    release?.();
    expect((await holding).ok).toBe(true);

    const text = await scrape();
    expect(sample(text, 'svc_http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBe(
      3,
    );
    expect(
      sample(text, 'svc_http_request_duration_seconds_count', { method: 'GET', route: '/healthz' }),
    ).toBe(3);
    expect(
      sample(text, 'svc_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(text).not.toContain('route-4711');
    const adapter = { method: 'POST', route: '/api/adapters/:system/:fn' };
    expect(sample(text, 'svc_http_requests_total', { ...adapter, status: '200' })).toBe(1);
    expect(sample(text, 'svc_http_requests_total', { ...adapter, status: '429' })).toBe(1);
    const rated = { capability: 'demo.rated', surface: 'adapter-route' };
    expect(sample(text, 'svc_capability_invocations_total', { ...rated, outcome: 'ok' })).toBe(1);
    expect(
      sample(text, 'svc_capability_invocations_total', { ...rated, outcome: 'SERVER_RATE_LIMITED' }),
    ).toBe(1);
    expect(sample(text, 'svc_capability_duration_seconds_count', rated)).toBe(2);
    expect(sample(text, 'svc_rate_limit_refusals_total', { scope: 'capability', name: 'demo.rated' })).toBe(
      1,
    );
    expect(sample(text, 'svc_rate_limit_refusals_total', { scope: 'route', name: '/auth/verify' })).toBe(1);
    expect(sample(text, 'svc_concurrency_refusals_total', { capability: 'demo.slotted' })).toBe(1);
    expect(sample(text, 'svc_export_queue_depth', { status: 'queued' })).toBe(0);
    // prom-client's process metrics, in this server's registry.
    expect(sample(text, 'nodejs_eventloop_lag_seconds', {})).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
  });

  it('ships a Grafana dashboard that queries only metrics this server exports, and every svc metric', async () => {
    const text = await scrape();
    const exported = new Set<string>();
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\w+)$/gm)) {
      exported.add(name as string);
      if (type === 'histogram')
        for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${name}${suffix}`);
      if (type === 'summary') for (const suffix of ['_sum', '_count']) exported.add(`${name}${suffix}`);
    }
    for (const name of SERVER_METRIC_NAMES) expect(exported).toContain(name);
    const dashboard = JSON.parse(
      readFileSync(new URL('../../../../docs/deploy/grafana-dashboard.json', import.meta.url), 'utf8'),
    ) as { panels: { title: string; targets?: { expr: string }[] }[] };
    const queried = new Set<string>();
    for (const panel of dashboard.panels) {
      for (const target of panel.targets ?? []) {
        const names = target.expr.match(/\b(?:svc|process|nodejs)_[a-z0-9_]+/g) ?? [];
        expect(names.length, panel.title).toBeGreaterThan(0);
        for (const name of names) {
          expect(exported.has(name), `${panel.title}: ${name}`).toBe(true);
          queried.add(name.replace(/_(bucket|sum|count)$/, ''));
        }
      }
    }
    for (const name of SERVER_METRIC_NAMES) expect(queried, name).toContain(name);
  });

  it('describes /metrics in /openapi.json, which stays valid in strict mode', async () => {
    const response = await fetch(`${base}/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<string, { get?: { security?: unknown; responses?: Record<string, unknown> } }>;
    };
    expect(document.paths['/metrics']?.get?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(document.paths['/metrics']?.get?.responses ?? {})).toEqual(['200', '401']);
    const strict = validate({ spec: JSON.stringify(document), options: { strict: true } });
    expect(strict.errors).toEqual([]);
  });

  it('counts an unknown capability id as unknown, never under the id a caller made up', async () => {
    const outcome = await server.app.capabilities.invoke(
      'made.up-name-31337',
      {},
      { user: null, surface: 'mcp' },
    );
    expect(outcome.ok ? 'ran' : outcome.error.code).toBe('CAP_NOT_FOUND');
    const text = await scrape();
    expect(text).not.toContain('31337');
    expect(
      sample(text, 'svc_capability_invocations_total', {
        capability: 'unknown',
        surface: 'mcp',
        outcome: 'CAP_NOT_FOUND',
      }),
    ).toBe(1);
  });
});

describe('/metrics on a port of its own', () => {
  let server: TestServer;
  let base = '';
  beforeAll(async () => {
    server = await createTestServer(sqlite, { SVC_METRICS_PORT: '0' }, { web: false });
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => server?.close());

  it('serves GET /metrics there only, and nothing on the main port', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    const address = server.app.metricsAddress();
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${address}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(sample(text, 'svc_http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBe(
      1,
    );
    expect((await fetch(`${address}/healthz`)).status).toBe(404);
  });

  it('stops the start, naming SVC_METRICS_PORT, when that port is taken', async () => {
    const taken = new URL(server.app.metricsAddress() as string).port;
    await expect(createTestServer(sqlite, { SVC_METRICS_PORT: taken }, { web: false })).rejects.toThrow(
      `SVC_METRICS_PORT: cannot listen on 127.0.0.1:${taken} (EADDRINUSE).`,
    );
  });
});

describe('without SVC_METRICS_TOKEN or SVC_METRICS_PORT', () => {
  it('has no /metrics and refuses a short token at start', async () => {
    const server = await createTestServer(sqlite, {}, { web: false });
    try {
      expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
    expect(() => loadConfig({ NODE_ENV: 'test', SVC_METRICS_TOKEN: 'short' })).toThrow(/SVC_METRICS_TOKEN/);
  });
});

describe('OpenTelemetry tracing with an in-memory exporter', () => {
  it('records a request span and its capability call as a child', async () => {
    const exporter = new InMemorySpanExporter();
    const database = await sqlite.open();
    const app = await buildServer({
      config: loadConfig({ NODE_ENV: 'test', SVC_PASSWORD_COST: '12', ...env }),
      database,
      mailer: createMemoryMailer(),
      clock: createManualClock(Date.now()),
      capabilities,
      web: false,
      observability: { tracingExporter: exporter },
    });
    try {
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const cookie = await signIn(base);
      exporter.reset();
      expect((await callAdapter(base, cookie, 'demo/rated')).status).toBe(200);
      await expect.poll(() => exporter.getFinishedSpans().length).toBeGreaterThanOrEqual(2);
      const spans = exporter.getFinishedSpans();
      const request = spans.find((span) => span.name === 'POST /api/adapters/:system/:fn');
      const call = spans.find((span) => span.name === 'capability demo.rated');
      expect(request?.attributes['http.response.status_code']).toBe(200);
      expect(call?.attributes['svc.outcome']).toBe('ok');
      expect(call?.attributes['svc.surface']).toBe('adapter-route');
      expect(call?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
      expect(call?.spanContext().traceId).toBe(request?.spanContext().traceId);
      expect(request?.parentSpanContext).toBeUndefined();
      // A caller's W3C trace context is continued: same trace, the caller's span as parent.
      exporter.reset();
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const health = await fetch(`${base}/healthz`, {
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      expect(health.status).toBe(200);
      await expect.poll(() => exporter.getFinishedSpans().length).toBe(1);
      const continued = exporter.getFinishedSpans()[0];
      expect(continued?.name).toBe('GET /healthz');
      expect(continued?.spanContext().traceId).toBe(traceId);
      expect(continued?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});

describe('OpenTelemetry tracing over OTLP/HTTP', () => {
  it('sends the spans of a request to the configured collector, flushed when the server closes', async () => {
    const received: { path: string; type: string; auth: string; body: string }[] = [];
    const collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          type: request.headers['content-type'] ?? '',
          auth: String(request.headers['x-collector-key'] ?? ''),
          body,
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    const server = await createTestServer(
      sqlite,
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=k1',
        OTEL_SERVICE_NAME: 'svc-test',
      },
      { web: false },
    );
    try {
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await server.close();
      await new Promise<void>((resolve) => collector.close(() => resolve()));
    }
    const traces = received.filter((entry) => entry.path === '/v1/traces');
    expect(traces.length).toBeGreaterThan(0);
    expect(traces[0]?.auth).toBe('k1');
    const everything = traces.map((entry) => entry.body).join('\n');
    expect(everything).toContain('svc-test');
    expect(everything).toContain('GET /healthz');
  });
});
