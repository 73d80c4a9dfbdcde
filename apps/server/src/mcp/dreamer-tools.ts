import {
  MAX_INPUT_VALUE_LENGTH,
  MAX_TOPIC_LENGTH,
  type RunArguments,
  type RunEvent,
} from '@svc/dreamer-core';
import { GateError } from '@svc/gate';
import { z } from 'zod';
import type { DreamerServices } from '../dreamer/create-dreamer-services.js';
import { type McpToolModule, runTool, toJsonResult } from './mcp-tools.js';

const name = z.string().min(1).max(200);
const dreamInput = z.object({
  topic: z
    .string()
    .min(1)
    .max(MAX_TOPIC_LENGTH)
    .optional()
    .describe('What to ideate on (required unless resumeFrom).'),
  depth: z.enum(['standard', 'deep']).optional().describe('deep asks every stage for more thorough work.'),
  mode: z.enum(['standard', 'wild']).optional().describe('wild favours unconventional but plausible ideas.'),
  provider: name.optional().describe('A configured provider, or auto.'),
  model: name.optional().describe('A configured model, or auto.'),
  pipeline: z.record(z.string(), z.unknown()).optional().describe('A custom pipeline definition.'),
  stageModels: z
    .record(z.string(), z.object({ provider: name.optional(), model: name.optional() }))
    .optional()
    .describe('Stage key → { provider?, model? }.'),
  inputValues: z.record(z.string(), z.string().max(MAX_INPUT_VALUE_LENGTH)).optional(),
  resumeFrom: name.optional().describe('Id of an errored or aborted run to continue.'),
});

/**
 * The MCP tool `dream`: runs the ideation pipeline for the signed-in caller with the HTTP
 * route's rules (membership `intelligence`, a run slot, the `feature:dreamer.run` price).
 * A client that sent a progress token gets a progress notification per completed stage; a
 * cancelled request aborts the run (its record ends `aborted`, resumable).
 *
 * @example
 * await app.register(mcpRoutes, { prefix: '/mcp', tools: [createDreamerTools(dreamer)] });
 */
export function createDreamerTools(dreamer: DreamerServices): McpToolModule {
  return (server, context) => {
    server.registerTool(
      'dream',
      {
        title: 'Run the ideation pipeline',
        description:
          'Runs the six-stage ideation pipeline (idea, expansion, feasibility, selection, scaffold, notes) or a custom one on a topic: { runId, steps, outputs, usage, models }. Needs an account with the intelligence membership.',
        inputSchema: dreamInput,
      },
      async (args, extra) =>
        runTool(context, async () => {
          if (context.user === null) {
            throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key to run the pipeline.');
          }
          const progressToken = extra.mcpReq._meta?.progressToken;
          let stagesDone = 0;
          const onEvent = (event: RunEvent): void => {
            if (progressToken === undefined || event.type !== 'stage_done') return;
            stagesDone += 1;
            void extra.mcpReq
              .notify({
                method: 'notifications/progress',
                params: { progressToken, progress: stagesDone, message: `${event.step.label} done` },
              })
              .catch(() => undefined);
          };
          // The pipeline's own shape is the core validator's to check (with JSON pointers).
          const result = await dreamer.runAdmitted(context.user, args as RunArguments, {
            signal: extra.mcpReq.signal,
            onEvent,
          });
          return toJsonResult(result);
        }),
    );
  };
}
