import { isPlainObject, readAtTokens } from '../json-pointer.js';
import { localRefTokens } from '../spec-model.js';
import { sampleNumber, sampleString } from './sample-scalar.js';

/** How a sample is generated. */
export interface SampleOptions {
  /** `request` leaves out `readOnly` properties, `response` leaves out `writeOnly` ones. */
  direction: 'request' | 'response';
  /** Objects and arrays nested deeper than this are cut (default 8). */
  maxDepth?: number;
  /** Upper bound on generated array lengths, even against `minItems` (default 50). */
  maxArrayItems?: number;
  /** After this many schema nodes only required properties are still filled in (default 5000). */
  maxNodes?: number;
}

/** A generated sample and the `$ref`s that could not be followed on the way. */
export interface SampleResult {
  value: unknown;
  unresolved: string[];
}

/** Marks a branch that was cut (recursion, depth or budget); parents decide what stands in for it. */
const CUT: unique symbol = Symbol('cut');
type Sampled = unknown | typeof CUT;

interface State {
  doc: unknown;
  direction: SampleOptions['direction'];
  maxDepth: number;
  maxArrayItems: number;
  maxNodes: number;
  nodes: number;
  refStack: string[];
  unresolved: Set<string>;
  /** Nested `sample` calls in progress; `allOf` chains nest without adding object depth. */
  active: number;
}

/** Bounds the call stack: 2,000 nested `allOf`s would otherwise overflow it. */
const MAX_ACTIVE_SAMPLES = 100;

/**
 * Builds a deterministic example value for a JSON schema (OpenAPI flavours): explicit
 * `example`/`examples`, then `default`, `const`, `enum[0]`, else synthesised from type, format and
 * bounds. `allOf` is merged, the first usable `oneOf`/`anyOf` branch taken, `$ref`s followed, and a
 * recursive reference is cut on re-entry; a cut required property becomes `null`, `[]` or `{}`.
 *
 * @example
 * ```ts
 * sampleSchema(doc, { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } }, { direction: 'request' }).value;
 * // { id: '123e4567-e89b-42d3-a456-426614174000' }
 * ```
 */
export function sampleSchema(doc: unknown, schema: unknown, options: SampleOptions): SampleResult {
  const state: State = {
    doc,
    direction: options.direction,
    maxDepth: options.maxDepth ?? 8,
    maxArrayItems: options.maxArrayItems ?? 50,
    maxNodes: options.maxNodes ?? 5000,
    nodes: 0,
    refStack: [],
    unresolved: new Set(),
    active: 0,
  };
  const value = sample(state, schema, 0);
  return { value: value === CUT ? placeholderFor(state, schema) : value, unresolved: [...state.unresolved] };
}

/**
 * Reads the explicit value a schema offers, in priority order; `found: false` when it offers none.
 *
 * @example
 * ```ts
 * readExplicitValue({ type: 'string', enum: ['a', 'b'] }); // { found: true, value: 'a' }
 * ```
 */
export function readExplicitValue(schema: Record<string, unknown>): { found: boolean; value?: unknown } {
  if (schema.example !== undefined) return { found: true, value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return { found: true, value: schema.examples[0] };
  if (schema.default !== undefined) return { found: true, value: schema.default };
  if (schema.const !== undefined) return { found: true, value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { found: true, value: schema.enum[0] };
  return { found: false };
}

function sample(state: State, raw: unknown, depth: number): Sampled {
  if (state.active >= MAX_ACTIVE_SAMPLES) return CUT;
  let schema = raw;
  let pushed = 0;
  const chainStart = state.refStack.length;
  state.active++;
  try {
    while (isPlainObject(schema) && typeof schema.$ref === 'string') {
      const explicit = readExplicitValue(schema);
      if (explicit.found) return explicit.value;
      const ref = schema.$ref;
      const seenAt = state.refStack.indexOf(ref);
      if (seenAt >= chainStart) {
        // A chain of references that only leads back to itself names no schema at all.
        state.unresolved.add(ref);
        return null;
      }
      if (seenAt >= 0) return CUT;
      const tokens = localRefTokens(ref);
      const target = tokens === null ? undefined : readAtTokens(state.doc, tokens);
      if (target === undefined) {
        state.unresolved.add(ref);
        return null;
      }
      state.refStack.push(ref);
      pushed++;
      schema = target;
    }
    return sampleResolved(state, schema, depth);
  } finally {
    state.refStack.length -= pushed;
    state.active--;
  }
}

function sampleResolved(state: State, schema: unknown, depth: number): Sampled {
  if (!isPlainObject(schema)) return schema === false ? null : {};
  state.nodes++;
  const explicit = readExplicitValue(schema);
  if (explicit.found) return explicit.value;
  const parts: Sampled[] = [];
  const type = pickType(schema);
  if (schema.type !== undefined || type !== 'any') parts.push(sampleByType(state, schema, type, depth));
  if (Array.isArray(schema.allOf))
    for (const branch of schema.allOf) parts.push(sample(state, branch, depth));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    parts.push(sampleFirstBranch(state, branches, depth));
    break;
  }
  if (parts.length === 0) return {};
  const usable = parts.filter((part) => part !== CUT);
  if (usable.length === 0) return CUT;
  if (usable.every(isPlainObject)) return Object.assign({}, ...usable);
  return usable.find((part) => !isPlainObject(part));
}

/** Tries branches in order, skipping a plain `null` type so examples show real data. */
function sampleFirstBranch(state: State, branches: unknown[], depth: number): Sampled {
  const ordered = [...branches.filter((b) => !isNullSchema(b)), ...branches.filter(isNullSchema)];
  for (const branch of ordered) {
    const value = sample(state, branch, depth);
    if (value !== CUT) return value;
  }
  return CUT;
}

function isNullSchema(schema: unknown): boolean {
  return (
    isPlainObject(schema) &&
    (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.every((t) => t === 'null')))
  );
}

