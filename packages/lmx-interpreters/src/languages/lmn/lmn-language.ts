import type { Expression } from '../../core/ast.js';
import { CORE_BUILTIN_REGISTRY } from '../../core/builtins/core-builtins.js';
import { createExpressionCompiler } from '../../core/compile-expression.js';
import { formatValue } from '../../core/format-value.js';
import type { RunContext } from '../../core/run-context.js';
import { type Frame, Scope } from '../../core/scope.js';
import { isTruthy, ScriptMap, typeOfValue, type Value } from '../../core/values.js';
import type { Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import type { CompileResult, LanguageDefinition } from '../../language.js';
import { describeDryRun, type Notification, planDeliveries } from './delivery-plan.js';
import { type LmnStatement, parseNotifications } from './lmn-parser.js';
import { readClockTime } from './quiet-window.js';

type Execute = (frame: Frame, context: RunContext, sink: Notification[]) => void;

/**
 * Compiles an `lmn` script. Running it collects the notifications its `NOTIFY` statements
 * reach, batches them (`DIGEST`), holds them in quiet hours (`QUIET`, against `input.now`
 * — `HH:MM` or an ISO time, read in UTC — or the current UTC time) and, with no delivery
 * bridge in this engine yet, prints the dry run: what it would send, saying nothing was sent.
 *
 * @example
 * compileNotifications('NOTIFY email TO "a@b.c" SUBJECT "hi"').diagnostics; // []
 */
export function compileNotifications(source: string): CompileResult {
  const script = parseNotifications(source);
  if (script.diagnostics.length > 0) return { diagnostics: script.diagnostics };
  const compiler = createExpressionCompiler({ builtins: CORE_BUILTIN_REGISTRY });
  const scope = new Scope();
  const compileBlock = (statements: LmnStatement[]): Execute => {
    const steps = statements.map(compileStatement);
    return (frame, context, sink) => {
      for (const step of steps) step(frame, context, sink);
    };
  };
  const compileStatement = (statement: LmnStatement): Execute => {
    const expression = (node: Expression) => compiler.compile(node, scope);
    const { span } = statement;
    switch (statement.kind) {
      case 'notify': {
        const recipient = expression(statement.recipient);
        const subject = expression(statement.subject);
        const body = statement.body ? expression(statement.body) : () => '';
        const when = statement.when ? expression(statement.when) : undefined;
        const { channel } = statement;
        return (frame, context, sink) => {
          if (when && !isTruthy(when(frame, context))) return;
          context.step(span);
          sink.push({
            channel,
            recipient: readRecipient(channel, recipient(frame, context), span),
            subject: formatValue(subject(frame, context)),
            body: formatValue(body(frame, context)),
          });
          context.checkListSize(sink.length, span);
        };
      }
      case 'let': {
        const slot = scope.declare(statement.name);
        const value = expression(statement.value);
        return (frame, context) => {
          frame.slots[slot] = value(frame, context);
        };
      }
      case 'print': {
        const values = statement.values.map(expression);
        return (frame, context) =>
          context.print(
            context.formatLine(
              values.map((value) => value(frame, context)),
              span,
            ),
            span,
          );
      }
      case 'if': {
        const condition = expression(statement.condition);
        const body = compileBlock(statement.body);
        const otherwise = statement.otherwise ? compileBlock(statement.otherwise) : undefined;
        return (frame, context, sink) => {
          if (isTruthy(condition(frame, context))) body(frame, context, sink);
          else otherwise?.(frame, context, sink);
        };
      }
      case 'for': {
        const slot = scope.declare(statement.name);
        const items = expression(statement.items);
        const body = compileBlock(statement.body);
        return (frame, context, sink) => {
          const list = items(frame, context);
          if (!Array.isArray(list))
            throw new ScriptFault('E_RUNTIME', `FOR loops over a list, not ${typeOfValue(list)}`, span);
          for (const item of list) {
            context.step(span);
            frame.slots[slot] = item;
            body(frame, context, sink);
          }
        };
      }
    }
  };
  const main = compileBlock(script.statements);
  const digest = script.digest ? compiler.compile(script.digest.size, scope) : () => 1;
  if (compiler.diagnostics.length > 0) return { diagnostics: compiler.diagnostics };
  return {
    diagnostics: [],
    program: {
      run(context) {
        const frame = scope.createFrame();
        const sink: Notification[] = [];
        main(frame, context, sink);
        const size = digest(frame, context);
        if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) {
          throw new ScriptFault(
            'E_RUNTIME',
            `DIGEST takes a whole number of at least 1, not ${formatValue(size)}`,
            script.digest?.span,
          );
        }
        const deliveries = planDeliveries({
          notifications: sink,
          quiet: script.quiet,
          digest: size,
          minuteOfDay: readMinuteOfDay(context.input),
        });
        for (const line of describeDryRun(deliveries)) context.print(line);
        return deliveries.map(
          (delivery) =>
            new ScriptMap(
              Object.entries({ ...delivery, sent: false }).map(
                ([key, value]) => [key, value as Value] as const,
              ),
            ),
        );
      },
    },
  };
}

/**
 * A recipient is text — an address, a number written as text, a user id — never a value turned
 * into text: `TO input.missing` (null), a list or a number is a typed error, not a notification
 * to "null".
 */
function readRecipient(channel: string, value: Value, span: Span): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  const got =
    typeof value === 'string'
      ? 'an empty string'
      : value === null
        ? 'null'
        : `${typeOfValue(value)} ${formatValue(value).slice(0, 40)}`;
  const hint = Array.isArray(value) ? ' (one NOTIFY per recipient: FOR r IN list … NOTIFY … TO r)' : '';
  throw new ScriptFault(
    'E_RUNTIME',
    `NOTIFY ${channel} TO needs a recipient as text, got ${got}${hint}`,
    span,
  );
}

/** The time of day quiet hours are checked against: `input.now`, else the current UTC time. */
function readMinuteOfDay(input: Value): number {
  const now = input instanceof ScriptMap ? input.get('now') : undefined;
  if (typeof now === 'string') {
    const clock = readClockTime(now);
    if (clock !== undefined) return clock;
    const time = Date.parse(now);
    if (Number.isFinite(time)) {
      const date = new Date(time);
      return date.getUTCHours() * 60 + date.getUTCMinutes();
    }
    throw new ScriptFault(
      'E_INPUT',
      `input.now is "HH:MM" or an ISO date and time, not ${JSON.stringify(now.slice(0, 40))}`,
    );
  }
  const date = new Date();
  return date.getUTCHours() * 60 + date.getUTCMinutes();
}

/**
 * `lmn`, notifications: `NOTIFY`, `QUIET`, `DIGEST`; a dry run until a delivery bridge exists.
 *
 * @example
 * lmnLanguage.compile('DIGEST 3').diagnostics; // []
 */
export const lmnLanguage: LanguageDefinition = {
  id: 'lmn',
  title: 'Notifications',
  summary:
    'NOTIFY <channel> TO … SUBJECT … BODY …, QUIET hours and DIGEST batching; prints a dry run of what it would send.',
  bridges: [],
  compile: compileNotifications,
};
