import type { PipelineStage } from '../pipeline/types.js';
import type { ProviderRegistry } from '../ports/provider-registry.js';
import type { ResolvedModel, RunArguments, StageModelChoice } from './run-types.js';

/** Provider name used for the echo stub when the registry lists nothing. */
export const STUB_PROVIDER = 'stub';

interface Choice {
  provider?: string | undefined;
  model?: string | undefined;
}

/** A plain model name means `{ model }`. */
function toChoice(choice: StageModelChoice | undefined): Choice | undefined {
  return typeof choice === 'string' ? { model: choice } : choice;
}

function isSet(value: string | undefined): value is string {
  return value !== undefined && value !== '' && value !== 'auto';
}

function completeChoice(
  choice: Choice,
  registry: ProviderRegistry,
): { provider: string; model: string } | undefined {
  const { provider, model } = choice;
  if (!isSet(provider) && !isSet(model)) return undefined;
  const listed = registry.list();
  // A choice this install cannot serve is skipped, never sent: only listed models are called.
  if (isSet(provider) && isSet(model)) {
    const served = listed.some((entry) => entry.provider === provider && entry.models.includes(model));
    return served ? { provider, model } : undefined;
  }
  if (isSet(provider)) {
    const first = listed.find((entry) => entry.provider === provider)?.models[0];
    return first === undefined ? undefined : { provider, model: first };
  }
  const owner = listed.find((entry) => entry.models.includes(model as string));
  return owner === undefined ? undefined : { provider: owner.provider, model: model as string };
}

/**
 * Resolves the provider/model of a stage; first match wins: `stageModels[key]` (a plain
 * model name or `{ provider, model }`), the
 * stage's own provider/model, the run's provider/model, then `auto` (the first listed
 * model), then the echo stub when nothing is listed. A choice matches only when the
 * registry lists it: a provider alone takes that provider's first model, a model alone the
 * first provider listing it; a choice naming something unlisted is skipped.
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
    ['stage-models', toChoice(args.args.stageModels?.[stage.key])],
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
