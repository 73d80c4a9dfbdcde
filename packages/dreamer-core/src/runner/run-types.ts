import type { PipelineDefinition } from '../pipeline/types.js';

/** Token usage of one stage; `estimated` when the provider did not report it, `stub` for the echo stub. */
export interface StageUsage {
  inputTokens: number;
  outputTokens: number;
  estimated?: boolean;
  stub?: boolean;
}

/** Token usage of a run: totals plus one entry per completed stage. */
export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  estimated: boolean;
  /** True when every completed stage ran on the echo stub (no model ran), so callers branch once. */
  stub?: boolean;
  stages: Record<string, StageUsage>;
}

/** A stage's model choice: a plain model name, or `{ provider?, model? }`. */
export type StageModelChoice = string | { provider?: string; model?: string };

/** The provider/model a stage resolved to; `source` tells which rule matched. */
export interface ResolvedModel {
  provider: string;
  model: string;
  source: 'stage-models' | 'stage' | 'run' | 'auto' | 'stub';
}

/** One completed stage. */
export interface RunStep {
  key: string;
  label: string;
  output: unknown;
  text: string;
  model: ResolvedModel;
  usage: StageUsage;
  attempts: number;
  startedAt: string;
  finishedAt: string;
  /**
   * Milliseconds the stage took, retries included (from the dreamer's clock). Absent on steps
   * recorded before it existed.
   */
  durationMs?: number;
}

/** Status of a run record. */
export type RunStatus = 'running' | 'done' | 'aborted' | 'error';

/**
 * The arguments a run was started with besides topic and pipeline, kept on the record so a
 * resumed run builds the same prompts.
 */
export interface RunSettings {
  depth: 'standard' | 'deep';
  mode: 'standard' | 'wild';
  provider?: string;
  model?: string;
  stageModels?: Record<string, StageModelChoice>;
  inputValues: Record<string, string>;
}

/** The persisted run record (collection `dreamer_runs`). */
export interface RunRecord {
  id: string;
  status: RunStatus;
  topic: string;
  pipeline: PipelineDefinition;
  settings: RunSettings;
  steps: RunStep[];
  outputs: Record<string, unknown>;
  usage: RunUsage;
  models: Record<string, ResolvedModel>;
  error?: { code: string; message: string; stage?: string };
  /** How many times the run was resumed. */
  resumes?: number;
  /** Who runs it (the dreamer's `runnerId`, e.g. a server instance), for stale-run recovery. */
  runner?: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Arguments of `dreamer.run`. `topic` is required unless `resumeFrom` names a stored run: a
 * resumed run keeps its topic, pipeline, depth, mode and input values and may change only the
 * models (`provider`, `model`, `stageModels`) of the stages still to run.
 */
export interface RunArguments {
  topic?: string;
  depth?: 'standard' | 'deep';
  mode?: 'standard' | 'wild';
  provider?: string;
  model?: string;
  pipeline?: PipelineDefinition;
  stageModels?: Record<string, StageModelChoice>;
  inputValues?: Record<string, string>;
  resumeFrom?: string;
}

/** Events emitted while a run progresses. */
export type RunEvent =
  | { type: 'start'; runId: string; pipeline: string; stages: string[]; completed: string[] }
  | { type: 'stage_start'; runId: string; key: string; label: string; model: ResolvedModel }
  | {
      /**
       * Text the stage's model just wrote (streaming providers only). `attempt` counts from 1: a
       * higher attempt than the last one seen means the stage was retried, and the text shown so
       * far for it must be dropped.
       */
      type: 'stage_delta';
      runId: string;
      key: string;
      text: string;
      attempt: number;
    }
  | { type: 'stage_done'; runId: string; step: RunStep }
  | { type: 'done'; runId: string; result: RunResult }
  | { type: 'error'; runId: string; code: string; message: string; stage?: string };

/** Options of one run. */
export interface RunOptions {
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
}

/** Result of a finished run. */
export interface RunResult {
  runId: string;
  status: 'done';
  steps: RunStep[];
  outputs: Record<string, unknown>;
  usage: RunUsage;
  models: Record<string, ResolvedModel>;
}
