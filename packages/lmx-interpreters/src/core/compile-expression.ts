import type { Diagnostic, Span } from '../diagnostics.js';
import { ScriptFault } from '../errors.js';
import type { Expression } from './ast.js';
import type { BuiltinRegistry } from './builtins/builtin-registry.js';
import { callValue, invokeScriptFunction } from './call-value.js';
import { compileAccess, compileStoreTarget, type StoreValue } from './compile-access.js';
import { compileFastBinary } from './compile-fast-binary.js';
import type { Evaluate, NodeCompiler } from './evaluate.js';
import { toScriptNumber } from './numeric.js';
import { applyBinary, applyNumbers, type OperatorHooks } from './operators.js';
import { type Frame, Scope } from './scope.js';
import { explainUnknownName } from './unknown-name.js';
import { isTruthy, ScriptFunction, ScriptMap, typeOfValue, type Value } from './values.js';

export type { Evaluate };

/** Compiles a language's own `extension` expression nodes. */
export type ExtensionCompiler = (
  node: Extract<Expression, { kind: 'extension' }>,
  compiler: ExpressionCompiler,
  scope: Scope,
) => Evaluate;

/** What a language plugs into expression compilation. */
export interface ExpressionCompilerOptions {
  builtins: BuiltinRegistry;
  operators?: OperatorHooks;
  extensions?: Readonly<Record<string, ExtensionCompiler>>;
  /** Names the language provides besides slots and builtins (`input` is always there). */
  resolveName?(name: string, span: Span): Evaluate | undefined;
  /**
   * Further names (and statement keywords) a "did you mean" may suggest for an unknown name:
   * the language's globals that `resolveName` knows, its keywords.
   */
  knownNames?(): Iterable<string>;
}

/**
 * Creates the compiler that turns expression trees into closures. Names resolve at compile
 * time to slots, builtins or language globals; unknown names become `E_NAME` diagnostics.
 *
 * @example
 * ```ts
 * const compiler = createExpressionCompiler({ builtins: CORE_BUILTIN_REGISTRY });
 * const evaluate = compiler.compile(parser.parseExpression(), new Scope());
 * ```
 */
export function createExpressionCompiler(options: ExpressionCompilerOptions): ExpressionCompiler {
  return new ExpressionCompiler(options);
}

/** See {@link createExpressionCompiler}. */
export class ExpressionCompiler implements NodeCompiler {
  readonly diagnostics: Diagnostic[] = [];

  constructor(readonly options: ExpressionCompilerOptions) {}

  compile(node: Expression, scope: Scope): Evaluate {
    switch (node.kind) {
      case 'number': {
        const { value } = node;
        return () => value;
      }
      case 'string': {
        const { value } = node;
        return () => value;
      }
      case 'boolean': {
        const { value } = node;
        return () => value;
      }
      case 'null':
        return () => null;
      case 'template':
        return this.compileTemplate(node, scope);
      case 'name':
        return this.compileName(node.name, node.span, scope);
      case 'list': {
        const items = node.items.map((item) => this.compile(item, scope));
        const { span } = node;
        return (frame, context) => {
          context.checkListSize(items.length, span);
          return items.map((item) => item(frame, context));
        };
      }
      case 'map': {
        const entries = node.entries.map((entry) => [entry.key, this.compile(entry.value, scope)] as const);
        return (frame, context) => new ScriptMap(entries.map(([key, value]) => [key, value(frame, context)]));
      }
      case 'unary':
        return this.compileUnary(node, scope);
      case 'binary':
        return this.compileBinary(node, scope);
      case 'logical': {
        const left = this.compile(node.left, scope);
        const right = this.compile(node.right, scope);
        if (node.operator === 'and') {
          return (frame, context) => {
            const value = left(frame, context);
            return isTruthy(value) ? right(frame, context) : value;
          };
        }
        return (frame, context) => {
          const value = left(frame, context);
          return isTruthy(value) ? value : right(frame, context);
        };
      }
      case 'member':
      case 'index':
        return compileAccess(node, this, scope);
      case 'call':
        return this.compileCall(node, scope);
      case 'lambda':
        return this.compileLambda(node, scope);
      case 'extension': {
        const extension = this.options.extensions?.[node.name];
        if (!extension) throw new Error(`no compiler for extension node "${node.name}"`);
        return extension(node, this, scope);
      }
    }
  }

