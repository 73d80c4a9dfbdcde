import type { RunArguments } from '@svc/dreamer-core/client';
import type { CliIo } from '../../cli-io.js';
import { readInput } from '../../input/read-input.js';
import type { ParsedArgs } from '../command.js';

/** The server `svc dream` talks to when neither `--server` nor `SVC_SERVER_URL` is set. */
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:3000';

/** Everything one `svc dream` run needs, read from the command line and environment. */
export interface DreamRequest {
  baseUrl: string;
  apiKey: string | undefined;
  args: RunArguments;
  json: boolean;
  color: boolean;
}

/** The request, or why the command line cannot make one (always exit code 2). */
export type DreamOptionsOutcome =
  | { ok: true; request: DreamRequest }
  | { ok: false; message: string; usage: boolean };

const CHOICES = { mode: ['standard', 'wild'], depth: ['standard', 'deep'] } as const;

/**
 * Reads `svc dream` options into run arguments: choices checked, `--stage-model` and
 * `--input` pairs split, `--pipeline` read and parsed. Defaults come from `SVC_SERVER_URL`
 * and `SVC_API_KEY`.
 *
 * @example
 * const outcome = await readDreamOptions({ values: { mode: 'wild' }, positionals: ['bees'] }, io);
 * // { ok: true, request: { baseUrl: 'http://127.0.0.1:3000', args: { topic: 'bees', mode: 'wild' }, … } }
 */
export async function readDreamOptions(parsed: ParsedArgs, io: CliIo): Promise<DreamOptionsOutcome> {
  const usage = (message: string): DreamOptionsOutcome => ({ ok: false, message, usage: true });
  const { values, positionals } = parsed;
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const list = (name: string) => (Array.isArray(values[name]) ? (values[name] as string[]) : []);
  const resume = text('resume');
  if (positionals.length > 1)
    return usage(`unexpected argument '${positionals[1]}' (quote a topic of several words)`);
  const topic = positionals[0];
  if (topic === undefined && resume === undefined) return usage('missing <topic>');
  if (topic?.trim() === '') return usage('the topic is empty');
  const baseUrl = text('server') ?? nonEmpty(io.env.SVC_SERVER_URL) ?? DEFAULT_SERVER_URL;
  if (!isHttpUrl(baseUrl)) return usage(`--server must be an http(s) URL, got '${baseUrl}'`);
  const args: RunArguments = { ...(topic === undefined ? {} : { topic }) };
  for (const name of ['mode', 'depth'] as const) {
    const value = text(name);
    if (value === undefined) continue;
    if (!(CHOICES[name] as readonly string[]).includes(value))
      return usage(`--${name} must be ${CHOICES[name].join(' or ')}, got '${value}'`);
    args[name] = value as never;
  }
  for (const name of ['provider', 'model'] as const) {
    const value = text(name);
    if (value !== undefined) args[name] = value;
  }
  if (resume !== undefined) args.resumeFrom = resume;
  const stageModels = readStageModels(list('stage-model'));
  if (typeof stageModels === 'string') return usage(stageModels);
  if (stageModels) args.stageModels = stageModels;
  const inputValues = readPairs(list('input'), '--input', 'name=value');
  if (typeof inputValues === 'string') return usage(inputValues);
  if (inputValues) args.inputValues = inputValues;
  const pipelineFile = text('pipeline');
  if (pipelineFile !== undefined) {
    const pipeline = await readPipelineFile(pipelineFile, io);
    if (typeof pipeline === 'string') return { ok: false, message: pipeline, usage: false };
    // The server validates the pipeline and answers with every problem; checking here would duplicate it.
    args.pipeline = pipeline as unknown as RunArguments['pipeline'];
  }
  const request: DreamRequest = {
    baseUrl,
    apiKey: text('api-key') ?? nonEmpty(io.env.SVC_API_KEY),
    args,
    json: values.json === true,
    color: values['no-color'] !== true,
  };
  return { ok: true, request };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `name=value` pairs split at the first `=`; a usage message when one is malformed. */
function readPairs(
  items: readonly string[],
  option: string,
  shape: string,
): Record<string, string> | string | undefined {
  if (items.length === 0) return undefined;
  const pairs: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf('=');
    if (at <= 0) return `${option} must look like ${shape}, got '${item}'`;
    pairs[item.slice(0, at)] = item.slice(at + 1);
  }
  return pairs;
}

/** `key=provider/model` (or `key=provider`); the model may itself contain `/`. */
function readStageModels(items: readonly string[]): RunArguments['stageModels'] | string {
  const pairs = readPairs(items, '--stage-model', 'key=provider/model');
  if (pairs === undefined || typeof pairs === 'string') return pairs;
  const stageModels: NonNullable<RunArguments['stageModels']> = {};
  for (const [key, choice] of Object.entries(pairs)) {
    const slash = choice.indexOf('/');
    const provider = slash === -1 ? choice : choice.slice(0, slash);
    const model = slash === -1 ? '' : choice.slice(slash + 1);
    if (provider === '' || (slash !== -1 && model === ''))
      return `--stage-model must look like key=provider/model, got '${key}=${choice}'`;
    stageModels[key] = model === '' ? { provider } : { provider, model };
  }
  return stageModels;
}

async function readPipelineFile(file: string, io: CliIo): Promise<Record<string, unknown> | string> {
  const input = await readInput(file, io);
  if (!input.ok) return input.message;
  let value: unknown;
  try {
    value = JSON.parse(input.text);
  } catch (error) {
    return `${input.label} is not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `${input.label} must hold a pipeline object { stages: [...] }`;
  return value as Record<string, unknown>;
}
