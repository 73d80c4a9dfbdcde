import type { Span } from '../diagnostics.js';
import { ScriptFault } from '../errors.js';
import type { Expression } from './ast.js';
import { codePointAt, codePointLength } from './builtins/code-points.js';
import type { Evaluate, NodeCompiler } from './evaluate.js';
import type { RunContext } from './run-context.js';
import type { Frame, Scope } from './scope.js';
import { suggestName } from './suggest-name.js';
import { ScriptMap, typeOfValue, type Value } from './values.js';

/** Stores a value into an assignment target. */
export type StoreValue = (frame: Frame, context: RunContext, value: Value) => void;

/**
 * Compiles `a.b`, `a?.b` and `a[i]`. `a.b` of a map without the key `b` is an error with a
 * did-you-mean; `a?.b` reads null for a missing key or a null `a`; `a["b"]` reads null for a
 * missing key; a list index must be a whole number inside the list; strings index by code
 * point to one-character strings.
 *
 * @example
 * ```ts
 * compileAccess(node, compiler, scope)(frame, context);
 * ```
 */
export function compileAccess(
  node: Extract<Expression, { kind: 'member' | 'index' }>,
  compiler: NodeCompiler,
  scope: Scope,
): Evaluate {
  const object = compiler.compile(node.object, scope);
  const { span } = node;
  const hooks = compiler.options.operators;
  if (node.kind === 'member') {
    const { name } = node;
    if (node.optional) {
      return (frame, context) => {
        const target = object(frame, context);
        if (target instanceof ScriptMap) return target.get(name) ?? null;
        if (target === null) return null;
        const hooked = hooks?.member?.(target, name, span, context);
        if (hooked !== undefined) return hooked;
        throw new ScriptFault('E_RUNTIME', `cannot read field "${name}" of ${typeOfValue(target)}`, span);
      };
    }
    return (frame, context) => {
      const target = object(frame, context);
      if (target instanceof ScriptMap) {
        const value = target.get(name);
        return value === undefined ? missingField(target, name, span) : value;
      }
      const hooked = hooks?.member?.(target, name, span, context);
      if (hooked !== undefined) return hooked;
      throw new ScriptFault(
        'E_RUNTIME',
        `cannot read field "${name}" of ${typeOfValue(target)}${target === null ? ` (write ?.${name} to read null through a null)` : ''}`,
        span,
      );
    };
  }
  const key = compiler.compile(node.index, scope);
  return (frame, context) => readIndex(object(frame, context), key(frame, context), span);
}

/**
 * The error for `map.name` when the map has no such key: a did-you-mean over its keys (or the
 * keys it has), and how to read it optionally.
 *
 * @example
 * ```ts
 * missingField(new ScriptMap([['amount', 5]]), 'amout', span); // throws: unknown field "amout" (did you mean "amount"?) …
 * ```
 */
export function missingField(target: ScriptMap, name: string, span: Span): never {
  const keys = [...target.entries.keys()];
  const suggestion = suggestName(name, keys);
  const listed =
    keys.length === 0
      ? 'the map is empty'
      : `fields: ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`;
  const hint = suggestion === undefined ? listed : `did you mean "${suggestion}"?`;
  throw new ScriptFault(
    'E_RUNTIME',
    `unknown field "${name}" (${hint}; write ?.${name} to read null when it may be missing)`,
    span,
  );
}

/**
 * Reads `target[key]` with the shared rules.
 *
 * @example
 * ```ts
 * readIndex([1, 2], 1, span); // 2
 * ```
 */
export function readIndex(target: Value, key: Value, span: Span): Value {
  if (target instanceof ScriptMap) {
    if (typeof key !== 'string')
      throw new ScriptFault('E_RUNTIME', `a map key must be a string, not ${typeOfValue(key)}`, span);
    return target.get(key) ?? null;
  }
  if (Array.isArray(target)) return target[toIndex(key, target.length, span)] as Value;
  if (typeof target === 'string') return codePointAt(target, toIndex(key, codePointLength(target), span));
  throw new ScriptFault('E_RUNTIME', `cannot index ${typeOfValue(target)}`, span);
}

function toIndex(key: Value, length: number, span: Span): number {
  if (typeof key !== 'number' || !Number.isInteger(key)) {
    throw new ScriptFault('E_RUNTIME', `an index must be a whole number, not ${typeOfValue(key)}`, span);
  }
  if (key < 0 || key >= length) {
    throw new ScriptFault('E_RUNTIME', `index ${key} is out of range (length ${length})`, span);
  }
  return key;
}

/**
 * Compiles an assignment target: a declared name, `a.b` (maps) or `a[i]` (lists, maps).
 *
 * @example
 * ```ts
 * const store = compileStoreTarget(target, compiler, scope);
 * store(frame, context, 42);
 * ```
 */
export function compileStoreTarget(target: Expression, compiler: NodeCompiler, scope: Scope): StoreValue {
  const { span } = target;
  switch (target.kind) {
    case 'name': {
      const address = scope.resolve(target.name);
      if (!address) {
        compiler.unknownName(target.name, span, scope);
        return () => undefined;
      }
      const { depth, index } = address;
      return (frame, _context, value) => {
        let owner = frame;
        for (let step = 0; step < depth; step++) owner = owner.parent as Frame;
        owner.slots[index] = value;
      };
    }
    case 'member': {
      const object = compiler.compile(target.object, scope);
      const { name } = target;
      return (frame, context, value) => storeKey(object(frame, context), name, value, span, context);
    }
    case 'index': {
      const object = compiler.compile(target.object, scope);
      const key = compiler.compile(target.index, scope);
      return (frame, context, value) => {
        const owner = object(frame, context);
        const at = key(frame, context);
        if (Array.isArray(owner)) {
          owner[toIndex(at, owner.length, span)] = value;
          return;
        }
        if (typeof at !== 'string') {
          throw new ScriptFault(
            'E_RUNTIME',
            `cannot assign to [${typeOfValue(at)}] of ${typeOfValue(owner)}`,
            span,
          );
        }
        storeKey(owner, at, value, span, context);
      };
    }
    default:
      compiler.diagnostics.push({
        code: 'E_PARSE',
        message: 'expected a name, a.b or a[i] to assign to',
        ...span,
      });
      return () => undefined;
  }
}

function storeKey(owner: Value, key: string, value: Value, span: Span, context: RunContext): void {
  if (!(owner instanceof ScriptMap)) {
    throw new ScriptFault('E_RUNTIME', `cannot set field "${key}" of ${typeOfValue(owner)}`, span);
  }
  if (!owner.has(key)) context.checkListSize(owner.size + 1, span);
  owner.set(key, value);
}
