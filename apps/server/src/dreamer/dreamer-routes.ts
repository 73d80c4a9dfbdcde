import {
  checkRunArguments,
  DEFAULT_PIPELINE,
  type RunArguments,
  STUB_PROVIDER,
  validatePipeline,
} from '@svc/dreamer-core';
import type { RequestUser } from '@svc/gate';
import { GateError } from '@svc/gate';
import type {
  FastifyPluginAsync,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { abortOnDisconnect } from '../plugins/abort-on-disconnect.js';
import { requireAuth, requireMembership } from '../plugins/guards.js';
import { meterGuard, refundRequestCharge } from '../plugins/meter-guard.js';
import {
  DREAM_CAPABILITY_ID,
  DREAM_FEATURE,
  DREAM_RUN_RESOURCE,
  type DreamerServices,
  type RunSlot,
} from './create-dreamer-services.js';
import {
  modelsSchema,
  pipelineRouteSchema,
  runSchema,
  runStreamSchema,
  validateSchema,
} from './dreamer-route-schemas.js';
import { type EventStream, openEventStream } from './event-stream.js';

/** Run requests per user (or IP when anonymous) per minute. */
export const DREAM_RUN_RATE_LIMIT = 30;
/** Validation requests per client IP per minute. */
export const DREAM_VALIDATE_RATE_LIMIT = 120;

const slots = new WeakMap<FastifyRequest, RunSlot>();

function caller(request: FastifyRequest): RequestUser {
  if (request.user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key.');
  return request.user;
}

const runConfig: RouteShorthandOptions['config'] = {
  rateLimit: {
    max: DREAM_RUN_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  },
};

/**
 * The ideation pipeline over HTTP (register with prefix `/api/dreamer`): `POST /run` (JSON),
 * `POST /run/stream` (server-sent events), `GET /pipeline`, `POST /pipeline/validate`. Runs need
 * a signed-in caller with a membership including `intelligence` (admins bypass), a free run
 * slot, and pay the `feature:dreamer.run` and `tool:dreamer.dream` meter rules (what a run costs
 * on every charging surface); run records are read at `/db/dreamer_runs`.
 *
 * @example
 * await app.register(dreamerRoutes, { prefix: '/api/dreamer', dreamer });
 */
export const dreamerRoutes: FastifyPluginAsync<{ dreamer: DreamerServices }> = async (app, options) => {
  const { dreamer } = options;

  // The core checks again when it runs; checking here first means a malformed request is
  // refused before it takes a slot or pays (a resumed run's stored pipeline is checked later).
  const checkRunRequest: preHandlerAsyncHookHandler = async function checkRunRequest(request) {
    checkRunArguments(request.body);
  };
  const gone = new WeakSet<FastifyRequest>();
  const reserveSlot: preHandlerAsyncHookHandler = async function reserveRunSlot(request) {
    const slot = await dreamer.reserveSlot(caller(request));
    // A shared (Redis) slot is taken asynchronously: a client gone meanwhile frees it at once,
    // since its abort hook has already run.
    if (gone.has(request)) slot.release();
    else slots.set(request, slot);
  };
  const releaseSlot = (request: FastifyRequest): void => {
    slots.get(request)?.release();
    slots.delete(request);
  };
  // A refusal after the slot was taken (402 from the meter, say) still frees it.
  app.addHook('onResponse', async (request) => releaseSlot(request));
  app.addHook('onRequestAbort', async (request) => {
    gone.add(request);
    releaseSlot(request);
  });
  const admission = {
    preValidation: [requireAuth, requireMembership(DREAM_FEATURE)],
    // Checks and the slot before the charge: a refused request never pays. A run pays the
    // seed's `feature:dreamer.run` and, as on every charging surface, `tool:dreamer.dream`.
    preHandler: [
      checkRunRequest,
      reserveSlot,
      meterGuard([DREAM_RUN_RESOURCE, `tool:${DREAM_CAPABILITY_ID}`]),
    ],
    config: runConfig,
  };

  app.post<{ Body: RunArguments }>('/run', { schema: runSchema, ...admission }, async (request, reply) => {
    try {
      return await dreamer.run(caller(request), request.body, { signal: abortOnDisconnect(reply) });
    } finally {
      // The response hooks do not run for a client that already hung up: free the slot here.
      releaseSlot(request);
    }
  });

  app.post<{ Body: RunArguments }>(
    '/run/stream',
    { schema: runStreamSchema, ...admission },
    async (request, reply) => {
      let stream: EventStream | undefined;
      try {
        await dreamer.run(caller(request), request.body, {
          signal: abortOnDisconnect(reply),
          onEvent(event) {
            // The stream opens with the run's first event, so a refusal before it (bad
            // arguments, an invalid pipeline, an unknown run to resume) is a plain JSON error.
            stream ??= openEventStream(reply);
            stream.send(event.type, event);
          },
        });
      } catch (error) {
        if (stream === undefined) throw error;
        // The `error` event is out; a server-side failure is logged and gives the charge back.
        if (dreamer.isRefundable(error)) {
          request.log.warn({ err: error }, 'dreamer stream run failed');
          await refundRequestCharge(request);
        }
      } finally {
        stream?.close();
        // A hijacked reply skips Fastify's response hooks: free the slot here.
        releaseSlot(request);
      }
      return reply;
    },
  );

  app.get('/pipeline', { schema: pipelineRouteSchema }, async () => DEFAULT_PIPELINE);

  // Names only (never base URLs or keys): what `provider`, `model` and `stageModels` may name.
  app.get('/models', { schema: modelsSchema, preValidation: requireAuth }, async () => {
    const providers = dreamer.providers.list();
    const first = providers.find((entry) => entry.models.length > 0);
    const auto = first
      ? { provider: first.provider, model: first.models[0], source: 'auto' }
      : { provider: STUB_PROVIDER, model: 'echo', source: 'stub' };
    return { providers, auto };
  });

  app.post<{ Body: Record<string, unknown> }>(
    '/pipeline/validate',
    {
      schema: validateSchema,
      config: {
        rateLimit: {
          max: DREAM_VALIDATE_RATE_LIMIT,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => request.ip,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const wrapped = 'pipeline' in body;
      const inputValues = wrapped ? body.inputValues : undefined;
      if (
        inputValues !== undefined &&
        (typeof inputValues !== 'object' || inputValues === null || Array.isArray(inputValues))
      ) {
        throw new GateError('GATE_INVALID_INPUT', '"inputValues" must be an object of input name → text.');
      }
      return validatePipeline(wrapped ? body.pipeline : body, {
        ...(inputValues ? { inputValues: inputValues as Record<string, unknown> } : {}),
      });
    },
  );
};
