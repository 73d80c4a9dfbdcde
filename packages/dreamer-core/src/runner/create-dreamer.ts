import { DreamError, isDreamError } from '../errors.js';
import { buildStageMessages } from '../internal/build-prompt.js';
import { checkSchema } from '../internal/check-schema.js';
import type { PipelineStage } from '../pipeline/types.js';
import type { Clock } from '../ports/clock.js';
import type { Meter } from '../ports/meter.js';
import type { ProviderRegistry } from '../ports/provider-registry.js';
import type { RunStore, StaleRunFilter } from '../ports/run-store.js';
import { callStage, DEFAULT_TIMEOUT_MS } from './call-stage.js';
import { createRunRecord, persist, reopenRunRecord } from './open-run-record.js';
import { readRunArguments } from './read-run-arguments.js';
import { resolveStageModel } from './resolve-stage-model.js';
import type { RunArguments, RunOptions, RunResult, RunStep, RunUsage } from './run-types.js';

/** Options of {@link createDreamer}. */
export interface DreamerOptions {
  providers: ProviderRegistry;
  clock: Clock;
  store?: RunStore;
  meter?: Meter;
  /** Id factory for run records; defaults to `crypto.randomUUID()`. */
  createId?: () => string;
  /** Base delay between retries, multiplied by the attempt number; default 250 ms. */
  retryDelayMs?: number;
  /**
   * Per-attempt timeout of stages whose definition sets no `timeoutMs`; default
   * {@link DEFAULT_TIMEOUT_MS} (60 s). Raise it for slow local models.
   */
  stageTimeoutMs?: number;
  /** Stored on every record this dreamer runs (`runner`), so recovery can tell whose runs are whose. */
  runnerId?: string;
  /**
   * While a run waits on a stage, refresh its record's `updatedAt` this often, so a sweep with
   * `idleSince` can tell a live run from a dead one. Off unless set.
   */
  heartbeatMs?: number;
}

/** The dreamer returned by {@link createDreamer}. */
export interface Dreamer {
  /**
   * Runs a pipeline. Rejects with a `DreamError`: `DREAM_INVALID_ARGUMENTS` /
   * `DREAM_INVALID_PIPELINE` / `DREAM_RUN_NOT_FOUND` / `DREAM_RUN_NOT_RESUMABLE` before anything
   * runs or is stored; once the record exists, the code of whatever ended the run (after the
   * `error` event and the record's final status).
   */
  run(args: RunArguments, options?: RunOptions): Promise<RunResult>;
  /**
   * Marks records left `running` by a dead process as `error`; returns how many. Without a
   * filter every `running` record counts (one process per store); see `StaleRunFilter`.
   */
  recoverStaleRuns(filter?: StaleRunFilter): Promise<number>;
}

function addStep(usage: RunUsage, step: RunStep): RunUsage {
  const stages = { ...usage.stages, [step.key]: step.usage };
  return {
    inputTokens: usage.inputTokens + step.usage.inputTokens,
    outputTokens: usage.outputTokens + step.usage.outputTokens,
    estimated: usage.estimated || step.usage.estimated === true,
    // Over every completed stage, resumed ones included: true only when no model ran at all.
    stub: Object.values(stages).every((stage) => stage.stub === true),
    stages,
  };
}

function parseOutput(stage: PipelineStage, text: string): unknown {
  if (stage.outputFormat !== 'json') return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new DreamError('DREAM_OUTPUT_INVALID', `Stage "${stage.key}" did not return valid JSON`, {
      cause: error,
    });
  }
  const problems = stage.schema ? checkSchema(parsed, stage.schema) : [];
  if (problems.length > 0) {
    throw new DreamError('DREAM_OUTPUT_INVALID', `Stage "${stage.key}" output does not match its schema`, {
      details: problems,
    });
  }
  return parsed;
}

/**
 * Creates the dreamer: runs a validated pipeline stage by stage through the injected
 * provider registry, emitting events and checkpointing to the store after every stage.
 *
 * @example
 * ```ts
 * const dreamer = createDreamer({ providers, clock: { now: () => new Date() } });
 * const result = await dreamer.run({ topic: 'tools for beekeepers', mode: 'wild' });
 * ```
 */
