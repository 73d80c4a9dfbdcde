import type { Expression } from '../../core/ast.js';
import type { Evaluate, ExpressionCompiler } from '../../core/compile-expression.js';
import type { RunContext } from '../../core/run-context.js';
import type { Frame, Scope } from '../../core/scope.js';
import type { Value } from '../../core/values.js';

/** A compiled statement that writes a local slot and reports a normal end (0). */
type FusedStatement = (frame: Frame, context: RunContext) => 0;

/**
 * Superinstructions for the commonest loop statements: `x = y + k`, `x = y - k`,
 * `x = y + z`, `x = y - z` with locals `x`, `y`, `z` and a number literal `k` run as one
 * closure instead of three. Anything that is not number arithmetic falls back to the
 * general expression (same semantics, same errors).
 *
 * @example
 * ```ts
 * fuseLocalAssignment(slot, statement.value, compiler, scope); // undefined when not applicable
 * ```
 */
export function fuseLocalAssignment(
  target: number,
  value: Expression,
  compiler: ExpressionCompiler,
  scope: Scope,
): FusedStatement | undefined {
  if (value.kind !== 'binary' || (value.operator !== '+' && value.operator !== '-')) return undefined;
  const left = compiler.localSlot(value.left, scope);
  if (!left) return undefined;
  const general: Evaluate = compiler.compile(value, scope);
  const a = left.slot;
  const plus = value.operator === '+';
  if (value.right.kind === 'number') {
    const k = value.right.value;
    return (frame, context) => {
      const x = frame.slots[a];
      if (typeof x === 'number') {
        const r = plus ? x + k : x - k;
        if (r - r === 0) {
          frame.slots[target] = r;
          return 0;
        }
      }
      frame.slots[target] = general(frame, context);
      return 0;
    };
  }
  const right = compiler.localSlot(value.right, scope);
  if (!right) return undefined;
  const b = right.slot;
  return (frame, context) => {
    const x = frame.slots[a];
    const y = frame.slots[b];
    if (typeof x === 'number' && typeof y === 'number') {
      const r = plus ? x + y : x - y;
      if (r - r === 0) {
        frame.slots[target] = r;
        return 0;
      }
    }
    frame.slots[target] = general(frame, context);
    return 0;
  };
}

/**
 * A loop condition `local < k`, `local <= k`, `local < other` tested inline by the loop:
 * gives a function that answers true/false for numbers and undefined to ask the general
 * condition. Undefined when the condition has another shape.
 *
 * @example
 * ```ts
 * const test = fuseLoopTest(statement.condition, compiler, scope);
 * ```
 */
export function fuseLoopTest(
  condition: Expression,
  compiler: ExpressionCompiler,
  scope: Scope,
): ((slots: (Value | undefined)[]) => boolean | undefined) | undefined {
  if (condition.kind !== 'binary' || (condition.operator !== '<' && condition.operator !== '<='))
    return undefined;
  const left = compiler.localSlot(condition.left, scope);
  if (!left) return undefined;
  const a = left.slot;
  const strict = condition.operator === '<';
  if (condition.right.kind === 'number') {
    const k = condition.right.value;
    return (slots) => {
      const x = slots[a];
      if (typeof x !== 'number') return undefined;
      return strict ? x < k : x <= k;
    };
  }
  const right = compiler.localSlot(condition.right, scope);
  if (!right) return undefined;
  const b = right.slot;
  return (slots) => {
    const x = slots[a];
    const y = slots[b];
    if (typeof x !== 'number' || typeof y !== 'number') return undefined;
    return strict ? x < y : x <= y;
  };
}
