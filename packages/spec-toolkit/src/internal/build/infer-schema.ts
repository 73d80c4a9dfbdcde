import type { Diagnostic } from '../../types.js';
import { joinPointer } from '../json-pointer.js';
import type { SampleShape as Shape } from './sample-shape.js';
import { mergeShapes } from './sample-shape.js';
import { type SchemaDialect, toSchema } from './shape-to-schema.js';
import { detectStringFormat } from './string-format.js';

export type { SchemaDialect };

/** Deeper samples are cut off: real payloads are shallow, and recursion must not overflow. */
const MAX_DEPTH = 64;

/** The inferred schema of a sample, with problems found in it and whether it is plain JSON. */
export interface InferredSchema {
  schema: Record<string, unknown>;
  /** True when the sample is plain JSON (no cycles, functions, symbols, bigints), so it can be an example. */
  isJson: boolean;
  errors: Diagnostic[];
}

/**
 * Infers a JSON schema from one sample value: objects list their properties (every key
 * present is required), arrays merge all their elements into `items`, numbers are
 * `integer` or `number`, strings get a detected `format`, `null` makes a schema nullable.
 * `pointer` places problems in the caller's input.
 *
 * @example
 * inferSchema({ id: 1 }, '3.0', '/body').schema;
 * // { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }
 */
export function inferSchema(sample: unknown, dialect: SchemaDialect, pointer: string): InferredSchema {
  const state = { isJson: true, errors: [] as Diagnostic[], ancestors: new Set<object>() };
  const shape = readShape(sample, pointer, 0, state);
  return { schema: toSchema(shape, dialect), isJson: state.isJson, errors: state.errors };
}

interface WalkState {
  isJson: boolean;
  errors: Diagnostic[];
  ancestors: Set<object>;
}

function readShape(value: unknown, pointer: string, depth: number, state: WalkState): Shape {
  if (value === null) return { nullable: true };
  if (value === undefined) {
    // Only reachable inside arrays (undefined members are skipped), where JSON text writes null.
    state.isJson = false;
    return { nullable: true };
  }
  if (value instanceof Date) {
    state.isJson = false;
    return { nullable: false, string: { format: 'date-time' } };
  }
  switch (typeof value) {
    case 'string':
      return { nullable: false, string: { format: detectStringFormat(value) } };
    case 'boolean':
      return { nullable: false, boolean: true };
    case 'bigint':
      state.isJson = false;
      return { nullable: false, integer: true };
    case 'number':
      if (!Number.isFinite(value)) state.isJson = false;
      return Number.isInteger(value) ? { nullable: false, integer: true } : { nullable: false, number: true };
    case 'object':
      return readContainer(value, pointer, depth, state);
    default:
      state.isJson = false;
      state.errors.push(
        badSample(pointer, `A ${typeof value} is not a JSON value; its schema is left open.`),
      );
      return { nullable: false };
  }
}

function readContainer(value: object, pointer: string, depth: number, state: WalkState): Shape {
  if (state.ancestors.has(value)) {
    state.isJson = false;
    state.errors.push(
      badSample(pointer, 'The sample refers back to itself; the repeated part is left open.'),
    );
    return { nullable: false };
  }
  if (depth >= MAX_DEPTH) {
    state.isJson = false;
    state.errors.push(
      badSample(pointer, `The sample nests deeper than ${MAX_DEPTH} levels; the rest is left open.`),
    );
    return { nullable: false };
  }
  state.ancestors.add(value);
  let shape: Shape;
  if (Array.isArray(value)) {
    let items: Shape | undefined;
    value.forEach((element, index) => {
      const next = readShape(element, joinPointer(pointer, index), depth + 1, state);
      items = items ? mergeShapes(items, next) : next;
    });
    shape = { nullable: false, array: { items } };
  } else {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) state.isJson = false;
    const properties = new Map<string, { shape: Shape; count: number }>();
    for (const [key, member] of Object.entries(value)) {
      // JSON.stringify drops undefined members, so the schema does too.
      if (member === undefined) continue;
      properties.set(key, {
        shape: readShape(member, joinPointer(pointer, key), depth + 1, state),
        count: 1,
      });
    }
    shape = { nullable: false, object: { count: 1, properties } };
  }
  state.ancestors.delete(value);
  return shape;
}

function badSample(pointer: string, message: string): Diagnostic {
  return { code: 'SPEC_BUILD_BAD_SAMPLE', message, path: pointer };
}