export function createDreamer(options: DreamerOptions): Dreamer {
  const { providers, store, meter, clock } = options;
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID());
  const retryDelayMs = options.retryDelayMs ?? 250;
  const defaultTimeoutMs = options.stageTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(defaultTimeoutMs) || defaultTimeoutMs <= 0) {
    throw new DreamError(
      'DREAM_INVALID_ARGUMENTS',
      '"stageTimeoutMs" must be a positive number of milliseconds',
    );
  }
  const stamp = (): string => clock.now().toISOString();

  /** Refreshes a running record's `updatedAt` every `heartbeatMs` (best effort) until stopped. */
  function startHeartbeat(runId: string): { stop(): void } {
    const { heartbeatMs } = options;
    if (!store || heartbeatMs === undefined) return { stop: () => undefined };
    const timer = setInterval(() => {
      void store.update(runId, { updatedAt: stamp() }).catch(() => undefined);
    }, heartbeatMs);
    // A heartbeat alone must not keep a process alive.
    (timer as { unref?: () => void }).unref?.();
    return { stop: () => clearInterval(timer) };
  }

  async function run(rawArgs: RunArguments, runOptions: RunOptions = {}): Promise<RunResult> {
    const args = readRunArguments(rawArgs);
    let record =
      args.resumeFrom !== undefined
        ? await reopenRunRecord({
            args,
            runId: args.resumeFrom,
            now: stamp(),
            store,
            runner: options.runnerId,
          })
        : await createRunRecord({ args, id: createId(), now: stamp(), store, runner: options.runnerId });
    const heartbeat = startHeartbeat(record.id);
    const { pipeline, settings } = record;
    const choices = { topic: record.topic, ...settings };
    const signal = runOptions.signal ?? new AbortController().signal;
    const emit = runOptions.onEvent ?? (() => undefined);
    const done = new Set(record.steps.map((step) => step.key));
    const textOutputs: Record<string, string> = {};
    for (const step of record.steps) textOutputs[step.key] = step.text;
    emit({
      type: 'start',
      runId: record.id,
      pipeline: pipeline.name,
      stages: pipeline.stages.map((stage) => stage.key),
      completed: [...done],
    });

    let current: PipelineStage | undefined;
    try {
      for (const stage of pipeline.stages) {
        if (done.has(stage.key)) continue;
        current = stage;
        const model = resolveStageModel({ stage, args: choices, registry: providers });
        emit({ type: 'stage_start', runId: record.id, key: stage.key, label: stage.label, model });
        const started = clock.now();
        const startedAt = started.toISOString();
        const messages = buildStageMessages({
          stage,
          inputValues: settings.inputValues,
          outputs: textOutputs,
          mode: settings.mode,
          depth: settings.depth,
        });
        const answer = await callStage({
          registry: providers,
          stage,
          model,
          messages,
          signal,
          retryDelayMs,
          defaultTimeoutMs,
          onDelta: (text, attempt) =>
            emit({ type: 'stage_delta', runId: record.id, key: stage.key, text, attempt }),
        });
        const finished = clock.now();
        const step: RunStep = {
          key: stage.key,
          label: stage.label,
          output: parseOutput(stage, answer.text),
          text: answer.text,
          model,
          usage: answer.usage,
          attempts: answer.attempts,
          startedAt,
          finishedAt: finished.toISOString(),
          durationMs: Math.max(0, finished.getTime() - started.getTime()),
        };
        textOutputs[stage.key] = answer.text;
        record = {
          ...record,
          steps: [...record.steps, step],
          outputs: { ...record.outputs, [stage.key]: step.output },
          usage: addStep(record.usage, step),
          models: { ...record.models, [stage.key]: model },
          updatedAt: step.finishedAt,
        };
        if (store) {
          const { steps, outputs, usage, models, updatedAt } = record;
          await persist(() => store.update(record.id, { steps, outputs, usage, models, updatedAt }));
        }
        emit({ type: 'stage_done', runId: record.id, step });
      }
      if (store) await persist(() => store.update(record.id, { status: 'done', updatedAt: stamp() }));
    } catch (caught) {
      heartbeat.stop();
      const error =
        signal.aborted && !isDreamError(caught, 'DREAM_ABORTED')
          ? new DreamError('DREAM_ABORTED', 'The run was aborted', { cause: caught })
          : caught;
      const code = isDreamError(error) ? error.code : 'DREAM_PROVIDER_FAILED';
      const message = error instanceof Error ? error.message : String(error);
      const status = code === 'DREAM_ABORTED' ? 'aborted' : 'error';
      const failure = { code, message, ...(current ? { stage: current.key } : {}) };
      if (store) {
        // Best effort: the run already failed, and its own error is what the caller must see.
        await store.update(record.id, { status, error: failure, updatedAt: stamp() }).catch(() => undefined);
      }
      await meter?.recordUsage({ runId: record.id, usage: record.usage });
      emit({ type: 'error', runId: record.id, ...failure });
      throw error;
    }
    heartbeat.stop();
    await meter?.recordUsage({ runId: record.id, usage: record.usage });
    const result: RunResult = {
      runId: record.id,
      status: 'done',
      steps: record.steps,
      outputs: record.outputs,
      usage: record.usage,
      models: record.models,
    };
    emit({ type: 'done', runId: record.id, result });
    return result;
  }

  return {
    run,
    recoverStaleRuns: async (filter) =>
      store ? persist(() => store.markStaleRunning(clock.now(), filter)) : 0,
  };
}
