import { HTTP_METHODS, type SpecVersion } from '../types.js';
import { isPlainObject, joinPointer, parsePointer, readAtTokens } from './json-pointer.js';

/** The version a document declares, read from `openapi` or `swagger`. */
export interface DeclaredVersion {
  /** The supported family, or null when missing or unsupported. */
  version: SpecVersion | null;
  /** The field that declared it, when present. */
  field: 'openapi' | 'swagger' | null;
  /** The raw declared value. */
  raw: unknown;
}

/** Reads the declared OpenAPI / Swagger version of a document. */
export function readVersion(doc: unknown): DeclaredVersion {
  if (!isPlainObject(doc)) return { version: null, field: null, raw: undefined };
  if (doc.openapi !== undefined) {
    const raw = doc.openapi;
    if (typeof raw === 'string' && /^3\.0\.\d+(-.+)?$/.test(raw))
      return { version: '3.0', field: 'openapi', raw };
    if (typeof raw === 'string' && /^3\.1\.\d+(-.+)?$/.test(raw))
      return { version: '3.1', field: 'openapi', raw };
    if (typeof raw === 'string' && /^3\.2\.\d+(-.+)?$/.test(raw))
      return { version: '3.2', field: 'openapi', raw };
    return { version: null, field: 'openapi', raw };
  }
  if (doc.swagger !== undefined) {
    const raw = doc.swagger;
    return { version: raw === '2.0' ? '2.0' : null, field: 'swagger', raw };
  }
  return { version: null, field: null, raw: undefined };
}

/** A local reference resolved to its target. */
export interface Resolved<T = unknown> {
  value: T;
  /** Pointer of the final target (the place itself when no `$ref` was followed). */
  pointer: string;
}

/** Parsed local refs: large documents repeat a few thousand distinct `$ref` strings many times. */
const TOKEN_CACHE = new Map<string, string[] | null>();
const TOKEN_CACHE_LIMIT = 50_000;

/** Parses a local `$ref` (`#/a/b`) into pointer tokens; null for external or malformed refs. */
export function localRefTokens(ref: string): string[] | null {
  const cached = TOKEN_CACHE.get(ref);
  if (cached !== undefined) return cached;
  const tokens = parseLocalRef(ref);
  if (TOKEN_CACHE.size >= TOKEN_CACHE_LIMIT) TOKEN_CACHE.clear();
  TOKEN_CACHE.set(ref, tokens);
  return tokens;
}

function parseLocalRef(ref: string): string[] | null {
  if (!ref.startsWith('#')) return null;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return null;
  }
  return parsePointer(fragment);
}

/** Targets already read, per document: operations share the same few parameter and schema refs. */
const TARGET_CACHE = new WeakMap<object, Map<string, unknown>>();

/**
 * Forgets the targets read from `doc`: every tool call starts with this, so a caller may change
 * an object between calls.
 */
export function forgetTargets(doc: unknown): void {
  if (typeof doc === 'object' && doc !== null) TARGET_CACHE.delete(doc);
}

/** The value a local `$ref` names in `doc`; undefined for external, malformed or dangling refs. */
export function readLocalTarget(doc: unknown, ref: string): unknown {
  if (typeof doc !== 'object' || doc === null) return undefined;
  let targets = TARGET_CACHE.get(doc);
  if (targets === undefined) {
    targets = new Map();
    TARGET_CACHE.set(doc, targets);
  }
  if (targets.has(ref)) return targets.get(ref);
  const tokens = localRefTokens(ref);
  const target = tokens === null ? undefined : readAtTokens(doc, tokens);
  targets.set(ref, target);
  return target;
}

/**
 * Follows local `$ref` chains from `value` (found at `pointer`) to a non-reference value.
 * Returns undefined for a dangling, external or circular chain. Never loops.
 */
