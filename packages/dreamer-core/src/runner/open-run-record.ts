import { DreamError } from '../errors.js';
import { DEFAULT_PIPELINE } from '../pipeline/default-pipeline.js';
import type { PipelineDefinition } from '../pipeline/types.js';
import { validatePipeline } from '../pipeline/validate-pipeline.js';
import type { RunStore } from '../ports/run-store.js';
import type { RunArguments, RunRecord, RunSettings, RunUsage } from './run-types.js';

/** Runs a store call, turning its failure into `DREAM_STORE_FAILED`. */
export async function persist<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DreamError) throw error;
    throw new DreamError('DREAM_STORE_FAILED', 'The run record could not be saved', { cause: error });
  }
}

function emptyUsage(): RunUsage {
  return { inputTokens: 0, outputTokens: 0, estimated: false, stages: {} };
}

function assertValidPipeline(pipeline: unknown, inputValues: Record<string, string>): void {
  const validation = validatePipeline(pipeline, { inputValues });
  if (!validation.ok) {
    throw new DreamError('DREAM_INVALID_PIPELINE', 'The pipeline is invalid', { details: validation.errors });
  }
}

function modelChoices(args: RunArguments): Pick<RunSettings, 'provider' | 'model' | 'stageModels'> {
  return {
    ...(args.provider !== undefined ? { provider: args.provider } : {}),
    ...(args.model !== undefined ? { model: args.model } : {}),
    ...(args.stageModels !== undefined ? { stageModels: args.stageModels } : {}),
  };
}

/**
 * The pipeline and input values a new run (no `resumeFrom`) would use, validated: the run's
 * `topic` is the `topic` input unless `inputValues.topic` says otherwise. Throws
 * `DREAM_INVALID_PIPELINE` with the validator's errors.
 */
export function resolveNewRun(args: RunArguments): {
  pipeline: PipelineDefinition;
  inputValues: Record<string, string>;
} {
  const topic = args.inputValues?.topic ?? args.topic;
  const inputValues = { ...args.inputValues, ...(topic !== undefined ? { topic } : {}) };
  const pipeline: PipelineDefinition = args.pipeline ?? DEFAULT_PIPELINE;
  assertValidPipeline(pipeline, inputValues);
  return { pipeline, inputValues };
}

/** Validates a new run's pipeline and builds its record (stored when a store is given). */
export async function createRunRecord(args: {
  args: RunArguments;
  id: string;
  now: string;
  store: RunStore | undefined;
  runner: string | undefined;
}): Promise<RunRecord> {
  const topic = args.args.topic as string;
  const { pipeline, inputValues } = resolveNewRun(args.args);
  const record: RunRecord = {
    id: args.id,
    status: 'running',
    topic,
    pipeline,
    settings: {
      depth: args.args.depth ?? 'standard',
      mode: args.args.mode ?? 'standard',
      ...modelChoices(args.args),
      inputValues,
    },
    steps: [],
    outputs: {},
    usage: emptyUsage(),
    models: {},
    ...(args.runner !== undefined ? { runner: args.runner } : {}),
    createdAt: args.now,
    updatedAt: args.now,
  };
  const { store } = args;
  if (store) await persist(() => store.create(record));
  return record;
}

function assertSameAsStored(args: RunArguments, previous: RunRecord): void {
  const settings = previous.settings;
  const clashes: string[] = [];
  if (args.pipeline !== undefined) clashes.push('pipeline');
  if (args.topic !== undefined && args.topic !== previous.topic) clashes.push('topic');
  if (args.depth !== undefined && args.depth !== settings.depth) clashes.push('depth');
  if (args.mode !== undefined && args.mode !== settings.mode) clashes.push('mode');
  const given = args.inputValues ?? {};
  if (Object.keys(given).some((name) => given[name] !== settings.inputValues[name]))
    clashes.push('inputValues');
  if (clashes.length > 0) {
    throw new DreamError(
      'DREAM_INVALID_ARGUMENTS',
      `A resumed run keeps its ${clashes.join(', ')}; only provider, model and stageModels may change`,
      { details: clashes.map((name) => ({ path: `/${name}`, message: 'differs from the stored run' })) },
    );
  }
}

/**
 * Reopens a stored `error` or `aborted` run for `resumeFrom`: its topic, pipeline, depth, mode
 * and input values are kept (passing different ones is refused), models may change.
 */
export async function reopenRunRecord(args: {
  args: RunArguments;
  runId: string;
  now: string;
  store: RunStore | undefined;
  runner: string | undefined;
}): Promise<RunRecord> {
  const { store, runId } = args;
  if (!store) throw new DreamError('DREAM_INVALID_ARGUMENTS', '"resumeFrom" needs a run store');
  const previous = await persist(() => store.get(runId));
  if (!previous) throw new DreamError('DREAM_RUN_NOT_FOUND', `No run "${runId}"`);
  assertSameAsStored(args.args, previous);
  assertValidPipeline(previous.pipeline, previous.settings.inputValues);
  const reopened = await persist(() => store.reopen(runId, args.now));
  if (!reopened) {
    const why = previous.status === 'done' ? 'it already finished' : 'it is still running';
    throw new DreamError('DREAM_RUN_NOT_RESUMABLE', `Run "${runId}" cannot be resumed: ${why}`, {
      details: { status: previous.status },
    });
  }
  const settings: RunSettings = { ...reopened.settings, ...modelChoices(args.args) };
  return persist(() => store.update(runId, { settings, runner: args.runner }));
}
