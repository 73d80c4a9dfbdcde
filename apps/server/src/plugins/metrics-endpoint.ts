import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { MetricsConfig } from '../config/observability-config.js';
import { errorResponseSchema } from '../errors/error-body.js';
import type { ServerMetrics } from './server-metrics.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const metricsRouteSchema = {
  tags: ['health'],
  summary: 'Prometheus metrics of this instance',
  description:
    'The Prometheus text format. Served here only when `SVC_METRICS_TOKEN` is set, and only to `Authorization: Bearer <token>`; `SVC_METRICS_PORT` serves it on a listener of its own instead (see docs/deploy/operating.md).',
  security: [{ bearer: [] }],
  response: {
    200: {
      description: 'Prometheus text exposition format 0.0.4.',
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
    401: errorResponseSchema,
  },
} as const;

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** True when `header` is `Bearer <token>`; compared in constant time whatever its length. */
function isAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const match = /^Bearer (\S{1,512})$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1] as string), digest(token));
}

const UNAUTHORIZED = {
  error: {
    code: 'GATE_UNAUTHENTICATED',
    message: 'Send the metrics token: Authorization: Bearer <SVC_METRICS_TOKEN>.',
  },
};

/**
 * Counts every answer by method, route pattern and status, with its latency (`onResponse`): the
 * route pattern (`/db/:collection`), never the raw URL, and `unmatched` for an unrouted path, so
 * a caller cannot grow the label sets.
 *
 * @example
 * installHttpMetrics(app, metrics);
 */
export function installHttpMetrics(app: FastifyInstance, metrics: ServerMetrics): void {
  // prom-client hashes the labels on every call; the children of the (bounded) label sets are
  // kept instead, so a request costs two map reads and two additions.
  const counters = new Map<string, { inc(): void }>();
  const timers = new Map<string, { observe(value: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    const status = reply.statusCode;
    const key = `${method} ${route}`;
    let counter = counters.get(`${key} ${status}`);
    if (counter === undefined) {
      counter = metrics.httpRequests.labels({ method, route, status: String(status) });
      counters.set(`${key} ${status}`, counter);
    }
    let timer = timers.get(key);
    if (timer === undefined) {
      timer = metrics.httpDuration.labels({ method, route });
      timers.set(key, timer);
    }
    counter.inc();
    timer.observe(reply.elapsedTime / 1000);
    done();
  });
}

/**
 * Serves the metrics as `SVC_METRICS_*` say: `GET /metrics` on the main port behind the bearer
 * token when `token` is set; a listener of its own on `port` (opened when the server is ready,
 * closed with it) answering only `GET /metrics`, behind the token too when both are set.
 * Neither set: no `/metrics` at all (404).
 *
 * @example
 * serveMetrics(app, metrics, config.observability.metrics);
 */
export function serveMetrics(app: FastifyInstance, metrics: ServerMetrics, config: MetricsConfig): void {
  const { token } = config;
  if (token !== undefined && config.port === undefined) {
    app.get('/metrics', { schema: metricsRouteSchema }, async (request, reply) => {
      if (!isAuthorized(request.headers.authorization, token)) return reply.status(401).send(UNAUTHORIZED);
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    });
  }
  let server: Server | undefined;
  app.decorate('metricsAddress', () => {
    const address = server?.address();
    return address && typeof address === 'object' ? `http://${config.host}:${address.port}` : undefined;
  });
  if (config.port === undefined) return;
  // On ready, not on listen: Fastify only logs an onListen failure, and a metrics port that
  // cannot be bound must stop the start, named, not leave a server silently without metrics.
  app.addHook('onReady', async () => {
    server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: { code: 'SERVER_NOT_FOUND', message: 'Only GET /metrics here.' } }),
        );
        return;
      }
      if (!isAuthorized(request.headers.authorization, token)) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify(UNAUTHORIZED));
        return;
      }
      metrics.registry.metrics().then(
        (text) => {
          response.writeHead(200, {
            'content-type': metrics.registry.contentType,
            'cache-control': 'no-store',
          });
          response.end(text);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics collection failed');
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ error: { code: 'SERVER_INTERNAL', message: 'Metrics collection failed.' } }),
          );
        },
      );
    });
    // A slow or idle scraper cannot hold the listener: short timeouts, no keep-alive past 5 s.
    server.headersTimeout = 10_000;
    server.requestTimeout = 10_000;
    server.keepAliveTimeout = 5_000;
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            `SVC_METRICS_PORT: cannot listen on ${config.host}:${config.port} (${error.code ?? error.message}).`,
            { cause: error },
          ),
        ),
      );
      listening.listen(config.port, config.host, () => {
        listening.removeAllListeners('error');
        listening.on('error', (error) => app.log.error({ err: error }, 'metrics listener failed'));
        resolve();
      });
    });
    app.log.info({ address: app.metricsAddress() }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    const closing = server;
    if (closing === undefined) return;
    closing.closeAllConnections();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's URL (`SVC_METRICS_PORT`) once listening; undefined without it. */
    metricsAddress: () => string | undefined;
  }
}
