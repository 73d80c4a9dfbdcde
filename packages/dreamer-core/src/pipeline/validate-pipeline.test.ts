import { describe, expect, it } from 'vitest';
import { DEFAULT_PIPELINE } from './default-pipeline.js';
import type { PipelineDefinition } from './types.js';
import { PIPELINE_LIMITS, validatePipeline } from './validate-pipeline.js';

const base = (stages: unknown[], inputs?: unknown[]): unknown => ({
  name: 'p',
  version: '1',
  ...(inputs ? { inputs } : {}),
  stages,
});
const stage = (key: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  key,
  label: key,
  task: `do ${key}`,
  outputFormat: 'text',
  ...extra,
});
const codes = (definition: unknown, inputValues?: Record<string, string>): string[] =>
  validatePipeline(definition, inputValues ? { inputValues } : {}).errors.map((error) => error.code);

describe('validatePipeline', () => {
  it('accepts the default pipeline', () => {
    expect(validatePipeline(DEFAULT_PIPELINE, { inputValues: { topic: 'tea' } })).toEqual({
      ok: true,
      errors: [],
    });
  });

  it('reports bad field types with pointers and never throws on garbage', () => {
    expect(validatePipeline(null).errors[0]).toMatchObject({ code: 'DREAM_BAD_TYPE', path: '' });
    const result = validatePipeline({
      name: 3,
      version: '1',
      stages: [{ key: 'a', label: 'A', task: 't', outputFormat: 'xml', retries: -1 }],
    });
    expect(result.ok).toBe(false);
    expect(result.errors.map((error) => error.path)).toEqual([
      '/name',
      '/stages/0/outputFormat',
      '/stages/0/retries',
    ]);
    expect(codes({ name: 'p', version: '1', stages: [] })).toEqual(['DREAM_BAD_TYPE']);
    expect(validatePipeline(base([stage('a', { schema: { type: 'thing' } })])).errors[0]?.path).toBe(
      '/stages/0/schema/type',
    );
  });

  it('reports duplicate keys', () => {
    expect(validatePipeline(base([stage('a'), stage('a')])).errors).toEqual([
      expect.objectContaining({ code: 'DREAM_DUPLICATE_KEY', path: '/stages/1/key' }),
    ]);
  });

  it('reports a stage referencing itself', () => {
    expect(codes(base([stage('a', { priorOutputs: ['a'] })]))).toEqual(['DREAM_SELF_REFERENCE']);
  });

  it('reports unknown prior outputs', () => {
    expect(validatePipeline(base([stage('a', { priorOutputs: ['zzz'] })])).errors[0]).toMatchObject({
      code: 'DREAM_UNKNOWN_PRIOR',
      path: '/stages/0/priorOutputs/0',
    });
  });

  it('reports forward references', () => {
    expect(codes(base([stage('a', { priorOutputs: ['b'] }), stage('b')]))).toEqual([
      'DREAM_FORWARD_REFERENCE',
    ]);
  });

  it('reports undeclared input tokens', () => {
    const definition = base(
      [stage('a', { task: 'about {{input.topic}} for {{ input.audience }}' })],
      [{ name: 'topic' }],
    );
    expect(validatePipeline(definition).errors).toEqual([
      expect.objectContaining({ code: 'DREAM_UNDECLARED_INPUT', path: '/stages/0/task' }),
    ]);
  });

  it('reports missing required input values only when values are given', () => {
    const definition = base(
      [stage('a', { task: '{{input.topic}}' })],
      [{ name: 'topic', required: true }, { name: 'x' }],
    );
    expect(codes(definition)).toEqual([]);
    expect(codes(definition, {})).toEqual(['DREAM_MISSING_INPUT_VALUE']);
    expect(codes(definition, { topic: 'tea' })).toEqual([]);
  });

  it('reports unknown fields, so a typo is not ignored silently', () => {
    const definition = base([stage('a', { priorOutput: ['x'] })], [{ name: 'topic', requried: true }]);
    expect(validatePipeline({ ...(definition as object), stagez: [] }).errors).toEqual([
      expect.objectContaining({ code: 'DREAM_UNKNOWN_FIELD', path: '/stagez' }),
      expect.objectContaining({ code: 'DREAM_UNKNOWN_FIELD', path: '/inputs/0/requried' }),
      expect.objectContaining({ code: 'DREAM_UNKNOWN_FIELD', path: '/stages/0/priorOutput' }),
    ]);
  });

  it('bounds sizes: stages, task length, retries, timeouts, key shape and schema depth', () => {
    const many = Array.from({ length: PIPELINE_LIMITS.stages + 1 }, (_, index) => stage(`s${index}`));
    expect(codes(base(many))).toEqual(['DREAM_TOO_LARGE']);
    expect(codes(base([stage('a', { task: 'x'.repeat(PIPELINE_LIMITS.taskLength + 1) })]))).toEqual([
      'DREAM_TOO_LARGE',
    ]);
    expect(codes(base([stage('a', { retries: 6, timeoutMs: 3_600_000 })]))).toEqual([
      'DREAM_BAD_TYPE',
      'DREAM_BAD_TYPE',
    ]);
    expect(validatePipeline(base([stage('a b')])).errors[0]).toMatchObject({ path: '/stages/0/key' });
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 100_000; level += 1) schema = { type: 'object', properties: { x: schema } };
    const deep = validatePipeline(base([stage('a', { outputFormat: 'json', schema })]));
    expect(deep.errors).toHaveLength(1);
    expect(deep.errors[0]?.message).toContain('deeper than 16');
  });

  it('keeps the definition type usable', () => {
    const definition: PipelineDefinition = {
      name: 'p',
      version: '1',
      stages: [{ key: 'a', label: 'A', task: 't', outputFormat: 'json' }],
    };
    expect(validatePipeline(definition).ok).toBe(true);
  });
});
