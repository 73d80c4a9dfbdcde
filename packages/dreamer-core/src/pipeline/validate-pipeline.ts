import { findInputTokens } from '../internal/template.js';

/** Stable codes of pipeline validation errors. */
export type PipelineErrorCode =
  | 'DREAM_BAD_TYPE'
  | 'DREAM_DUPLICATE_KEY'
  | 'DREAM_SELF_REFERENCE'
  | 'DREAM_UNKNOWN_PRIOR'
  | 'DREAM_FORWARD_REFERENCE'
  | 'DREAM_UNDECLARED_INPUT'
  | 'DREAM_MISSING_INPUT_VALUE'
  | 'DREAM_UNKNOWN_FIELD'
  | 'DREAM_TOO_LARGE';

/** One validation error; `path` is a JSON pointer into the definition. */
export interface PipelineError {
  code: PipelineErrorCode;
  message: string;
  path: string;
}

/** Result of {@link validatePipeline}. */
export interface PipelineValidation {
  ok: boolean;
  errors: PipelineError[];
}

/** Size limits of a pipeline definition; past them the validator reports `DREAM_TOO_LARGE`. */
export const PIPELINE_LIMITS = {
  stages: 32,
  inputs: 32,
  taskLength: 20_000,
  labelLength: 200,
  schemaDepth: 16,
  timeoutMs: 600_000,
  retries: 5,
} as const;

/** Stage keys and input names: a letter, then letters, digits, `_` or `-`; at most 64. */
export const PIPELINE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

const PIPELINE_FIELDS = new Set(['name', 'version', 'description', 'inputs', 'stages']);
const STAGE_FIELDS = new Set([
  'key',
  'label',
  'task',
  'outputFormat',
  'schema',
  'priorOutputs',
  'provider',
  'model',
  'timeoutMs',
  'retries',
]);
const INPUT_FIELDS = new Set(['name', 'description', 'required']);
const OUTPUT_FORMATS = new Set(['text', 'markdown', 'json']);
const SCHEMA_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/**
 * Validates an untrusted pipeline definition. Never throws; every problem is returned with
 * a stable code and a JSON pointer. With `inputValues`, required declared inputs must have a value.
 *
 * @example
 * ```ts
 * const { ok, errors } = validatePipeline(JSON.parse(body), { inputValues: { topic: 'tea' } });
 * ```
 */