export function resolveLocal(doc: unknown, value: unknown, pointer: string): Resolved | undefined {
  // Most values are not references: no bookkeeping for them.
  if (!isPlainObject(value) || typeof value.$ref !== 'string') return { value, pointer };
  let current: unknown = value;
  let at = pointer;
  let seen: Set<string> | null = null;
  while (isPlainObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    seen ??= new Set();
    if (seen.has(ref)) return undefined;
    seen.add(ref);
    const target = readLocalTarget(doc, ref);
    if (target === undefined) return undefined;
    current = target;
    at = targetPointer(ref);
  }
  return { value: current, pointer: at };
}

/**
 * The value `value` stands for after following local `$ref` chains, like {@link resolveLocal}
 * without the target's pointer, so it allocates nothing on the hot path.
 */
export function resolveLocalValue(doc: unknown, value: unknown): unknown {
  let current = value;
  // Real chains are a hop or two; a longer one (or a cycle) takes the exact, bookkeeping path.
  for (let hops = 0; hops < 8; hops++) {
    if (!isPlainObject(current) || typeof current.$ref !== 'string') return current;
    current = readLocalTarget(doc, current.$ref);
    if (current === undefined) return undefined;
  }
  return resolveLocal(doc, value, '')?.value;
}

/** The JSON pointer a local `$ref` names, decoded once per distinct string. */
const POINTER_CACHE = new Map<string, string>();

function targetPointer(ref: string): string {
  let pointer = POINTER_CACHE.get(ref);
  if (pointer === undefined) {
    pointer = ref.slice(1) === '' ? '' : decodeURIComponent(ref.slice(1));
    if (POINTER_CACHE.size >= TOKEN_CACHE_LIMIT) POINTER_CACHE.clear();
    POINTER_CACHE.set(ref, pointer);
  }
  return pointer;
}

/** One operation of a document, with where it lives. */
export interface OperationEntry {
  /** Lower case for the fixed methods (`get`, 3.2 `query`); as written for 3.2 `additionalOperations` (`COPY`). */
  method: string;
  path: string;
  /** Pointer of the operation object (through a path item `$ref`, the target's place). */
  pointer: string;
  operation: Record<string, unknown>;
  pathItem: Record<string, unknown>;
  pathItemPointer: string;
}

/** True for the versions with 3.1's rules (webhooks, optional responses, JSON Schema 2020-12). */
export function isOas31OrLater(version: SpecVersion | null): boolean {
  return version === '3.1' || version === '3.2';
}

const METHODS_32 = [...HTTP_METHODS, 'query'] as const;

/**
 * Lists every operation under `paths` (or, for OpenAPI 3.1+, under `webhooks`, where `path`
 * holds the webhook name), in document order, following path item `$ref`s. In 3.2 documents
 * the `query` method and `additionalOperations` (after the fixed methods) are operations too.
 */
export function listOperations(doc: unknown, section: 'paths' | 'webhooks' = 'paths'): OperationEntry[] {
  const out: OperationEntry[] = [];
  forEachOperation(doc, section, (entry) => {
    out.push(entry);
  });
  return out;
}

/**
 * Calls `visit` with each operation {@link listOperations} lists, in the same order, without
 * keeping the list: a caller that looks at each once allocates only the entry in hand.
 */
export function forEachOperation(
  doc: unknown,
  section: 'paths' | 'webhooks',
  visit: (entry: OperationEntry) => void,
): void {
  if (!isPlainObject(doc)) return;
  const items = doc[section];
  if (!isPlainObject(items)) return;
  const is32 = readVersion(doc).version === '3.2';
  for (const path in items) {
    if (path.startsWith('x-')) continue;
    const resolved = resolveLocal(doc, items[path], joinPointer(`/${section}`, path));
    if (!resolved || !isPlainObject(resolved.value)) continue;
    const pathItem = resolved.value;
    for (const method of is32 ? METHODS_32 : HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isPlainObject(operation)) continue;
      visit({
        method,
        path,
        pointer: joinPointer(resolved.pointer, method),
        operation,
        pathItem,
        pathItemPointer: resolved.pointer,
      });
    }
    const additional = is32 ? pathItem.additionalOperations : undefined;
    if (!isPlainObject(additional)) continue;
    const additionalPointer = joinPointer(resolved.pointer, 'additionalOperations');
    for (const [method, operation] of Object.entries(additional)) {
      if (!isPlainObject(operation) || method.startsWith('x-')) continue;
      visit({
        method,
        path,
        pointer: joinPointer(additionalPointer, method),
        operation,
        pathItem,
        pathItemPointer: resolved.pointer,
      });
    }
  }
}

