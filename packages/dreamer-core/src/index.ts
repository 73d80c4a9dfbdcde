export type { DreamErrorCode } from './errors.js';
export { DreamError, isDreamError } from './errors.js';
export { DEFAULT_PIPELINE } from './pipeline/default-pipeline.js';
export type {
  PipelineDefinition,
  PipelineInput,
  PipelineStage,
  StageOutputFormat,
  StageSchema,
} from './pipeline/types.js';
export type { PipelineError, PipelineErrorCode, PipelineValidation } from './pipeline/validate-pipeline.js';
export { PIPELINE_LIMITS, PIPELINE_NAME_PATTERN, validatePipeline } from './pipeline/validate-pipeline.js';
export type { Clock } from './ports/clock.js';
export type { Meter } from './ports/meter.js';
export type {
  ChatMessage,
  CompletionChunk,
  CompletionRequest,
  CompletionResult,
  ProviderErrorShape,
  ProviderRegistry,
} from './ports/provider-registry.js';
export { MAX_RETRY_AFTER_MS } from './ports/provider-registry.js';
export type { RunStore, StaleRunFilter } from './ports/run-store.js';
export { isStaleRun, STALE_RUN_ERROR } from './ports/run-store.js';
export { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS, estimateTokens } from './runner/call-stage.js';
export type { Dreamer, DreamerOptions } from './runner/create-dreamer.js';
export { createDreamer } from './runner/create-dreamer.js';
export type { ArgumentProblem } from './runner/read-run-arguments.js';
export {
  checkRunArguments,
  MAX_INPUT_VALUE_LENGTH,
  MAX_TOPIC_LENGTH,
  readRunArguments,
} from './runner/read-run-arguments.js';
export { resolveStageModel, STUB_PROVIDER } from './runner/resolve-stage-model.js';
export type {
  ResolvedModel,
  RunArguments,
  RunEvent,
  RunOptions,
  RunRecord,
  RunResult,
  RunSettings,
  RunStatus,
  RunStep,
  RunUsage,
  StageModelChoice,
  StageUsage,
} from './runner/run-types.js';
