import { type RunArguments, validatePipeline } from '@svc/dreamer-core';
import { type AdapterDefinition, defineAdapterFunction } from '../adapters/adapter-types.js';
import type { DreamerServices } from './create-dreamer-services.js';
import { runArgumentsSchema } from './dreamer-route-schemas.js';

/**
 * The `dreamer` adapter: `dream` runs the ideation pipeline (as `POST /api/dreamer/run` does:
 * membership `intelligence`, a run slot, the `feature:dreamer.run` price, refunded on a
 * server-side failure) and `validatePipeline` checks a definition. Reached at
 * `/api/adapters/dreamer/{fn}` and by `lma`.
 *
 * @example
 * createAdapterRegistry([...BUILT_IN_ADAPTERS, createDreamerAdapter(dreamer)]);
 */
export function createDreamerAdapter(dreamer: DreamerServices): AdapterDefinition {
  return {
    system: 'dreamer',
    description: 'The ideation pipeline: a chain of model stages from idea to scaffold and notes.',
    functions: {
      dream: defineAdapterFunction<RunArguments>({
        description:
          'Runs the ideation pipeline on a topic: { runId, status, steps, outputs, usage, models }. The record is kept in /db/dreamer_runs.',
        argsSchema: runArgumentsSchema,
        run: (args, { user, signal }) => dreamer.runAdmitted(user, args, signal ? { signal } : {}),
      }),
      validatePipeline: defineAdapterFunction<{ pipeline: unknown; inputValues?: Record<string, string> }>({
        description: 'Checks a pipeline definition: { ok, errors } with a code and a JSON pointer per error.',
        argsSchema: {
          type: 'object',
          required: ['pipeline'],
          additionalProperties: false,
          properties: {
            pipeline: { type: 'object', additionalProperties: true },
            inputValues: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        run: async ({ pipeline, inputValues }) =>
          validatePipeline(pipeline, inputValues ? { inputValues } : {}),
      }),
    },
  };
}
