import type { Expression } from '../../core/ast.js';
import { CORE_BUILTIN_REGISTRY } from '../../core/builtins/core-builtins.js';
import { createExpressionCompiler, type Evaluate } from '../../core/compile-expression.js';
import { formatPreview } from '../../core/format-value.js';
import type { RunContext } from '../../core/run-context.js';
import { type Frame, Scope } from '../../core/scope.js';
import { suggestName } from '../../core/suggest-name.js';
import { isTruthy, ScriptMap, typeOfValue, type Value } from '../../core/values.js';
import type { Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import type { CompileResult, LanguageDefinition } from '../../language.js';
import { type CascadeEvent, defaultCascadeLimits, runEventCascade } from './event-cascade.js';
import { type LmzStatement, parseRules } from './lmz-parser.js';

type Emit = (name: string, payload: Value, span: Span) => void;
type Execute = (frame: Frame, context: RunContext, emit: Emit) => void;

interface CompiledRule {
  readonly number: number;
  readonly pattern: string;
  readonly line: number;
  readonly where?: Evaluate;
  readonly body: Execute;
  readonly scope: Scope;
}

/**
 * Compiles an `lmz` script: `ON <event> [WHERE <cond>] DO … END` rules, and top-level
 * `EMIT`, `LET`, `PRINT`, `IF` statements run in order. Each top-level `EMIT` runs its
 * cascade to the end before the next statement; inside a rule the event's payload fields
 * are bare names, `event` is the payload and `event_name` the event's name.
 *
 * @example
 * compileRules('ON ping DO PRINT "pong" END\nEMIT ping').diagnostics; // []
 */
function missingPayloadField(payload: ScriptMap, name: string, span: Span): never {
  const keys = [...payload.entries.keys()];
  const suggestion = suggestName(name, keys);
  const hint =
    suggestion === undefined ? `fields: ${keys.join(', ') || 'none'}` : `did you mean "${suggestion}"?`;
  throw new ScriptFault(
    'E_RUNTIME',
    `unknown name "${name}": the event's payload has no such field (${hint}; write event?.${name} to read null when it may be missing)`,
    span,
  );
}

export function compileRules(source: string): CompileResult {
  const parsed = parseRules(source);
  if (parsed.diagnostics.length > 0) return { diagnostics: parsed.diagnostics };
  let current: CascadeEvent<Value> | undefined;
  let insideRule = false;
  const compiler = createExpressionCompiler({
    builtins: CORE_BUILTIN_REGISTRY,
    resolveName(name, span) {
      if (!insideRule || name === 'input' || CORE_BUILTIN_REGISTRY.has(name)) return undefined;
      if (name === 'event') return () => current?.payload ?? null;
      if (name === 'event_name') return () => current?.name ?? null;
      // A bare name is a payload field; a misspelt one is an error, not a silent null
      // (`event?.name` reads a field that may be missing).
      return () => {
        const payload = current?.payload;
        if (!(payload instanceof ScriptMap)) return null;
        const value = payload.get(name);
        return value === undefined ? missingPayloadField(payload, name, span) : value;
      };
    },
  });
  const top = new Scope();
  const rules: CompiledRule[] = [];
  const compileBlock = (statements: LmzStatement[], scope: Scope): Execute => {
    const steps = statements.map((statement) => compileStatement(statement, scope));
    return (frame, context, emit) => {
      for (const step of steps) step(frame, context, emit);
    };
  };
  const compileStatement = (statement: LmzStatement, scope: Scope): Execute => {
    const expression = (node: Expression) => compiler.compile(node, scope);
    switch (statement.kind) {
      case 'on': {
        const ruleScope = new Scope(scope);
        insideRule = true;
        const where = statement.where ? compiler.compile(statement.where, ruleScope) : undefined;
        const body = compileBlock(statement.body, ruleScope);
        insideRule = false;
        rules.push({
          number: rules.length + 1,
          pattern: statement.pattern,
          line: statement.span.line,
          ...(where ? { where } : {}),
          body,
          scope: ruleScope,
        });
        return () => {};
      }
      case 'emit': {
        const payload = statement.payload ? expression(statement.payload) : () => new ScriptMap();
        const { name, span } = statement;
        return (frame, context, emit) => emit(name, payload(frame, context), span);
      }
      case 'let': {
        const slot = scope.declare(statement.name);
        const value = expression(statement.value);
        return (frame, context) => {
          frame.slots[slot] = value(frame, context);
        };
      }
      case 'assign': {
        const store = compiler.compileStore(statement.target, scope);
        const value = expression(statement.value);
        return (frame, context) => store(frame, context, value(frame, context));
      }
      case 'print': {
        const values = statement.values.map(expression);
        const { span } = statement;
        return (frame, context) =>
          context.print(
            context.formatLine(
              values.map((value) => value(frame, context)),
              span,
            ),
            span,
          );
      }
      case 'for': {
        const slot = scope.declare(statement.name);
        const items = expression(statement.items);
        const body = compileBlock(statement.body, scope);
        const { span } = statement;
        return (frame, context, emit) => {
          const list = items(frame, context);
          if (!Array.isArray(list))
            throw new ScriptFault('E_RUNTIME', `FOR loops over a list, not ${typeOfValue(list)}`, span);
          for (const item of list) {
            context.step(span);
            frame.slots[slot] = item;
            body(frame, context, emit);
          }
        };
      }
      case 'call': {
        const call = expression(statement.call);
        return (frame, context) => {
          call(frame, context);
        };
      }
      case 'if': {
        const condition = expression(statement.condition);
        const body = compileBlock(statement.body, scope);
        const otherwise = statement.otherwise ? compileBlock(statement.otherwise, scope) : undefined;
        return (frame, context, emit) => {
          if (isTruthy(condition(frame, context))) body(frame, context, emit);
          else otherwise?.(frame, context, emit);
        };
      }
    }
  };
  // Top-level variables are declared first so rules can use them; rules are compiled
  // before the top-level statements, so an EMIT above an ON still reaches it.
  for (const statement of parsed.statements)
    if (statement.kind === 'let' || statement.kind === 'for') top.declare(statement.name);
  for (const statement of parsed.statements) if (statement.kind === 'on') compileStatement(statement, top);
  const main = compileBlock(
    parsed.statements.filter((statement) => statement.kind !== 'on'),
    top,
  );
  if (compiler.diagnostics.length > 0) return { diagnostics: compiler.diagnostics };
  return {
    diagnostics: [],
    program: {
      run(context) {
        const frame = top.createFrame();
        const firings: Value[] = [];
        let eventsLeft = defaultCascadeLimits.maxEvents;
        // The emit that crossed a bound is where the limit error points.
        let lastEmit: Span | undefined;
        main(frame, context, (name, payload, span) => {
          lastEmit = span;
          const outcome = runEventCascade<Value>({
            initial: [{ name, payload }],
            rules,
            limits: { maxEvents: eventsLeft },
            handlers: {
              accepts(index, event) {
                const rule = rules[index] as CompiledRule;
                if (!rule.where) return true;
                current = event;
                return isTruthy(rule.where(rule.scope.createFrame(frame), context));
              },
              fire(index, event, emit) {
                const rule = rules[index] as CompiledRule;
                context.step();
                current = event;
                context.print(
                  `${describeEvent(event)} -> rule ${rule.number} (ON ${rule.pattern}, line ${rule.line})`,
                );
                firings.push(describeFiring(rule, event));
                context.checkListSize(firings.length);
                rule.body(rule.scope.createFrame(frame), context, (emitted, payload, span) => {
                  lastEmit = span;
                  emit(emitted, payload);
                });
              },
            },
          });
          eventsLeft -= outcome.events;
          if (!outcome.ok) throw new ScriptFault(outcome.code, outcome.message, lastEmit);
        });
        return firings;
      },
    },
  };
}

/** Longest payload text a firing line shows; the full payload is in the run's value. */
const SHOWN_PAYLOAD = 200;

function describeEvent(event: CascadeEvent<Value>): string {
  return `${event.name} ${formatPreview(event.payload, SHOWN_PAYLOAD)}`;
}

function describeFiring(rule: CompiledRule, event: CascadeEvent<Value>): Value {
  return new ScriptMap([
    ['rule', rule.number],
    ['line', rule.line],
    ['pattern', rule.pattern],
    ['event', event.name],
    ['payload', event.payload],
    ['depth', event.depth],
  ]);
}

/**
 * `lmz`, events: rules that react to events and emit more, bounded so an emit loop ends
 * with a limit error.
 *
 * @example
 * lmzLanguage.compile('EMIT hello').diagnostics; // []
 */
export const lmzLanguage: LanguageDefinition = {
  id: 'lmz',
  title: 'Events',
  summary:
    'Rules ON <event> [WHERE <cond>] DO … END and EMIT <event> {payload}; prints which rules fired with what.',
  bridges: [],
  compile: compileRules,
};
