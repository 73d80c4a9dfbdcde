import type { Span } from '../diagnostics.js';
import { ScriptFault } from '../errors.js';
import type { BinaryOperator } from './ast.js';
import type { Evaluate } from './evaluate.js';
import { applyBinary, type OperatorHooks } from './operators.js';
import type { Value } from './values.js';

/**
 * Closures for the hottest shapes of loops and recursion: a local variable (a slot of the
 * current frame) against a number literal or another local, for `+ - * < <= > >= == !=`.
 * They read the slot directly and do number arithmetic inline, falling back to the shared
 * semantics for anything else. Returns undefined for other shapes.
 *
 * @example
 * ```ts
 * compileFastBinary('<', { slot: 0 }, { constant: 1e6 }, span, 'i', hooks); // i < 1000000
 * ```
 */
export function compileFastBinary(
  operator: BinaryOperator,
  left: { slot: number; name: string },
  right: { slot: number; name: string } | { constant: number },
  span: Span,
  hooks: OperatorHooks | undefined,
): Evaluate | undefined {
  const a = left.slot;
  const unsetLeft = unsetError(left.name, span);
  const slow = (x: Value | undefined, y: Value, context: Parameters<Evaluate>[1]): Value => {
    if (x === undefined) throw unsetLeft();
    return applyBinary(operator, x, y, span, context, hooks);
  };
  if ('constant' in right) {
    const k = right.constant;
    switch (operator) {
      case '+':
        return (frame, context) => {
          const x = frame.slots[a];
          if (typeof x === 'number') {
            const r = x + k;
            if (r - r === 0) return r;
          }
          return slow(x, k, context);
        };
      case '-':
        return (frame, context) => {
          const x = frame.slots[a];
          if (typeof x === 'number') {
            const r = x - k;
            if (r - r === 0) return r;
          }
          return slow(x, k, context);
        };
      case '<':
        return (frame, context) => {
          const x = frame.slots[a];
          return typeof x === 'number' ? x < k : slow(x, k, context);
        };
      case '<=':
        return (frame, context) => {
          const x = frame.slots[a];
          return typeof x === 'number' ? x <= k : slow(x, k, context);
        };
      case '>':
        return (frame, context) => {
          const x = frame.slots[a];
          return typeof x === 'number' ? x > k : slow(x, k, context);
        };
      case '>=':
        return (frame, context) => {
          const x = frame.slots[a];
          return typeof x === 'number' ? x >= k : slow(x, k, context);
        };
      case '==':
        return (frame, context) => {
          const x = frame.slots[a];
          return typeof x === 'number' ? x === k : slow(x, k, context);
        };
      default:
        return undefined;
    }
  }
  const b = right.slot;
  const unsetRight = unsetError(right.name, span);
  const slowBoth = (x: Value | undefined, y: Value | undefined, context: Parameters<Evaluate>[1]): Value => {
    if (y === undefined) throw unsetRight();
    return slow(x, y, context);
  };
  switch (operator) {
    case '+':
      return (frame, context) => {
        const x = frame.slots[a];
        const y = frame.slots[b];
        if (typeof x === 'number' && typeof y === 'number') {
          const r = x + y;
          if (r - r === 0) return r;
        }
        return slowBoth(x, y, context);
      };
    case '-':
      return (frame, context) => {
        const x = frame.slots[a];
        const y = frame.slots[b];
        if (typeof x === 'number' && typeof y === 'number') {
          const r = x - y;
          if (r - r === 0) return r;
        }
        return slowBoth(x, y, context);
      };
    case '<':
      return (frame, context) => {
        const x = frame.slots[a];
        const y = frame.slots[b];
        return typeof x === 'number' && typeof y === 'number' ? x < y : slowBoth(x, y, context);
      };
    default:
      return undefined;
  }
}

function unsetError(name: string, span: Span): () => ScriptFault {
  return () => new ScriptFault('E_RUNTIME', `"${name}" is used before it is set`, span);
}
