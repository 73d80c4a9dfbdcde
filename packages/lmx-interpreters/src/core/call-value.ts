import type { Span } from '../diagnostics.js';
import { ScriptFault } from '../errors.js';
import type { RunContext } from './run-context.js';
import { NativeFunction, ScriptFunction, typeOfValue, type Value } from './values.js';

/**
 * Calls a script function or builtin with evaluated arguments: checks the argument count,
 * spends a step and places faults without a position at the call.
 *
 * @example
 * ```ts
 * callValue(builtins.get('len')!, [[1, 2]], span, context); // 2
 * ```
 */
export function callValue(target: Value, args: Value[], span: Span | undefined, context: RunContext): Value {
  if (target instanceof ScriptFunction) {
    if (args.length !== target.arity) {
      throw new ScriptFault(
        'E_RUNTIME',
        `${target.name} takes ${target.arity} arguments but got ${args.length}`,
        span,
      );
    }
    return invokeScriptFunction(target, args, span, context);
  }
  if (target instanceof NativeFunction) {
    if (args.length < target.minArgs || args.length > target.maxArgs) {
      const expected =
        target.minArgs === target.maxArgs ? `${target.minArgs}` : `${target.minArgs} to ${target.maxArgs}`;
      throw new ScriptFault(
        'E_RUNTIME',
        `${target.name} takes ${expected} arguments but got ${args.length}`,
        span,
      );
    }
    try {
      return target.call(args, context);
    } catch (error) {
      if (error instanceof ScriptFault && error.span === undefined) error.span = span;
      throw error;
    }
  }
  throw new ScriptFault('E_RUNTIME', `cannot call a ${typeOfValue(target)}`, span);
}

/**
 * Calls a script function whose argument count is already checked: spends a step and
 * tracks the call depth. The function may keep `args` as its frame's slots.
 *
 * @example
 * ```ts
 * invokeScriptFunction(fn, [1], span, context);
 * ```
 */
export function invokeScriptFunction(
  target: ScriptFunction,
  args: Value[],
  span: Span | undefined,
  context: RunContext,
): Value {
  if (--context.stepsLeft < 0) context.failSteps(span);
  if (++context.depth > context.limits.depth) {
    throw new ScriptFault('E_LIMIT_DEPTH', `calls nested more than ${context.limits.depth} deep`, span);
  }
  const result = target.invoke(args, context);
  context.depth--;
  return result;
}
