import { randomUUID } from 'node:crypto';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config/server-config.js';
import { createClientErrorHandler, createFrameworkErrorHandler } from './framework-errors.js';
import { redactUrl } from './redact-url.js';
import { createRequestValidatorFactory } from './request-validators.js';
import { SERVER_TIMEOUTS, type ServerTimeouts, toFastifyTimeouts } from './server-timeouts.js';

/** Headers and fields that must never reach a log line. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.key',
];

/** Fastify's request serializer, with secret query values masked in the logged URL (see redactUrl). */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The options the server's Fastify instance is made with: redacting JSON logs with a request id
 * per line, the proxy trust, the timeouts, a 1 MiB body limit, Fastify's and Node's own refusals
 * in the one error shape, and JSON bodies validated without type coercion.
 *
 * @example
 * const app = Fastify(createFastifyOptions(config, { timeouts: { requestTimeout: 5_000 } }));
 */
export function createFastifyOptions(
  config: ServerConfig,
  options: {
    logStream?: NodeJS.WritableStream | undefined;
    timeouts?: Partial<ServerTimeouts> | undefined;
  } = {},
): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED, censor: '[redacted]' },
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // Requests reaching a draining server are served (with `Connection: close`) rather than
    // answered with Fastify's own 503 body, which is not our error shape; /readyz says 503.
    return503OnClosing: false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    ...toFastifyTimeouts({ ...SERVER_TIMEOUTS, ...options.timeouts }),
    // Fastify's own refusals before routing, and Node's HTTP-level ones, in the one error shape.
    frameworkErrors: createFrameworkErrorHandler(config),
    clientErrorHandler: createClientErrorHandler(config),
    // JSON bodies are validated without type coercion; query strings and params keep it.
    schemaController: { compilersFactory: { buildValidator: createRequestValidatorFactory() } },
  };
}