  /** Compiles an assignment target (`x`, `a.b`, `a[i]`) to a store function. */
  compileStore(target: Expression, scope: Scope): StoreValue {
    return compileStoreTarget(target, this, scope);
  }

  /**
   * Records an unknown-name diagnostic, with a "did you mean" over the names in scope, the
   * builtins and the language's known names (or a hint for a word from another language);
   * the returned closure fails if ever reached.
   */
  unknownName(name: string, span: Span, scope?: Scope): Evaluate {
    const message = `unknown name "${name}"${this.explainUnknown(name, scope)}`;
    this.diagnostics.push({ code: 'E_NAME', message, ...span });
    return () => {
      throw new ScriptFault('E_NAME', message, span);
    };
  }

  /** " (did you mean …?)" or a hint for an unknown name; empty when nothing is close. */
  explainUnknown(name: string, scope?: Scope): string {
    return explainUnknownName(name, {
      inScope: scope?.visibleNames() ?? [],
      // The shared core's own words: `amd` is meant as `and`, `ture` as `true`.
      known: [...(this.options.knownNames?.() ?? []), 'and', 'or', 'not', 'true', 'false', 'null'],
      builtins: this.options.builtins,
    });
  }

  private compileName(name: string, span: Span, scope: Scope): Evaluate {
    const address = scope.resolve(name);
    if (address) return readSlot(name, address.depth, address.index, span);
    const own = this.options.resolveName?.(name, span);
    if (own) return own;
    if (name === 'input') return (_frame, context) => context.input;
    const builtin = this.options.builtins.get(name);
    if (builtin) return () => builtin;
    return this.unknownName(name, span, scope);
  }

  /**
   * A lambda: its parameters are the first slots of a new frame whose parent is the frame
   * it was created in, so the body reads outer names like any nested function.
   */
  private compileLambda(node: Extract<Expression, { kind: 'lambda' }>, outer: Scope): Evaluate {
    const scope = new Scope(outer);
    for (const param of node.params) scope.declare(param);
    const body = this.compile(node.body, scope);
    const size = scope.size;
    const arity = node.params.length;
    return (closure) =>
      new ScriptFunction('lambda', arity, (args, context) => {
        const slots: (Value | undefined)[] = args;
        for (let index = slots.length; index < size; index++) slots.push(undefined);
        return body({ slots, parent: closure }, context);
      });
  }

  private compileTemplate(node: Extract<Expression, { kind: 'template' }>, scope: Scope): Evaluate {
    const parts = node.segments.map((segment): Evaluate => {
      if (segment.kind === 'text') {
        const { text } = segment;
        return () => text;
      }
      return this.compile(segment.expression, scope);
    });
    const { span } = node;
    return (frame, context) => {
      let text = '';
      for (const part of parts) {
        const piece = context.format(part(frame, context), span);
        context.checkStringLength(text.length + piece.length, span);
        text += piece;
      }
      return text;
    };
  }

  private compileUnary(node: Extract<Expression, { kind: 'unary' }>, scope: Scope): Evaluate {
    const operand = this.compile(node.operand, scope);
    const { span } = node;
    if (node.operator === 'not') return (frame, context) => !isTruthy(operand(frame, context));
    const hooks = this.options.operators;
    const negate = node.operator === '-';
    return (frame, context) => {
      const value = operand(frame, context);
      if (typeof value === 'number') return negate ? toScriptNumber(-value) : value;
      const hooked = negate ? hooks?.negate?.(value, span, context) : undefined;
      if (hooked !== undefined) return hooked;
      throw new ScriptFault('E_RUNTIME', `cannot apply "${node.operator}" to ${typeOfValue(value)}`, span);
    };
  }

