import type { DataService, GateDatabase } from '@svc/gate';
import { GateError } from '@svc/gate';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { requireAuth } from '../plugins/guards.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';
import { admitRun } from './automation-run-admission.js';
import { enqueueRun, readAutomationById, readAutomations } from './automation-runs.js';

/** Manual runs (`POST /api/automations/{id}/run`) one user may ask for per minute; past it, 429 `SERVER_RATE_LIMITED`. */
export const MANUAL_RUNS_PER_MINUTE = 30;

const OPEN_OBJECT = { type: 'object', additionalProperties: true } as const;

const listSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['automations'],
  summary: "The caller's automations (documents of /db/automations), each checked",
  response: {
    200: {
      type: 'object',
      required: ['automations'],
      properties: {
        automations: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'problems'],
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              trigger: OPEN_OBJECT,
              steps: { type: 'array', items: OPEN_OBJECT },
              problems: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    401: errorResponseSchema,
  },
} as const;

const runSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['automations'],
  summary: 'Queue a run of one of your automations now (any trigger type)',
  description: `Answers 202 with the run id; the record is /db/automation_runs/{runId}. ${MANUAL_RUNS_PER_MINUTE} a minute per user (429 SERVER_RATE_LIMITED); at most 10 runs waiting per user (429 AUTOMATION_QUEUE_FULL); run records rotate within the automation_runs quota (413 GATE_QUOTA_EXCEEDED when unfinished runs alone fill it).`,
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' } },
  },
  response: {
    202: { type: 'object', required: ['runId'], properties: { runId: { type: 'string' } } },
    ...commonErrorResponses,
    413: errorResponseSchema,
  },
} as const;

/**
 * `GET /api/automations` and `POST /api/automations/{id}/run` (register with that prefix).
 * Automations themselves are written through `/db/automations`; runs are read through
 * `/db/automation_runs`.
 *
 * @example
 * await app.register(automationsRoutes, { prefix: '/api/automations', db, onQueued: () => worker.wake() });
 */
export const automationsRoutes: FastifyPluginAsync<{
  db: Kysely<GateDatabase>;
  data: Pick<DataService, 'readUsage'>;
  onQueued(): void;
}> = async (app, { db, data, onQueued }) => {
  app.get('', { schema: listSchema, preValidation: requireAuth }, async (request) => {
    const owner = (request.user as { id: string }).id;
    return {
      automations: (await readAutomations(db, owner)).map((entry) =>
        entry.reading.ok
          ? {
              id: entry.id,
              name: entry.name,
              trigger: entry.reading.automation.trigger,
              steps: entry.reading.automation.steps,
              problems: [],
            }
          : { id: entry.id, name: entry.name, problems: entry.reading.problems },
      ),
    };
  });
  app.post<{ Params: { id: string } }>(
    '/:id/run',
    {
      schema: runSchema,
      preValidation: requireAuth,
      config: {
        rateLimit: {
          max: MANUAL_RUNS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) =>
            request.user ? `user:${request.user.id}` : `address:${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const owner = (request.user as { id: string }).id;
      const entry = await readAutomationById(db, owner, request.params.id);
      if (entry === undefined) throw new GateError('GATE_NOT_FOUND', 'You have no automation with this id.');
      if (!entry.reading.ok)
        throw new GateError(
          'GATE_INVALID_INPUT',
          `The automation is not valid: ${entry.reading.problems.join(' ')}`,
          {
            details: { problems: entry.reading.problems },
          },
        );
      await admitRun({ db, data }, owner);
      const { id } = await enqueueRun(db, {
        automation: entry.reading.automation,
        trigger: { type: 'manual' },
        now: Date.now(),
      });
      onQueued();
      return reply.status(202).send({ runId: id });
    },
  );
};
