import type { PipelineStage } from '../pipeline/types.js';
import type { ChatMessage } from '../ports/provider-registry.js';
import { fillTask } from './template.js';

const WILD_MODIFIER =
  'Mode: wild. Favour unconventional but plausible ideas: unusual audiences, cross-domain mechanisms, contrarian bets. Each must still be buildable by a small team.';
const DEEP_MODIFIER =
  'Depth: deep. Be more thorough: roughly double the length limits, state assumptions explicitly, and give evidence or reasoning for every claim.';

const FORMAT_HINTS: Record<PipelineStage['outputFormat'], string> = {
  text: 'Answer in plain text.',
  markdown: 'Answer in GitHub-flavoured markdown.',
  json: 'Answer with one JSON value only, no prose and no code fences.',
};

/**
 * Builds the chat messages of one stage: task with inputs (lines naming only empty inputs left
 * out), prior outputs, modifiers.
 */
export function buildStageMessages(args: {
  stage: PipelineStage;
  inputValues: Record<string, string>;
  outputs: Record<string, string>;
  mode: 'standard' | 'wild';
  depth: 'standard' | 'deep';
}): ChatMessage[] {
  const { stage, inputValues, outputs, mode, depth } = args;
  const system = [
    'You are a sharp product strategist working through an ideation pipeline.',
    FORMAT_HINTS[stage.outputFormat],
  ];
  if (mode === 'wild') system.push(WILD_MODIFIER);
  if (depth === 'deep') system.push(DEEP_MODIFIER);
  const parts = [fillTask(stage.task, inputValues)];
  for (const key of stage.priorOutputs ?? []) {
    parts.push(`--- Output of stage "${key}" ---\n${outputs[key] ?? ''}`);
  }
  return [
    { role: 'system', content: system.join('\n') },
    { role: 'user', content: parts.join('\n\n') },
  ];
}