  private compileBinary(node: Extract<Expression, { kind: 'binary' }>, scope: Scope): Evaluate {
    const { operator, span } = node;
    const hooks = this.options.operators;
    const leftSlot = this.localSlot(node.left, scope);
    const rightSlot = this.localSlot(node.right, scope);
    if (leftSlot) {
      const right = node.right.kind === 'number' ? { constant: node.right.value } : rightSlot;
      const fast = right ? compileFastBinary(operator, leftSlot, right, span, hooks) : undefined;
      if (fast) return fast;
    }
    const left = this.compile(node.left, scope);
    const right = this.compile(node.right, scope);
    // Number-with-number is the hot path of loops: keep it free of calls where possible.
    switch (operator) {
      case '+':
        return (frame, context) => {
          const a = left(frame, context);
          const b = right(frame, context);
          if (typeof a === 'number' && typeof b === 'number') {
            const sum = a + b;
            if (sum - sum === 0) return sum;
          }
          return applyBinary(operator, a, b, span, context, hooks);
        };
      case '-':
        return (frame, context) => {
          const a = left(frame, context);
          const b = right(frame, context);
          if (typeof a === 'number' && typeof b === 'number') {
            const difference = a - b;
            if (difference - difference === 0) return difference;
          }
          return applyBinary(operator, a, b, span, context, hooks);
        };
      case '<':
        return (frame, context) => {
          const a = left(frame, context);
          const b = right(frame, context);
          if (typeof a === 'number' && typeof b === 'number') return a < b;
          return applyBinary(operator, a, b, span, context, hooks);
        };
      default:
        return (frame, context) => {
          const a = left(frame, context);
          const b = right(frame, context);
          if (typeof a === 'number' && typeof b === 'number') return applyNumbers(operator, a, b, span);
          return applyBinary(operator, a, b, span, context, hooks);
        };
    }
  }

  /** The slot of a name that lives in the current frame (resolved at depth 0), if it is one. */
  localSlot(node: Expression, scope: Scope): { slot: number; name: string } | undefined {
    if (node.kind !== 'name') return undefined;
    const address = scope.resolve(node.name);
    return address?.depth === 0 ? { slot: address.index, name: node.name } : undefined;
  }

  private compileCall(node: Extract<Expression, { kind: 'call' }>, scope: Scope): Evaluate {
    const args = node.args.map((arg) => this.compile(arg, scope));
    const callee = this.compile(node.callee, scope);
    const { span } = node;
    const count = args.length;
    if (count === 1) {
      const only = args[0] as Evaluate;
      return (frame, context) => {
        const target = callee(frame, context);
        const values = [only(frame, context)];
        if (target instanceof ScriptFunction && target.arity === 1)
          return invokeScriptFunction(target, values, span, context);
        return callValue(target, values, span, context);
      };
    }
    return (frame, context) => {
      const target = callee(frame, context);
      const values = new Array<Value>(count);
      for (let index = 0; index < count; index++) values[index] = (args[index] as Evaluate)(frame, context);
      if (target instanceof ScriptFunction && target.arity === count)
        return invokeScriptFunction(target, values, span, context);
      return callValue(target, values, span, context);
    };
  }
}

function readSlot(name: string, depth: number, index: number, span: Span): Evaluate {
  const unset = (): never => {
    throw new ScriptFault('E_RUNTIME', `"${name}" is used before it is set`, span);
  };
  if (depth === 0) {
    return (frame) => {
      const value = frame.slots[index];
      return value === undefined ? unset() : value;
    };
  }
  if (depth === 1) {
    return (frame) => {
      const value = (frame.parent as Frame).slots[index];
      return value === undefined ? unset() : value;
    };
  }
  return (frame) => {
    let target = frame;
    for (let step = 0; step < depth; step++) target = target.parent as Frame;
    const value = target.slots[index];
    return value === undefined ? unset() : value;
  };
}

export { callValue, invokeScriptFunction };