/** A parameter in effect for an operation, resolved through `$ref`. */
export interface ParameterEntry {
  name: string;
  in: string;
  required: boolean;
  parameter: Record<string, unknown>;
  /** Where it is written (the `$ref` site when it was referenced). */
  pointer: string;
  /** 'path' for a path-item parameter, 'operation' for the operation's own. */
  level: 'path' | 'operation';
}

function readParameters(
  doc: unknown,
  list: unknown,
  pointer: string,
  level: ParameterEntry['level'],
): ParameterEntry[] {
  if (!Array.isArray(list)) return [];
  const out: ParameterEntry[] = [];
  list.forEach((raw, index) => {
    const at = joinPointer(pointer, index);
    const resolved = resolveLocal(doc, raw, at);
    if (!resolved || !isPlainObject(resolved.value)) return;
    const parameter = resolved.value;
    if (typeof parameter.name !== 'string' || typeof parameter.in !== 'string') return;
    out.push({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required === true,
      parameter,
      pointer: at,
      level,
    });
  });
  return out;
}

/**
 * The parameters in effect for an operation: path-item parameters merged with the
 * operation's own, an operation parameter overriding a path one with the same name and `in`.
 */
export function listParameters(doc: unknown, entry: OperationEntry): ParameterEntry[] {
  const fromPath = readParameters(
    doc,
    entry.pathItem.parameters,
    joinPointer(entry.pathItemPointer, 'parameters'),
    'path',
  );
  const fromOperation = readParameters(
    doc,
    entry.operation.parameters,
    joinPointer(entry.pointer, 'parameters'),
    'operation',
  );
  const own = new Set(fromOperation.map((p) => `${p.in}\u0000${p.name}`));
  return [...fromPath.filter((p) => !own.has(`${p.in}\u0000${p.name}`)), ...fromOperation];
}

/** The names of `{template}` parameters in a path, in order. */
export function templateNames(path: string): string[] {
  // What `/\{([^{}]*)\}/g` matches, without a regular expression's match objects.
  const names: string[] = [];
  let open = path.indexOf('{');
  while (open !== -1) {
    let end = open + 1;
    let c = path.charCodeAt(end);
    while (end < path.length && c !== 123 && c !== 125) c = path.charCodeAt(++end);
    if (end >= path.length) break;
    if (c === 125) {
      names.push(path.slice(open + 1, end));
      open = path.indexOf('{', end + 1);
    } else open = end; // another `{` first: the match starts there
  }
  return names;
}

/**
 * The schema-like description of a parameter's value: the 3.x `schema`, or in 2.0 the
 * parameter itself (it carries `type`, `format`, `items`, `enum` directly) or its body `schema`.
 */
export function parameterSchema(
  doc: unknown,
  parameter: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const schema = parameter.schema;
  if (schema !== undefined) {
    const resolved = resolveLocal(doc, schema, '');
    return resolved && isPlainObject(resolved.value) ? resolved.value : undefined;
  }
  if (parameter.type !== undefined) return parameter;
  if (isPlainObject(parameter.content)) {
    const first = Object.values(parameter.content)[0];
    if (isPlainObject(first) && first.schema !== undefined) {
      const resolved = resolveLocal(doc, first.schema, '');
      return resolved && isPlainObject(resolved.value) ? resolved.value : undefined;
    }
  }
  return undefined;
}
