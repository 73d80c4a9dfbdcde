import { isGateError } from '@svc/gate';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isCapabilityError } from '../capabilities/capability-error.js';
import { toDreamerErrorPayload } from '../dreamer/dreamer-errors.js';
import { statusOf } from './status-table.js';

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
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

/**
 * Installs the single error handler and not-found handler: every failure leaves the server as
 * `{ error: { code, message, details? } }` with the status from the code table. Internal errors
 * are logged with the request id and answered without their message.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isGateError(error)) {
      const body: ErrorBody = { error: { code: error.code, message: error.message } };
      if (error.details) body.error.details = error.details;
      return send(reply, statusOf(error.code), body);
    }
    if (isCapabilityError(error)) {
      const body: ErrorBody = { error: { code: error.code, message: error.message } };
      if (error.details) body.error.details = error.details;
      return send(reply, statusOf(error.code), body);
    }
    const dreamer = toDreamerErrorPayload(error);
    if (dreamer) {
      const status = statusOf(dreamer.code);
      if (status >= 500) request.log.warn({ err: error }, 'dreamer run failed');
      return send(reply, status, { error: dreamer });
    }
    if (error.validation) {
      return send(reply, 400, {
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
      });
    }
    const mapped = fastifyCode(error);
    if (mapped) return send(reply, statusOf(mapped), { error: { code: mapped, message: error.message } });
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode === 404 ? 404 : 400, {
        error: {
          code: error.statusCode === 404 ? 'SERVER_NOT_FOUND' : 'SERVER_VALIDATION',
          message: error.message,
        },
      });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, {
      error: { code: 'SERVER_INTERNAL', message: `Internal error (request ${request.id}).` },
    });
  });
  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, {
      error: {
        code: 'SERVER_NOT_FOUND',
        message: `No route for ${request.method} ${request.url.split('?')[0]}.`,
      },
    }),
  );
}
