import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorPayload, toErrorPayload } from '../errors/error-payload.js';
import { isServerError } from '../errors/server-error.js';
import { statusOf } from '../errors/status-table.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route speaks JSON-RPC (`/mcp`): a body it cannot read (malformed or too-deep JSON, too
     * large, not JSON) is answered as a JSON-RPC error rather than in the one error shape.
     */
    jsonRpcErrors?: boolean;
  }
}

interface ErrorBody {
  error: ErrorPayload;
}

interface ErrorAnswer {
  status: number;
  body: ErrorBody;
}

function send(reply: FastifyReply, { status, body }: ErrorAnswer): FastifyReply {
  return reply.status(status).type('application/json').send(body);
}

/** Maps Fastify's own error codes (body parsing, limits) to server codes. */
function fastifyCode(error: FastifyError): string | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'SERVER_PAYLOAD_TOO_LARGE';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'SERVER_UNSUPPORTED_MEDIA_TYPE';
    default:
      return error.statusCode === 429 ? 'SERVER_RATE_LIMITED' : undefined;
  }
}

// JSON-RPC 2.0: a message that cannot be parsed (-32700), or read but not acceptable (-32600).
const JSON_RPC_PARSE_ERROR = -32700;
const JSON_RPC_INVALID_REQUEST = -32600;

/** The JSON-RPC code of an error that kept the body from being read at all, else undefined. */
function unreadableBodyCode(error: FastifyError): number | undefined {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return JSON_RPC_PARSE_ERROR;
  }
  if (isServerError(error) && (error.code === 'SERVER_JSON_TOO_DEEP' || error.code === 'SERVER_VALIDATION')) {
    return JSON_RPC_PARSE_ERROR;
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return JSON_RPC_INVALID_REQUEST;
  }
  return undefined;
}

/** The status and one-shape body of any error, or undefined for an internal one. */
function toErrorAnswer(error: FastifyError): ErrorAnswer | undefined {
  const payload = toErrorPayload(error);
  if (payload) return { status: statusOf(payload.code), body: { error: payload } };
  if (error.validation) {
    return {
      status: 400,
      body: {
        error: {
          code: 'SERVER_VALIDATION',
          message: error.message,
          details: {
            issues: error.validation.map((issue) => ({
              path: issue.instancePath,
              message: issue.message ?? 'invalid',
            })),
          },
        },
      },
    };
  }
  const mapped = fastifyCode(error);
  if (mapped) return { status: statusOf(mapped), body: { error: { code: mapped, message: error.message } } };
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    const notFound = error.statusCode === 404;
    return {
      status: notFound ? 404 : 400,
      body: { error: { code: notFound ? 'SERVER_NOT_FOUND' : 'SERVER_VALIDATION', message: error.message } },
    };
  }
  return undefined;
}

/**
 * Installs the single error handler and not-found handler: every failure leaves the server as
 * `{ error: { code, message, details? } }` with the status from the code table. Internal errors
 * are logged with the request id and answered without their message. On a route marked
 * `config.jsonRpcErrors` (`/mcp`), a body that cannot be read is answered as a JSON-RPC error
 * (`-32700` parse error, `-32600` invalid request) carrying the server code in `error.data.code`.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = toErrorAnswer(error);
    if (!answer) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, {
        status: 500,
        body: { error: { code: 'SERVER_INTERNAL', message: `Internal error (request ${request.id}).` } },
      });
    }
    if (answer.status >= 500) request.log.warn({ err: error }, 'request failed');
    const retryAfterMs = answer.body.error.details?.retryAfterMs;
    if (answer.status === 429 && typeof retryAfterMs === 'number' && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    }
    const jsonRpcCode = request.routeOptions.config?.jsonRpcErrors ? unreadableBodyCode(error) : undefined;
    if (jsonRpcCode !== undefined) {
      const { code, message, details } = answer.body.error;
      return reply
        .status(answer.status)
        .type('application/json')
        .send({
          jsonrpc: '2.0',
          id: null,
          error: { code: jsonRpcCode, message, data: { code, ...(details ? { details } : {}) } },
        });
    }
    return send(reply, answer);
  });
  app.setNotFoundHandler((request, reply) =>
    send(reply, {
      status: 404,
      body: {
        error: {
          code: 'SERVER_NOT_FOUND',
          message: `No route for ${request.method} ${request.url.split('?')[0]}.`,
        },
      },
    }),
  );
}