export function validatePipeline(
  definition: unknown,
  options: { inputValues?: Record<string, unknown> } = {},
): PipelineValidation {
  const errors: PipelineError[] = [];
  const bad = (path: string, message: string): void => {
    errors.push({ code: 'DREAM_BAD_TYPE', message, path });
  };
  if (!isRecord(definition)) {
    bad('', 'The pipeline must be an object');
    return { ok: false, errors };
  }
  reportUnknownFields(definition, PIPELINE_FIELDS, '', errors);
  for (const field of ['name', 'version'] as const) {
    const value = definition[field];
    if (!isString(value)) bad(`/${field}`, `"${field}" must be a non-empty string`);
    else if (value.length > PIPELINE_LIMITS.labelLength)
      tooLarge(errors, `/${field}`, `"${field}" is longer than ${PIPELINE_LIMITS.labelLength} characters`);
  }
  if (definition.description !== undefined && typeof definition.description !== 'string') {
    bad('/description', '"description" must be a string');
  }
  const declared = validateInputs(definition.inputs, errors, options.inputValues);
  if (!Array.isArray(definition.stages) || definition.stages.length === 0) {
    bad('/stages', '"stages" must be a non-empty array');
    return { ok: errors.length === 0, errors };
  }
  if (definition.stages.length > PIPELINE_LIMITS.stages) {
    tooLarge(errors, '/stages', `A pipeline has at most ${PIPELINE_LIMITS.stages} stages`);
    return { ok: false, errors };
  }
  const allKeys = new Set<string>();
  for (const stage of definition.stages) {
    if (isRecord(stage) && isString(stage.key)) allKeys.add(stage.key);
  }
  const seen = new Set<string>();
  definition.stages.forEach((stage: unknown, index: number) => {
    const path = `/stages/${index}`;
    if (!isRecord(stage)) {
      bad(path, 'A stage must be an object');
      return;
    }
    reportUnknownFields(stage, STAGE_FIELDS, path, errors);
    validateStageFields(stage, path, bad, errors);
    const key = isString(stage.key) ? stage.key : undefined;
    if (key !== undefined && seen.has(key)) {
      errors.push({
        code: 'DREAM_DUPLICATE_KEY',
        message: `Stage key "${key}" is used twice`,
        path: `${path}/key`,
      });
    }
    if (Array.isArray(stage.priorOutputs)) {
      stage.priorOutputs.forEach((prior: unknown, priorIndex: number) => {
        const priorPath = `${path}/priorOutputs/${priorIndex}`;
        if (!isString(prior)) bad(priorPath, 'A prior output must be a stage key');
        else if (prior === key) {
          errors.push({
            code: 'DREAM_SELF_REFERENCE',
            message: `Stage "${prior}" cannot use its own output`,
            path: priorPath,
          });
        } else if (!allKeys.has(prior)) {
          errors.push({
            code: 'DREAM_UNKNOWN_PRIOR',
            message: `No stage "${prior}" exists`,
            path: priorPath,
          });
        } else if (!seen.has(prior)) {
          errors.push({
            code: 'DREAM_FORWARD_REFERENCE',
            message: `Stage "${prior}" runs after "${key ?? index}"`,
            path: priorPath,
          });
        }
      });
    }
    if (typeof stage.task === 'string') {
      for (const token of findInputTokens(stage.task)) {
        if (!declared.has(token)) {
          errors.push({
            code: 'DREAM_UNDECLARED_INPUT',
            message: `Input "${token}" is used but not declared in "inputs"`,
            path: `${path}/task`,
          });
        }
      }
    }
    if (key !== undefined) seen.add(key);
  });
  return { ok: errors.length === 0, errors };
}

function validateInputs(
  inputs: unknown,
  errors: PipelineError[],
  inputValues: Record<string, unknown> | undefined,
): Set<string> {
  const declared = new Set<string>();
  if (inputs === undefined) return declared;
  if (!Array.isArray(inputs)) {
    errors.push({ code: 'DREAM_BAD_TYPE', message: '"inputs" must be an array', path: '/inputs' });
    return declared;
  }
  if (inputs.length > PIPELINE_LIMITS.inputs) {
    tooLarge(errors, '/inputs', `A pipeline declares at most ${PIPELINE_LIMITS.inputs} inputs`);
    return declared;
  }
  inputs.forEach((input: unknown, index: number) => {
    const path = `/inputs/${index}`;
    if (!isRecord(input) || !isString(input.name) || !PIPELINE_NAME_PATTERN.test(input.name)) {
      errors.push({
        code: 'DREAM_BAD_TYPE',
        message: 'An input needs a "name": a letter, then letters, digits, "_" or "-" (at most 64)',
        path: isRecord(input) ? `${path}/name` : path,
      });
      return;
    }
    reportUnknownFields(input, INPUT_FIELDS, path, errors);
    if (input.description !== undefined && typeof input.description !== 'string') {
      errors.push({
        code: 'DREAM_BAD_TYPE',
        message: '"description" must be a string',
        path: `${path}/description`,
      });
    }
    if (input.required !== undefined && typeof input.required !== 'boolean') {
      errors.push({
        code: 'DREAM_BAD_TYPE',
        message: '"required" must be a boolean',
        path: `${path}/required`,
      });
    }
    declared.add(input.name);
    const value = inputValues?.[input.name];
    if (
      inputValues !== undefined &&
      input.required === true &&
      (typeof value !== 'string' || value.trim() === '')
    ) {
      errors.push({ code: 'DREAM_MISSING_INPUT_VALUE', message: `Input "${input.name}" is required`, path });
    }
  });
  return declared;
}

function tooLarge(errors: PipelineError[], path: string, message: string): void {
  errors.push({ code: 'DREAM_TOO_LARGE', message, path });
}

