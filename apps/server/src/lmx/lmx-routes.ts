import {
  BRIDGED_DEMOS,
  type BridgeName,
  BUNDLED_DEMOS,
  describeLanguages,
  HOST_DEMOS,
  type LanguageAvailability,
} from '@svc/lmx-interpreters';
import type { FastifyPluginAsync } from 'fastify';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import type { HostModesConfig } from '../config/host-modes-config.js';
import { errorResponseSchema } from '../errors/error-body.js';
import { abortOnDisconnect } from '../plugins/abort-on-disconnect.js';
import { replyWithError } from '../plugins/reply-with-error.js';
import { hostModeRefusal } from './lmx-capabilities.js';

/** Options of {@link lmxRoutes}. */
export interface LmxRoutesOptions {
  registry: CapabilityRegistry;
  hostModes: HostModesConfig;
  /** The wall-clock bound of one run, reported by the catalogue. */
  timeMs: number;
  /** The bridges this server wires for every signed-in caller (`host` aside). */
  bridges?: readonly BridgeName[];
}

const runResultSchema = {
  type: 'object',
  required: ['ok', 'mode', 'output', 'durationMs'],
  properties: {
    ok: { type: 'boolean' },
    mode: { type: 'string' },
    output: { type: 'array', items: { type: 'string' } },
    value: {},
    error: { type: 'object', additionalProperties: true },
    usage: { type: 'object', additionalProperties: true },
    trace: { type: 'array', items: {} },
    durationMs: { type: 'number' },
  },
} as const;

const interpreterSchema = {
  type: 'object',
  required: ['id', 'title', 'purpose', 'bridges', 'hostMode', 'available'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    purpose: { type: 'string' },
    bridges: { type: 'array', items: { type: 'string' } },
    hostMode: { type: 'boolean' },
    available: { type: 'boolean' },
    code: { type: 'string' },
    reason: { type: 'string' },
  },
} as const;

/**
 * The catalogue for one caller: what this build has, less what this install and this caller
 * lack. A host mode says which of its two conditions (an admin caller, the host flag) is missing;
 * a bridge mode says which bridge this server does not wire yet; for an anonymous caller every
 * other mode says that running a script needs an account (`lmx.run` is `account` only).
 */
/** A mode's availability for one caller: the engine's codes, or the gate's when nobody is signed in. */
type CallerAvailability = Omit<LanguageAvailability, 'code'> & {
  code?: LanguageAvailability['code'] | 'GATE_UNAUTHENTICATED';
};

function describeForCaller(
  options: LmxRoutesOptions,
  user: Parameters<typeof hostModeRefusal>[0],
): CallerAvailability[] {
  const refusal = hostModeRefusal(user, options.hostModes);
  return describeLanguages({ bridges: ['host', ...(options.bridges ?? [])] }).map((entry) => {
    if (!entry.available) return entry;
    if (user === null && !entry.hostMode)
      return {
        ...entry,
        available: false,
        code: 'GATE_UNAUTHENTICATED',
        reason: 'running a script needs an account: sign in first',
      };
    if (!entry.hostMode || !refusal) return entry;
    return {
      ...entry,
      available: false,
      code: 'E_FORBIDDEN',
      reason: `${entry.id} is a host mode: ${refusal}`,
    };
  });
}

/**
 * The script engine's routes under `/api/lmx`: `POST /run` (the capability `lmx.run` through
 * `invoke`: its price, rate limit, per-user concurrency and errors), `GET /interpreters` (the sixteen
 * modes, each with its availability for this caller and the reason when unavailable) and
 * `GET /demos` (the bundled scripts with their source).
 *
 * @example
 * await app.register(lmxRoutes, { prefix: '/api/lmx', registry, hostModes, timeMs: 5000 });
 */
export const lmxRoutes: FastifyPluginAsync<LmxRoutesOptions> = async (app, options) => {
  app.post(
    '/run',
    {
      schema: {
        tags: ['lmx'],
        summary: 'Run a script in one of the sixteen modes (the lmx.run capability)',
        body: { type: 'object', description: 'The arguments of lmx.run: { mode, source, input? }.' },
        response: {
          200: runResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          402: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // The `area-route` surface charges `tool:lmx.run`, as MCP does.
      const outcome = await options.registry.invoke('lmx.run', request.body ?? {}, {
        user: request.user,
        surface: 'area-route',
        client: request.ip,
        log: request.log,
        signal: abortOnDisconnect(reply),
      });
      return outcome.ok ? outcome.result : replyWithError(reply, outcome.error);
    },
  );

  app.get(
    '/interpreters',
    {
      schema: {
        tags: ['lmx'],
        summary: 'The sixteen interpreters, with their availability for this caller on this install',
        response: {
          200: {
            type: 'object',
            required: ['timeMs', 'interpreters'],
            properties: {
              timeMs: { type: 'integer' },
              interpreters: { type: 'array', items: interpreterSchema },
            },
          },
        },
      },
    },
    async (request) => ({ timeMs: options.timeMs, interpreters: describeForCaller(options, request.user) }),
  );

  app.get(
    '/demos',
    {
      schema: {
        tags: ['lmx'],
        summary: 'Bundled demo scripts with their source, at least one per built language',
        response: {
          200: {
            type: 'object',
            required: ['demos'],
            properties: {
              demos: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'mode', 'title', 'description', 'source'],
                  properties: {
                    id: { type: 'string' },
                    mode: { type: 'string' },
                    title: { type: 'string' },
                    description: { type: 'string' },
                    source: { type: 'string' },
                    input: {},
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => ({ demos: [...BUNDLED_DEMOS, ...BRIDGED_DEMOS, ...HOST_DEMOS] }),
  );
};
