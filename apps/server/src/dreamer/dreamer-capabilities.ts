import {
  type PipelineValidation,
  type RunArguments,
  type RunEvent,
  type RunResult,
  validatePipeline,
} from '@svc/dreamer-core';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import {
  DREAM_CAPABILITY_ID,
  DREAM_FEATURE,
  type DreamerServices,
  MAX_CONCURRENT_RUNS_PER_USER,
} from './create-dreamer-services.js';
import { runArgumentsSchema } from './dreamer-route-schemas.js';

/** A run may take many model calls with retries: an hour before the registry gives up on it. */
const DREAM_TIMEOUT_MS = 60 * 60_000;

const VALIDATE_PIPELINE_INPUT = {
  type: 'object',
  required: ['pipeline'],
  additionalProperties: false,
  properties: {
    pipeline: { type: 'object', additionalProperties: true, description: 'The pipeline definition.' },
    inputValues: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'With values, required inputs must have one.',
    },
  },
} as const;

/**
 * The dreamer's capabilities: `dreamer.dream` (MCP tool `dream`) runs the ideation pipeline —
 * membership `intelligence` (admins bypass), three runs in flight per user shared with
 * `/api/dreamer/run`, the `feature:dreamer.run` price on every surface plus the `tool:` target
 * where the surface charges, refunded on a server-side failure; each finished stage is a
 * `progress` trace event. `dreamer.validatePipeline` checks a definition.
 *
 * @example
 * for (const capability of createDreamerCapabilities(dreamer)) registry.register(capability);
 */
export function createDreamerCapabilities(dreamer: DreamerServices): Capability[] {
  return [
    defineCapability<RunArguments, RunResult>({
      id: DREAM_CAPABILITY_ID,
      plane: 'adapter',
      mcpName: 'dream',
      title: 'Run the ideation pipeline',
      description:
        'Runs the six-stage ideation pipeline (idea, expansion, feasibility, selection, scaffold, notes) or a custom one on a topic: { runId, status, steps, outputs, usage, models }. The record is kept in /db/dreamer_runs. Needs an account with the intelligence membership.',
      input: runArgumentsSchema,
      policy: {
        access: 'account',
        membership: DREAM_FEATURE,
        meter: `tool:${DREAM_CAPABILITY_ID}`,
        rateLimit: { max: 30, windowMs: 60_000, per: 'user' },
        concurrency: { perUser: MAX_CONCURRENT_RUNS_PER_USER },
      },
      timeoutMs: DREAM_TIMEOUT_MS,
      run: (args, { user, signal, trace }) => {
        // The policy has required an account; this narrows the type and fails closed.
        if (user === null) throw new TypeError('dreamer.dream ran without a caller');
        let stagesDone = 0;
        const onEvent = (event: RunEvent): void => {
          if (event.type !== 'stage_done') return;
          stagesDone += 1;
          trace({ type: 'progress', progress: stagesDone, message: `${event.step.label} done` });
        };
        return dreamer.runPriced(user, args, { signal, onEvent });
      },
    }),
    defineCapability<{ pipeline: unknown; inputValues?: Record<string, string> }, PipelineValidation>({
      id: 'dreamer.validatePipeline',
      plane: 'adapter',
      title: 'Validate a pipeline definition',
      description: 'Checks a pipeline definition: { ok, errors } with a code and a JSON pointer per error.',
      input: VALIDATE_PIPELINE_INPUT,
      policy: {
        access: 'anyone',
        meter: 'tool:dreamer.validatePipeline',
        rateLimit: { max: 120, windowMs: 60_000, per: 'client' },
        readOnly: true,
      },
      run: async ({ pipeline, inputValues }) => validatePipeline(pipeline, inputValues ? { inputValues } : {}),
    }),
  ];
}
