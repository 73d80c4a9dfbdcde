import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config/server-config.js';
import { type ServerErrorCode, statusOf } from '../errors/status-table.js';
import { securityHeaders } from './security-headers.js';

/** The server code of a refusal Fastify makes before any route or hook runs. */
function codeOfRoutingError(error: FastifyError): { code: ServerErrorCode; message: string } {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return { code: 'SERVER_BAD_URL', message: 'The URL is not validly percent-encoded.' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return {
        code: 'SERVER_URI_TOO_LONG',
        message: 'A path segment of the URL is longer than 100 characters.',
      };
    default:
      return { code: 'SERVER_BAD_REQUEST', message: 'The request could not be routed.' };
  }
}

/**
 * Fastify's `frameworkErrors` option: the refusals its router makes before any hook runs (a URL
 * that is not valid percent-encoding, a path parameter over `maxParamLength`) answered in the one
 * error shape, with the security headers, instead of Fastify's own body. The offending URL is not
 * echoed back.
 *
 * @example
 * Fastify({ frameworkErrors: createFrameworkErrorHandler(config) });
 */
export function createFrameworkErrorHandler(
  config: Pick<ServerConfig, 'env'>,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const headers = securityHeaders(config);
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const { code, message } = codeOfRoutingError(error);
    reply.status(statusOf(code)).headers(headers).type('application/json').send({ error: { code, message } });
  };
}

/** The answer to a request Node's HTTP parser refused or timed out, before Fastify saw it. */
function clientErrorOf(error: NodeJS.ErrnoException): { code: ServerErrorCode; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { code: 'SERVER_REQUEST_TIMEOUT', message: 'The request was not received in time.' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { code: 'SERVER_HEADERS_TOO_LARGE', message: 'The request headers are too large.' };
  }
  return { code: 'SERVER_BAD_REQUEST', message: 'The request is not valid HTTP.' };
}

/**
 * Fastify's `clientErrorHandler` option: malformed HTTP, headers over Node's limit and requests
 * that outlive `requestTimeout` / `headersTimeout` are answered in the one error shape (408, 431
 * or 400) with the security headers, then the connection is closed.
 *
 * @example
 * Fastify({ clientErrorHandler: createClientErrorHandler(config) });
 */
export function createClientErrorHandler(
  config: Pick<ServerConfig, 'env'>,
): (error: NodeJS.ErrnoException, socket: Socket) => void {
  const extra = Object.entries(securityHeaders(config))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { code, message } = clientErrorOf(error);
    const status = statusOf(code);
    const body = JSON.stringify({ error: { code, message } });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