/** The single type to generate: a declared one (first non-null of a list), else one inferred from keywords. */
function pickType(schema: Record<string, unknown>): string {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) {
    const named = schema.type.filter((t): t is string => typeof t === 'string');
    return named.find((t) => t !== 'null') ?? named[0] ?? 'any';
  }
  if (schema.properties !== undefined || schema.additionalProperties !== undefined) return 'object';
  if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array';
  if (schema.format !== undefined || schema.minLength !== undefined || schema.maxLength !== undefined)
    return 'string';
  if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined)
    return 'number';
  return 'any';
}

function sampleByType(state: State, schema: Record<string, unknown>, type: string, depth: number): Sampled {
  switch (type) {
    case 'object':
      return sampleObject(state, schema, depth);
    case 'array':
      return sampleArray(state, schema, depth);
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

function isOverBudget(state: State, depth: number): boolean {
  return depth >= state.maxDepth || state.nodes >= state.maxNodes;
}

function sampleObject(state: State, schema: Record<string, unknown>, depth: number): Sampled {
  if (isOverBudget(state, depth)) return CUT;
  const out: Record<string, unknown> = {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (isHiddenFor(state, property)) continue;
    const isRequired = required.has(name);
    if (!isRequired && state.nodes >= state.maxNodes) continue;
    const value = sample(state, property, depth + 1);
    if (value !== CUT) out[name] = value;
    else if (isRequired) out[name] = placeholderFor(state, property);
  }
  const extra = schema.additionalProperties;
  if (Object.keys(properties).length === 0 && (isPlainObject(extra) || extra === true)) {
    const value = sample(state, extra === true ? {} : extra, depth + 1);
    if (value !== CUT) out.additionalProp1 = value;
  }
  return out;
}

/** True for a property the direction leaves out: `readOnly` in requests, `writeOnly` in responses. */
function isHiddenFor(state: State, property: unknown): boolean {
  const key = state.direction === 'request' ? 'readOnly' : 'writeOnly';
  if (isPlainObject(property) && property[key] === true) return true;
  const target = resolveQuietly(state, property);
  return isPlainObject(target) && target[key] === true;
}

function sampleArray(state: State, schema: Record<string, unknown>, depth: number): Sampled {
  if (isOverBudget(state, depth)) return CUT;
  if (Array.isArray(schema.prefixItems)) {
    return schema.prefixItems.map((item: unknown) => {
      const value = sample(state, item, depth + 1);
      return value === CUT ? placeholderFor(state, item) : value;
    });
  }
  const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  const count = Math.max(0, Math.min(min, max, state.maxArrayItems));
  if (count === 0 || schema.items === undefined) return [];
  const item = sample(state, schema.items, depth + 1);
  if (item === CUT) return [];
  const items = resolveQuietly(state, schema.items);
  const choices = isPlainObject(items) && Array.isArray(items.enum) ? items.enum : undefined;
  if (schema.uniqueItems === true && choices && choices.length > 1) return choices.slice(0, count);
  if (schema.uniqueItems === true && typeof item === 'number')
    return Array.from({ length: count }, (_, i) => item + i);
  return Array.from({ length: schema.uniqueItems === true ? 1 : count }, () => item);
}

/** What stands in for a cut value: `null` when allowed, else an empty array or object. */
function placeholderFor(state: State, schema: unknown): unknown {
  const target = resolveQuietly(state, schema);
  if (!isPlainObject(target)) return null;
  const types = Array.isArray(target.type) ? target.type : [target.type];
  if (target.nullable === true || types.includes('null')) return null;
  return pickType(target) === 'array' ? [] : {};
}

function resolveQuietly(state: State, schema: unknown): unknown {
  let current = schema;
  for (let hops = 0; hops < 32 && isPlainObject(current) && typeof current.$ref === 'string'; hops++) {
    const tokens = localRefTokens(current.$ref);
    current = tokens === null ? undefined : readAtTokens(state.doc, tokens);
  }
  return current;
}
