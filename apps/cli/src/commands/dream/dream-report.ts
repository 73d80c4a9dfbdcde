import type { ResolvedModel, RunEvent, RunResult, RunStep, StageUsage } from '@svc/dreamer-core';
import type { Style } from '../../output/color.js';
import { pluralize } from '../../output/printer.js';

/**
 * One progress line for stderr, or undefined for events that print nothing while streaming.
 *
 * @example
 * formatProgress({ type: 'stage_start', runId: 'r1', key: 'idea', label: 'Idea', model }, style);
 * // '→ Idea  local/llama3'
 */
export function formatProgress(event: RunEvent, style: Style): string | undefined {
  switch (event.type) {
    case 'start': {
      const resumed = event.completed.length > 0 ? `, resuming after ${event.completed.join(', ')}` : '';
      return style.dim(
        `run ${event.runId}: pipeline ${event.pipeline}, ${pluralize(event.stages.length, 'stage')}${resumed}`,
      );
    }
    case 'stage_start':
      return `${style.cyan('→')} ${event.label}  ${style.dim(formatModel(event.model))}`;
    case 'stage_delta':
      // Progress is one line per event on stderr; a model's text arriving word by word would
      // break those lines apart. The text is in the finished run's output.
      return undefined;
    case 'stage_done':
      return `${style.green('✓')} ${formatStep(event.step)}`;
    case 'done':
      return `${style.green('✓')} run ${event.runId} done: ${formatTokens(event.result.usage)}`;
    case 'error': {
      const where = event.stage === undefined ? '' : ` (stage ${event.stage})`;
      return style.red(`✗ ${event.code}: ${event.message}${where}`);
    }
  }
}

/**
 * A finished stage: label, model, tokens in → out, duration.
 *
 * @example
 * formatStep(step); // 'Idea  local/llama3  120 → 340 tokens  2.1 s'
 */
export function formatStep(step: RunStep): string {
  const seconds = (step.durationMs ?? Date.parse(step.finishedAt) - Date.parse(step.startedAt)) / 1000;
  const duration = Number.isFinite(seconds) ? `  ${seconds.toFixed(1)} s` : '';
  return `${step.label}  ${formatModel(step.model)}  ${formatTokens(step.usage)}${duration}`;
}

function formatModel(model: ResolvedModel): string {
  return `${model.provider}/${model.model}`;
}

function formatTokens(
  usage: Pick<StageUsage, 'inputTokens' | 'outputTokens' | 'estimated' | 'stub'>,
): string {
  if (usage.stub) return 'stub, no tokens';
  const approximately = usage.estimated ? '~' : '';
  return `${approximately}${usage.inputTokens} → ${approximately}${usage.outputTokens} tokens`;
}

/**
 * The outputs of a run as Markdown: one `## <label>` section per stage, in order; text
 * outputs as they are, other outputs in a fenced `json` block.
 *
 * @example
 * toRunMarkdown(result); // '## Idea\n\nA hive scale…\n\n## Selection\n\n```json\n{…}\n```\n'
 */
export function toRunMarkdown(result: RunResult): string {
  const sections = result.steps.map((step) => {
    const body =
      typeof step.output === 'string'
        ? step.output.trim()
        : toFencedBlock(JSON.stringify(step.output ?? null, null, 2), 'json');
    return `## ${step.label}\n\n${body}\n`;
  });
  return sections.join('\n');
}

/** A fence longer than any backtick run inside, so a string holding ``` cannot close it early. */
function toFencedBlock(text: string, language: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}
