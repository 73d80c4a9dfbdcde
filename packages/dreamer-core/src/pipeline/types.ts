/** Output format a stage asks the model for. */
export type StageOutputFormat = 'text' | 'markdown' | 'json';

/** The small JSON-schema subset checked on json outputs: `type`, `required`, `properties`. */
export interface StageSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
  required?: string[];
  properties?: Record<string, StageSchema>;
  description?: string;
}

/** An input a pipeline declares for `{{input.name}}` tokens. */
export interface PipelineInput {
  name: string;
  description?: string;
  required?: boolean;
}

/** One model call of a pipeline. */
export interface PipelineStage {
  key: string;
  label: string;
  task: string;
  outputFormat: StageOutputFormat;
  schema?: StageSchema;
  priorOutputs?: string[];
  provider?: string;
  model?: string;
  timeoutMs?: number;
  retries?: number;
}

/** A portable, JSON-serialisable pipeline definition. */
export interface PipelineDefinition {
  name: string;
  version: string;
  inputs?: PipelineInput[];
  stages: PipelineStage[];
}
