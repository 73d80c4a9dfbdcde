import type { Gate, RequestUser } from '@svc/gate';
import { GateError } from '@svc/gate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ServerConfig } from '../config/server-config.js';
import type { Database } from '../db/create-database.js';

declare module 'fastify' {
  interface FastifyInstance {
    gate: Gate;
    database: Database;
    svcConfig: ServerConfig;
  }
  interface FastifyRequest {
    /** The authenticated user, or null when anonymous. Set for every request. */
    user: RequestUser | null;
  }
}

/** The name plugins list in their `dependencies` to read `app.gate`, `app.database`, `app.svcConfig` and `request.user`. */
export const GATE_PLUGIN = 'svc-gate';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Reads an API key from `Authorization: Bearer svc_…` or `x-api-key`. */
export function readApiKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer svc_')) return authorization.slice('Bearer '.length);
  return undefined;
}

/**
 * True when a browser says the request comes from another site. Non-browser clients send
 * neither header and cannot ride a victim's cookie, so they pass.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  const own = new Set([new URL(publicUrl).origin]);
  const host = request.headers.host;
  if (host) {
    own.add(`http://${host}`);
    own.add(`https://${host}`);
  }
  return !own.has(origin);
}

/**
 * Decorates the app with the gate and database, and attaches `request.user` to every request
 * from the session cookie or an API key. Unsafe methods authenticated by cookie must be
 * same-origin (API keys are not ambient credentials, so they need no such check).
 */
export const gatePlugin = fastifyPlugin(
  async (app: FastifyInstance, options: { gate: Gate; database: Database; config: ServerConfig }) => {
    app.decorate('gate', options.gate);
    app.decorate('database', options.database);
    app.decorate('svcConfig', options.config);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const apiKey = readApiKey(request);
      const sessionToken = apiKey ? undefined : request.cookies[options.config.cookieName];
      if (!apiKey && !sessionToken) return;
      request.user = await options.gate.identify({ apiKey, sessionToken });
      if (
        request.user?.via === 'session' &&
        UNSAFE_METHODS.has(request.method) &&
        isCrossSite(request, options.config.publicUrl)
      ) {
        throw new GateError('GATE_CROSS_SITE_REQUEST', 'Cross-site requests cannot use the session cookie.');
      }
    });
  },
  { name: GATE_PLUGIN, dependencies: ['@fastify/cookie'] },
);
