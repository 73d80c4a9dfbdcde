import { DreamError } from '../errors.js';
import { resolveNewRun } from './open-run-record.js';
import type { RunArguments } from './run-types.js';

/** Longest topic accepted, in characters. */
export const MAX_TOPIC_LENGTH = 2_000;
/** Longest input value accepted, in characters. */
export const MAX_INPUT_VALUE_LENGTH = 20_000;

const ARGUMENT_KEYS = new Set([
  'topic',
  'depth',
  'mode',
  'provider',
  'model',
  'pipeline',
  'stageModels',
  'inputValues',
  'resumeFrom',
]);

/** One problem with the run arguments; `path` is a JSON pointer into them. */
export interface ArgumentProblem {
  path: string;
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkName(value: unknown, path: string, problems: ArgumentProblem[]): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || value.length === 0 || value.length > 200) {
    problems.push({ path, message: 'must be a non-empty string of at most 200 characters' });
  }
}

function checkStageModels(value: unknown, problems: ArgumentProblem[]): void {
  if (value === undefined) return;
  if (!isRecord(value)) {
    problems.push({
      path: '/stageModels',
      message: 'must be an object of stage key → a model name or { provider, model }',
    });
    return;
  }
  for (const [key, choice] of Object.entries(value)) {
    const path = `/stageModels/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (typeof choice === 'string') {
      checkName(choice, path, problems);
      continue;
    }
    if (!isRecord(choice)) {
      problems.push({ path, message: 'must be a model name or an object { provider?, model? }' });
      continue;
    }
    for (const field of Object.keys(choice)) {
      if (field !== 'provider' && field !== 'model') {
        problems.push({ path: `${path}/${field}`, message: 'is not a known field' });
      }
    }
    checkName(choice.provider, `${path}/provider`, problems);
    checkName(choice.model, `${path}/model`, problems);
  }
}

function checkInputValues(value: unknown, problems: ArgumentProblem[]): void {
  if (value === undefined) return;
  if (!isRecord(value)) {
    problems.push({ path: '/inputValues', message: 'must be an object of input name → text' });
    return;
  }
  for (const [name, text] of Object.entries(value)) {
    if (typeof text !== 'string' || text.length > MAX_INPUT_VALUE_LENGTH) {
      problems.push({
        path: `/inputValues/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`,
        message: `must be a string of at most ${MAX_INPUT_VALUE_LENGTH} characters`,
      });
    }
  }
}

/**
 * Checks untrusted run arguments (from HTTP, an adapter call or an MCP tool) and returns them
 * typed; throws `DREAM_INVALID_ARGUMENTS` with every problem in `details` (`{ path, message }[]`).
 * The pipeline itself is checked by `validatePipeline`, not here.
 *
 * @example
 * ```ts
 * const args = readRunArguments(JSON.parse(body));
 * ```
 */
export function readRunArguments(input: unknown): RunArguments {
  if (!isRecord(input)) {
    throw new DreamError('DREAM_INVALID_ARGUMENTS', 'The run arguments must be an object', {
      details: [{ path: '', message: 'must be an object' }],
    });
  }
  const problems: ArgumentProblem[] = [];
  for (const key of Object.keys(input)) {
    if (!ARGUMENT_KEYS.has(key)) problems.push({ path: `/${key}`, message: 'is not a known argument' });
  }
  const { topic, depth, mode, resumeFrom } = input;
  if (
    topic !== undefined &&
    (typeof topic !== 'string' || topic.trim() === '' || topic.length > MAX_TOPIC_LENGTH)
  ) {
    problems.push({
      path: '/topic',
      message: `must be a non-empty string of at most ${MAX_TOPIC_LENGTH} characters`,
    });
  }
  if (topic === undefined && resumeFrom === undefined) {
    problems.push({ path: '/topic', message: 'is required (unless "resumeFrom" names a run)' });
  }
  if (depth !== undefined && depth !== 'standard' && depth !== 'deep') {
    problems.push({ path: '/depth', message: 'must be "standard" or "deep"' });
  }
  if (mode !== undefined && mode !== 'standard' && mode !== 'wild') {
    problems.push({ path: '/mode', message: 'must be "standard" or "wild"' });
  }
  checkName(input.provider, '/provider', problems);
  checkName(input.model, '/model', problems);
  checkName(resumeFrom, '/resumeFrom', problems);
  checkStageModels(input.stageModels, problems);
  checkInputValues(input.inputValues, problems);
  if (input.pipeline !== undefined && !isRecord(input.pipeline)) {
    problems.push({ path: '/pipeline', message: 'must be a pipeline definition object' });
  }
  if (problems.length > 0) {
    const first = problems[0] as ArgumentProblem;
    throw new DreamError('DREAM_INVALID_ARGUMENTS', `Invalid run arguments: ${first.path} ${first.message}`, {
      details: problems,
    });
  }
  return input as RunArguments;
}

/**
 * Everything `dreamer.run` checks before it stores or calls anything, without running: the
 * arguments (`DREAM_INVALID_ARGUMENTS`) and, for a new run, its pipeline with the input values
 * (`DREAM_INVALID_PIPELINE`). A resumed run's stored pipeline is checked when it runs. Lets a
 * host refuse a malformed request before it admits or charges it.
 *
 * @example
 * ```ts
 * const args = checkRunArguments(request.body); // throws a DreamError with pointers
 * ```
 */
export function checkRunArguments(input: unknown): RunArguments {
  const args = readRunArguments(input);
  if (args.resumeFrom === undefined) resolveNewRun(args);
  return args;
}
