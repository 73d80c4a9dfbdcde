import type { GateDatabase } from '@svc/gate';
import { GateError } from '@svc/gate';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { requireAuth } from '../plugins/guards.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';
import { enqueueRun, readAutomations } from './automation-runs.js';

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
  description: 'Answers 202 with the run id; the record is /db/automation_runs/{runId}.',
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' } },
  },
  response: {
    202: { type: 'object', required: ['runId'], properties: { runId: { type: 'string' } } },
    ...commonErrorResponses,
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
export const automationsRoutes: FastifyPluginAsync<{ db: Kysely<GateDatabase>; onQueued(): void }> = async (
  app,
  { db, onQueued },
) => {
  app.get('', { schema: listSchema, preValidation: requireAuth }, async (request) => {
    const owner = (request.user as { id: string }).id;
    return {
      automations: (await readAutomations(db, { owner })).map((entry) =>
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
    { schema: runSchema, preValidation: requireAuth },
    async (request, reply) => {
      const owner = (request.user as { id: string }).id;
      const entry = (await readAutomations(db, { owner })).find(
        (candidate) => candidate.id === request.params.id,
      );
      if (entry === undefined) throw new GateError('GATE_NOT_FOUND', 'You have no automation with this id.');
      if (!entry.reading.ok)
        throw new GateError(
          'GATE_INVALID_INPUT',
          `The automation is not valid: ${entry.reading.problems.join(' ')}`,
          {
            details: { problems: entry.reading.problems },
          },
        );
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