function reportUnknownFields(
  value: Record<string, unknown>,
  known: Set<string>,
  path: string,
  errors: PipelineError[],
): void {
  for (const field of Object.keys(value)) {
    if (known.has(field)) continue;
    errors.push({
      code: 'DREAM_UNKNOWN_FIELD',
      message: `Unknown field "${field}" (a typo would otherwise be ignored silently)`,
      path: `${path}/${field.replaceAll('~', '~0').replaceAll('/', '~1')}`,
    });
  }
}

function validateStageFields(
  stage: Record<string, unknown>,
  path: string,
  bad: (path: string, message: string) => void,
  errors: PipelineError[],
): void {
  for (const field of ['key', 'label', 'task'] as const) {
    if (!isString(stage[field])) bad(`${path}/${field}`, `"${field}" must be a non-empty string`);
  }
  if (isString(stage.key) && !PIPELINE_NAME_PATTERN.test(stage.key)) {
    bad(`${path}/key`, '"key" must be a letter, then letters, digits, "_" or "-" (at most 64)');
  }
  if (isString(stage.label) && stage.label.length > PIPELINE_LIMITS.labelLength) {
    tooLarge(errors, `${path}/label`, `"label" is longer than ${PIPELINE_LIMITS.labelLength} characters`);
  }
  if (isString(stage.task) && stage.task.length > PIPELINE_LIMITS.taskLength) {
    tooLarge(errors, `${path}/task`, `"task" is longer than ${PIPELINE_LIMITS.taskLength} characters`);
  }
  if (typeof stage.outputFormat !== 'string' || !OUTPUT_FORMATS.has(stage.outputFormat)) {
    bad(`${path}/outputFormat`, '"outputFormat" must be "text", "markdown" or "json"');
  }
  for (const field of ['provider', 'model'] as const) {
    if (stage[field] !== undefined && !isString(stage[field]))
      bad(`${path}/${field}`, `"${field}" must be a non-empty string`);
  }
  const timeout = stage.timeoutMs;
  if (
    timeout !== undefined &&
    (typeof timeout !== 'number' ||
      !Number.isFinite(timeout) ||
      timeout <= 0 ||
      timeout > PIPELINE_LIMITS.timeoutMs)
  ) {
    bad(`${path}/timeoutMs`, `"timeoutMs" must be a positive number of at most ${PIPELINE_LIMITS.timeoutMs}`);
  }
  const retries = stage.retries;
  if (
    retries !== undefined &&
    (typeof retries !== 'number' ||
      !Number.isInteger(retries) ||
      retries < 0 ||
      retries > PIPELINE_LIMITS.retries)
  ) {
    bad(`${path}/retries`, `"retries" must be an integer from 0 to ${PIPELINE_LIMITS.retries}`);
  }
  if (stage.priorOutputs !== undefined && !Array.isArray(stage.priorOutputs)) {
    bad(`${path}/priorOutputs`, '"priorOutputs" must be an array of stage keys');
  }
  if (stage.schema !== undefined) validateSchemaShape(stage.schema, `${path}/schema`, bad, 1);
}

function validateSchemaShape(
  schema: unknown,
  path: string,
  bad: (path: string, message: string) => void,
  depth: number,
): void {
  if (!isRecord(schema)) {
    bad(path, '"schema" must be an object');
    return;
  }
  if (depth > PIPELINE_LIMITS.schemaDepth) {
    bad(path, `"schema" nests deeper than ${PIPELINE_LIMITS.schemaDepth} levels`);
    return;
  }
  if (schema.type !== undefined && (typeof schema.type !== 'string' || !SCHEMA_TYPES.has(schema.type))) {
    bad(`${path}/type`, '"type" must be a JSON schema type name');
  }
  if (
    schema.required !== undefined &&
    (!Array.isArray(schema.required) || !schema.required.every((entry) => typeof entry === 'string'))
  ) {
    bad(`${path}/required`, '"required" must be an array of strings');
  }
  if (schema.properties !== undefined) {
    if (!isRecord(schema.properties)) bad(`${path}/properties`, '"properties" must be an object');
    else {
      for (const [name, child] of Object.entries(schema.properties)) {
        validateSchemaShape(
          child,
          `${path}/properties/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`,
          bad,
          depth + 1,
        );
      }
    }
  }
}
