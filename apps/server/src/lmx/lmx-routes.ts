import {
  BUNDLED_DEMOS,
  createScriptRunner,
  describeLanguages,
  type ScriptRunner,
} from '@svc/lmx-interpreters';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireAuth } from '../plugins/guards.js';
import { DEFAULT_LMX_OPTIONS, type LmxRouteOptions } from './lmx-options.js';
import { demosSchema, interpretersSchema, runSchema } from './lmx-route-schemas.js';

export { readLmxOptions } from './lmx-options.js';

interface RunBody {
  mode: string;
  source: string;
  input?: unknown;
}

/**
 * The script engine's routes under `/api/lmx`: `POST /run` (signed in; rate-limited per user
 * and at most `userConcurrency` runs in flight per user), `GET /interpreters` and
 * `GET /demos`. Scripts run in a pool of sandbox workers owned by this plugin and closed with
 * the server. The CLI-free host has no bridges yet, so bridge modes answer their codes.
 *
 * @example
 * await app.register(lmxRoutes, { prefix: '/api/lmx', ...readLmxOptions(process.env) });
 * // POST /api/lmx/run { "mode": "lmx", "source": "print 1 + 2" } → 200 { "ok": true, "output": ["3"], … }
 */
export const lmxRoutes: FastifyPluginAsync<Partial<LmxRouteOptions>> = async (app, partial) => {
  const options: LmxRouteOptions = { ...DEFAULT_LMX_OPTIONS, ...definedOnly(partial) };
  const runner: ScriptRunner = createScriptRunner({
    poolSize: options.poolSize,
    maxWorkers: Math.max(options.poolSize, 1) + 2,
    defaultLimits: { timeMs: options.timeMs },
    maxLimits: { timeMs: options.timeMs, memoryMb: options.memoryMb },
    // Warm workers start when the server listens (or on the first run), not in every
    // in-process test server that never runs a script.
    prewarm: false,
  });
  app.addHook('onListen', async () => runner.warm());
  app.addHook('onClose', async () => runner.close());
  const inFlight = new Map<string, number>();

  app.get('/interpreters', { schema: interpretersSchema }, async () => ({
    timeMs: options.timeMs,
    interpreters: describeLanguages({ bridges: [] }),
  }));

  app.get('/demos', { schema: demosSchema }, async () => ({ demos: BUNDLED_DEMOS }));

  app.post<{ Body: RunBody }>(
    '/run',
    {
      schema: runSchema,
      preHandler: requireAuth,
      config: {
        rateLimit: {
          max: options.runsPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) =>
            request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const userId = (request.user as { id: string }).id;
      const running = inFlight.get(userId) ?? 0;
      if (running >= options.userConcurrency) {
        return reply.status(429).send({
          error: {
            code: 'LMX_TOO_MANY_RUNS',
            message: `You already have ${running} scripts running; wait for one to finish.`,
            details: { limit: options.userConcurrency },
          },
        });
      }
      inFlight.set(userId, running + 1);
      try {
        const { mode, source, input } = request.body;
        return await runner.run({ mode, source, input: input ?? null });
      } finally {
        const left = (inFlight.get(userId) ?? 1) - 1;
        if (left <= 0) inFlight.delete(userId);
        else inFlight.set(userId, left);
      }
    },
  );
};

function definedOnly(partial: Partial<LmxRouteOptions>): Partial<LmxRouteOptions> {
  const result: Partial<LmxRouteOptions> = {};
  for (const key of Object.keys(DEFAULT_LMX_OPTIONS) as (keyof LmxRouteOptions)[]) {
    const value = partial[key];
    if (typeof value === 'number') result[key] = value;
  }
  return result;
}
