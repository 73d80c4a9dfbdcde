import type { Expression } from '../../core/ast.js';
import type { BuiltinRegistry } from '../../core/builtins/builtin-registry.js';
import {
  createExpressionCompiler,
  type Evaluate,
  type ExpressionCompiler,
  type ExtensionCompiler,
} from '../../core/compile-expression.js';
import type { RunContext } from '../../core/run-context.js';
import { type Frame, Scope } from '../../core/scope.js';
import { isTruthy, ScriptFunction, ScriptMap, typeOfValue, type Value } from '../../core/values.js';
import type { Diagnostic, Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import type { CompiledProgram } from '../../language.js';
import { LMX_KEYWORDS, type LmxLambda, type LmxStatement } from './lmx-ast.js';
import { LMX_BUILTINS } from './lmx-builtins.js';
import { fuseLocalAssignment, fuseLoopTest } from './lmx-fast-paths.js';
import { collectFunctions, declareHoisted } from './lmx-hoisting.js';
import { CATCHABLE, describeFault } from './lmx-try.js';

/** How a statement ended: normally, or by break, continue or return (no exceptions). */
const NORMAL = 0;
const BREAK = 1;
const CONTINUE = 2;
const RETURN = 3;
type Signal = 0 | 1 | 2 | 3;
type Execute = (frame: LmxFrame, context: RunContext) => Signal;

/** A frame that can carry a `return` value out of a function body. */
interface LmxFrame extends Frame {
  returned?: Value;
}

/**
 * Compiles lmx statements to closures over slot-resolved frames. Declarations (`let`,
 * loop variables, `fn`) are hoisted to their function, so functions may call each other
 * in any order; unknown names are reported before the run starts.
 *
 * @example
 * ```ts
 * const { program, diagnostics } = compileLmx(parseLmx(source).statements);
 * ```
 */
export function compileLmx(
  statements: LmxStatement[],
  options: {
    builtins?: BuiltinRegistry;
    keywords?: readonly string[];
    extensions?: Readonly<Record<string, ExtensionCompiler>>;
  } = {},
): {
  program: CompiledProgram;
  diagnostics: Diagnostic[];
} {
  const lmx = new LmxCompiler(
    options.builtins ?? LMX_BUILTINS,
    [...LMX_KEYWORDS, ...(options.keywords ?? [])],
    options.extensions,
  );
  const scope = new Scope();
  const body = lmx.compileFunctionBody([], statements, scope);
  const program: CompiledProgram = {
    run(context) {
      const frame: LmxFrame = scope.createFrame();
      body(frame, context);
      return frame.returned;
    },
  };
  return { program, diagnostics: lmx.compiler.diagnostics };
}

class LmxCompiler {
  readonly compiler: ExpressionCompiler;

  constructor(
    builtins: BuiltinRegistry,
    keywords: readonly string[],
    extensions: Readonly<Record<string, ExtensionCompiler>> = {},
  ) {
    this.compiler = createExpressionCompiler({
      builtins,
      knownNames: () => keywords,
      extensions: {
        ...extensions,
        lambda: (node, _compiler, scope) => this.compileLambda(node.data as LmxLambda, node.span, scope),
      },
    });
  }

  /** Declares params and hoisted names, then compiles; `fn` values are created on entry. */
  compileFunctionBody(params: string[], statements: LmxStatement[], scope: Scope): Execute {
    for (const param of params) scope.declare(param);
    declareHoisted(statements, scope);
    const functions = collectFunctions(statements).map((statement) => {
      const index = scope.declare(statement.name);
      const create = this.compileFunction(statement.name, statement.params, statement.body, scope);
      return (frame: LmxFrame) => {
        frame.slots[index] = create(frame);
      };
    });
    const block = this.compileBlock(statements, scope);
    if (functions.length === 0) return block;
    return (frame, context) => {
      for (const create of functions) create(frame);
      return block(frame, context);
    };
  }

  private compileFunction(
    name: string,
    params: string[],
    body: LmxStatement[],
    outer: Scope,
  ): (closure: Frame) => ScriptFunction {
    const scope = new Scope(outer);
    const direct = this.compileGuardedReturn(params, body, scope);
    if (direct) {
      const size = scope.size;
      return (closure) =>
        new ScriptFunction(name, params.length, (args, context) => {
          const slots: (Value | undefined)[] = args;
          for (let index = slots.length; index < size; index++) slots.push(undefined);
          const frame: LmxFrame = { slots, parent: closure, returned: null };
          return direct(frame, context);
        });
    }
    const run = this.compileFunctionBody(params, body, scope);
    // The body is compiled: the function's slots are all declared.
    const size = scope.size;
    return (closure) =>
      new ScriptFunction(name, params.length, (args, context) => {
        // The arguments array becomes the frame: parameters are the first slots.
        const slots: (Value | undefined)[] = args;
        for (let index = slots.length; index < size; index++) slots.push(undefined);
        const frame: LmxFrame = { slots, parent: closure, returned: null };
        run(frame, context);
        return frame.returned as Value;
      });
  }

  /**
   * A body that is only guards and a final return — `if c return a end … return b`, the shape
   * of most recursive functions — compiles to one expression (`c ? a : b`): no statement
   * signals, no block dispatch. Undefined for any other body.
   */
  private compileGuardedReturn(params: string[], body: LmxStatement[], scope: Scope): Evaluate | undefined {
    const last = body[body.length - 1];
    if (last?.kind !== 'return' || !last.value) return undefined;
    const guards: { condition: Expression; value: Expression }[] = [];
    for (const statement of body.slice(0, -1)) {
      if (statement.kind !== 'if' || statement.otherwise || statement.branches.length !== 1) return undefined;
      const [branch] = statement.branches as [{ condition: Expression; body: LmxStatement[] }];
      const only = branch.body[0];
      if (branch.body.length !== 1 || only?.kind !== 'return' || !only.value) return undefined;
      guards.push({ condition: branch.condition, value: only.value });
    }
    for (const param of params) scope.declare(param);
    const result = this.compiler.compile(last.value, scope);
    let compiled = result;
    for (const guard of guards.reverse()) {
      const condition = this.compiler.compile(guard.condition, scope);
      const value = this.compiler.compile(guard.value, scope);
      const otherwise = compiled;
      compiled = (frame, context) => {
        const test = condition(frame, context);
        return test === true || (test !== false && isTruthy(test))
          ? value(frame, context)
          : otherwise(frame, context);
      };
    }
    return compiled;
  }

  private compileLambda(lambda: LmxLambda, _span: Span, scope: Scope): Evaluate {
    // `fn (x) x * 2 end`: a body ending in an expression returns its value.
    const last = lambda.body[lambda.body.length - 1];
    const body: LmxStatement[] =
      last?.kind === 'expression'
        ? [...lambda.body.slice(0, -1), { kind: 'return', value: last.expression, span: last.span }]
        : lambda.body;
    const create = this.compileFunction('fn', lambda.params, body, scope);
    return (frame) => create(frame);
  }

  private compileBlock(statements: LmxStatement[], scope: Scope): Execute {
    const compiled = statements
      .filter((statement) => statement.kind !== 'fn')
      .map((statement) => this.compileStatement(statement, scope));
    if (compiled.length === 1) return compiled[0] as Execute;
    if (compiled.length === 2) {
      const [first, second] = compiled as [Execute, Execute];
      return (frame, context) => {
        const signal = first(frame, context);
        return signal === NORMAL ? second(frame, context) : signal;
      };
    }
    if (compiled.length === 3) {
      const [first, second, third] = compiled as [Execute, Execute, Execute];
      return (frame, context) => {
        let signal = first(frame, context);
        if (signal !== NORMAL) return signal;
        signal = second(frame, context);
        return signal === NORMAL ? third(frame, context) : signal;
      };
    }
    return (frame, context) => {
      for (let index = 0; index < compiled.length; index++) {
        const signal = (compiled[index] as Execute)(frame, context);
        if (signal !== NORMAL) return signal;
      }
      return NORMAL;
    };
  }

  private compileStatement(statement: LmxStatement, scope: Scope): Execute {
    const expression = (node: Expression): Evaluate => this.compiler.compile(node, scope);
    switch (statement.kind) {
      case 'let': {
        const index = scope.declare(statement.name);
        const fused = fuseLocalAssignment(index, statement.value, this.compiler, scope);
        if (fused) return fused;
        const value = expression(statement.value);
        return (frame, context) => {
          frame.slots[index] = value(frame, context);
          return NORMAL;
        };
      }
      case 'assign': {
        const local = this.compiler.localSlot(statement.target, scope);
        if (local) {
          const slot = local.slot;
          const fused = fuseLocalAssignment(slot, statement.value, this.compiler, scope);
          if (fused) return fused;
          const value = expression(statement.value);
          return (frame, context) => {
            frame.slots[slot] = value(frame, context);
            return NORMAL;
          };
        }
        const store = this.compiler.compileStore(statement.target, scope);
        const value = expression(statement.value);
        return (frame, context) => {
          store(frame, context, value(frame, context));
          return NORMAL;
        };
      }
      case 'if': {
        const branches = statement.branches.map((branch) => ({
          condition: expression(branch.condition),
          body: this.compileBlock(branch.body, scope),
        }));
        const otherwise = statement.otherwise ? this.compileBlock(statement.otherwise, scope) : undefined;
        const only = branches[0];
        if (branches.length === 1 && only) {
          const { condition, body } = only;
          return (frame, context) => {
            const test = condition(frame, context);
            if (test === true || (test !== false && isTruthy(test))) return body(frame, context);
            return otherwise ? otherwise(frame, context) : NORMAL;
          };
        }
        return (frame, context) => {
          for (const branch of branches)
            if (isTruthy(branch.condition(frame, context))) return branch.body(frame, context);
          return otherwise ? otherwise(frame, context) : NORMAL;
        };
      }
      case 'while': {
        const condition = expression(statement.condition);
        const test = fuseLoopTest(statement.condition, this.compiler, scope);
        const body = this.compileBlock(statement.body, scope);
        const { span } = statement;
        return (frame, context) => {
          for (;;) {
            if (--context.stepsLeft < 0) context.failSteps(span);
            const fast = test ? test(frame.slots) : undefined;
            if (fast === false) return NORMAL;
            if (fast === undefined && !isTruthy(condition(frame, context))) return NORMAL;
            const signal = body(frame, context);
            if (signal === BREAK) return NORMAL;
            if (signal === RETURN) return RETURN;
          }
        };
      }
      case 'for':
        return this.compileFor(statement, scope);
      case 'try':
        return this.compileTry(statement, scope);
      case 'fn':
        return () => NORMAL;
      case 'return': {
        const value = statement.value ? expression(statement.value) : () => null;
        return (frame, context) => {
          frame.returned = value(frame, context);
          return RETURN;
        };
      }
      case 'break':
        return () => BREAK;
      case 'continue':
        return () => CONTINUE;
      case 'print': {
        const values = statement.values.map(expression);
        const { span } = statement;
        return (frame, context) => {
          context.print(
            context.formatLine(
              values.map((value) => value(frame, context)),
              span,
            ),
            span,
          );
          return NORMAL;
        };
      }
      case 'expression': {
        const value = expression(statement.expression);
        return (frame, context) => {
          value(frame, context);
          return NORMAL;
        };
      }
    }
  }

  /**
   * `try … catch e … end`: a runtime error (`E_RUNTIME`, `E_NAME`, `E_DIMENSION`, a bridge that
   * failed or is missing) in the body runs the handler with `e` = `{code, message, line,
   * column}`. Limits, refusals and cancellation are never caught: they end the run.
   */
  private compileTry(statement: Extract<LmxStatement, { kind: 'try' }>, scope: Scope): Execute {
    const body = this.compileBlock(statement.body, scope);
    const handler = this.compileBlock(statement.handler, scope);
    const slot = statement.name === undefined ? undefined : scope.declare(statement.name);
    return (frame, context) => {
      const depth = context.depth;
      try {
        return body(frame, context);
      } catch (error) {
        if (!(error instanceof ScriptFault) || !CATCHABLE.has(error.code)) throw error;
        context.depth = depth;
        if (slot !== undefined) frame.slots[slot] = describeFault(error);
        return handler(frame, context);
      }
    };
  }

  private compileFor(statement: Extract<LmxStatement, { kind: 'for' }>, scope: Scope): Execute {
    const index = scope.declare(statement.name);
    const iterable = this.compiler.compile(statement.iterable, scope);
    const body = this.compileBlock(statement.body, scope);
    const { span } = statement;
    return (frame, context) => {
      const items = toItems(iterable(frame, context), span);
      for (let position = 0; position < items.length; position++) {
        if (--context.stepsLeft < 0) context.failSteps(span);
        frame.slots[index] = items[position] as Value;
        const signal = body(frame, context);
        if (signal === BREAK) return NORMAL;
        if (signal === RETURN) return RETURN;
      }
      return NORMAL;
    };
  }
}

function toItems(value: Value, span: Span): readonly Value[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return Array.from(value);
  if (value instanceof ScriptMap) return [...value.entries.keys()];
  throw new ScriptFault(
    'E_RUNTIME',
    `cannot loop over ${typeOfValue(value)} (use a list, a string, a map or range(n))`,
    span,
  );
}
