import type { Span } from '../diagnostics.js';
import { ScriptFault } from '../errors.js';
import type { Expression } from './ast.js';
import type { Evaluate, ExpressionCompiler } from './compile-expression.js';
import type { RunContext } from './run-context.js';
import type { Frame, Scope } from './scope.js';
import { ScriptMap, typeOfValue, type Value } from './values.js';

/** Stores a value into an assignment target. */
export type StoreValue = (frame: Frame, context: RunContext, value: Value) => void;

/**
 * Compiles `a.b` and `a[i]`. A missing map key reads as null; a list index must be a whole
 * number inside the list; strings index to one-character strings.
 *
 * @example
 * ```ts
 * compileAccess(node, compiler, scope)(frame, context);
 * ```
 */
export function compileAccess(
  node: Extract<Expression, { kind: 'member' | 'index' }>,
  compiler: ExpressionCompiler,
  scope: Scope,
): Evaluate {
  const object = compiler.compile(node.object, scope);
  const { span } = node;
  const hooks = compiler.options.operators;
  if (node.kind === 'member') {
    const { name } = node;
    return (frame, context) => {
      const target = object(frame, context);
      if (target instanceof ScriptMap) return target.get(name) ?? null;
      const hooked = hooks?.member?.(target, name, span, context);
      if (hooked !== undefined) return hooked;
      throw new ScriptFault('E_RUNTIME', `cannot read field "${name}" of ${typeOfValue(target)}`, span);
    };
  }
  const key = compiler.compile(node.index, scope);
  return (frame, context) => readIndex(object(frame, context), key(frame, context), span);
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
  if (Array.isArray(target) || typeof target === 'string') {
    const index = toIndex(key, target.length, span);
    return Array.isArray(target) ? (target[index] as Value) : target.charAt(index);
  }
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
export function compileStoreTarget(
  target: Expression,
  compiler: ExpressionCompiler,
  scope: Scope,
): StoreValue {
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
