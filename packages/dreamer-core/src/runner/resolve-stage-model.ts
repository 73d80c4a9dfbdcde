import type { PipelineStage } from '../pipeline/types.js';
import type { ProviderRegistry } from '../ports/provider-registry.js';
import type { ResolvedModel, RunArguments } from './run-types.js';

/** Provider name used for the echo stub when the registry lists nothing. */
export const STUB_PROVIDER = 'stub';

interface Choice {
  provider?: string | undefined;
  model?: string | undefined;
}

function isSet(value: string | undefined): value is string {
  return value !== undefined && value !== '' && value !== 'auto';
}

function completeChoice(
  choice: Choice,
  registry: ProviderRegistry,
): { provider: string; model: string } | undefined {
  const { provider, model } = choice;
  if (isSet(provider) && isSet(model)) return { provider, model };
  const listed = registry.list();
  if (isSet(provider)) {
    const first = listed.find((entry) => entry.provider === provider)?.models[0];
    return first === undefined ? undefined : { provider, model: first };
  }
  if (isSet(model)) {
    const owner = listed.find((entry) => entry.models.includes(model)) ?? listed[0];
    return owner === undefined ? undefined : { provider: owner.provider, model };
  }
  return undefined;
}

/**
 * Resolves the provider/model of a stage; first match wins: `stageModels[key]`, the
 * stage's own provider/model, the run's provider/model, then `auto` (the first listed
 * model), then the echo stub when nothing is listed.
 *
 * @example
 * ```ts
 * resolveStageModel({ stage, args: { topic: 'x', model: 'gpt-4o' }, registry });
 * ```
 */
export function resolveStageModel(args: {
  stage: PipelineStage;
  args: RunArguments;
  registry: ProviderRegistry;
}): ResolvedModel {
  const { stage, registry } = args;
  const candidates: [ResolvedModel['source'], Choice | undefined][] = [
    ['stage-models', args.args.stageModels?.[stage.key]],
    ['stage', { provider: stage.provider, model: stage.model }],
    ['run', { provider: args.args.provider, model: args.args.model }],
  ];
  for (const [source, choice] of candidates) {
    const resolved = choice === undefined ? undefined : completeChoice(choice, registry);
    if (resolved !== undefined) return { ...resolved, source };
  }
  for (const entry of registry.list()) {
    const first = entry.models[0];
    if (first !== undefined) return { provider: entry.provider, model: first, source: 'auto' };
  }
  return { provider: STUB_PROVIDER, model: 'echo', source: 'stub' };
}
