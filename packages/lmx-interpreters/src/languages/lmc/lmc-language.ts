import type { Expression } from '../../core/ast.js';
import { expectInteger, expectString } from '../../core/builtins/arguments.js';
import { createBuiltinRegistry, defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { CORE_BUILTINS } from '../../core/builtins/core-builtins.js';
import { roundTo } from '../../core/builtins/math-builtins.js';
import { createExpressionCompiler, type Evaluate } from '../../core/compile-expression.js';
import { Scope } from '../../core/scope.js';
import { createScriptParser, type ScriptParser } from '../../core/script-parser.js';
import { typeOfValue, type Value } from '../../core/values.js';
import type { Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import type { CompileResult, LanguageDefinition } from '../../language.js';
import { LMM_SHARED_WITH_LMC, resolveMathConstant } from '../lmm/lmm-builtins.js';
import { AmountValue } from './amount-value.js';
import { readCalendarDate } from './calendar-date.js';
import { lmcOperatorHooks } from './lmc-operators.js';
import { lmcExtensionCompilers, lmcParserExtensions } from './lmc-syntax.js';

const dateBuiltin = defineBuiltin('date', [1, 1], ([text]) => {
  const written = expectString(text, 'date');
  const date = readCalendarDate(written);
  if (!date)
    throw new ScriptFault(
      'E_RUNTIME',
      `date expects "YYYY-MM-DD" (a real date), not ${JSON.stringify(written.slice(0, 40))}`,
    );
  return new AmountValue(date);
});

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** `weekday(d)`: the English name of a date's day of the week. */
const weekdayBuiltin = defineBuiltin('weekday', [1, 1], ([value]) => {
  const amount = value instanceof AmountValue ? value.amount : undefined;
  if (amount?.kind !== 'date')
    throw new ScriptFault(
      'E_RUNTIME',
      `weekday expects a date as argument 1 but got ${describeValue(value)}`,
    );
  // 1970-01-01 was a Thursday (index 3 from Monday).
  return WEEKDAYS[(((amount.days + 3) % 7) + 7) % 7] as string;
});

function describeValue(value: Value | undefined): string {
  if (value === undefined) return 'nothing';
  return value instanceof AmountValue ? value.format() : typeOfValue(value);
}

/**
 * `round`, `floor`, `ceil` and `abs` on numbers, quantities (in their own unit: `round(5.916
 * ft)` is `6 ft`) and percentages.
 */
function amountRounding(name: string, apply: (value: number, digits: number) => number) {
  return defineBuiltin(name, name === 'round' ? [1, 2] : [1, 1], ([value, digits]) => {
    const places = digits === undefined ? 0 : expectInteger(digits, name, 2);
    if (typeof value === 'number') return apply(value, places);
    if (value instanceof AmountValue && value.amount.kind !== 'date')
      return new AmountValue({ ...value.amount, value: apply(value.amount.value, places) });
    throw new ScriptFault(
      'E_RUNTIME',
      `${name} expects a number, quantity or percentage as argument 1 but got ${describeValue(value)}`,
    );
  });
}

const ROUNDING = [
  amountRounding('round', (value, digits) => roundTo(value, digits)),
  amountRounding('floor', (value) => Math.floor(value)),
  amountRounding('ceil', (value) => Math.ceil(value)),
  amountRounding('abs', (value) => Math.abs(value)),
];

// Trigonometry, exp/ln/log and the statistics of numbers come from lmm: one definition each.
const builtins = createBuiltinRegistry(CORE_BUILTINS, LMM_SHARED_WITH_LMC, [
  dateBuiltin,
  weekdayBuiltin,
  ...ROUNDING,
]);

interface Line {
  /** Set for `name = expression`. */
  readonly target?: { name: string; slot: number };
  readonly evaluate: Evaluate;
  readonly span: Span;
}

/**
 * `°` is not a name character of the shared lexer; outside strings (and inside `{{ }}`)
 * it becomes the letter `º`, one UTF-16 unit like `°`, so every column stays right.
 */
export function toLexableCalculatorSource(source: string): string {
  let result = '';
  let quote = '';
  let template = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source.charAt(index);
    if (quote) {
      if (char === '\n') quote = '';
      else if (!template && char === '\\') {
        result += char + source.charAt(index + 1);
        index += 1;
        continue;
      } else if (!template && char === quote) quote = '';
      else if (char === '{' && source.charAt(index + 1) === '{') template = true;
      else if (char === '}' && source.charAt(index + 1) === '}') template = false;
      result += char === '°' && template ? 'º' : char;
      continue;
    }
    if (char === '#' || (char === '/' && source.charAt(index + 1) === '/')) {
      const end = source.indexOf('\n', index);
      const stop = end === -1 ? source.length : end;
      result += source.slice(index, stop);
      index = stop - 1;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      template = false;
    }
    result += char === '°' ? 'º' : char;
  }
  return result;
}

function parseLine(parser: ScriptParser, scope: Scope, compile: (node: Expression) => Evaluate): Line {
  const start = parser.peek();
  const isAssignment =
    start.kind === 'name' && !parser.isReserved(start) && parser.isPunct('=', parser.peek(1));
  if (isAssignment) {
    parser.next();
    parser.next();
  }
  const expression = parser.parseExpression();
  parser.expectLineEnd();
  const evaluate = compile(expression);
  const span = parser.spanFrom(start);
  if (!isAssignment) return { evaluate, span };
  return { target: { name: start.text, slot: scope.declare(start.text) }, evaluate, span };
}

/**
 * Compiles an `lmc` script: one expression or `name = expression` per line. Each line's
 * result is printed (`name = value` for assignments) and the last one is the run's value.
 *
 * @example
 * compileCalculator('3 ft + 20 cm in m').diagnostics; // []
 */
export function compileCalculator(source: string): CompileResult {
  const parser = createScriptParser(toLexableCalculatorSource(source), lmcParserExtensions);
  const compiler = createExpressionCompiler({
    builtins,
    operators: lmcOperatorHooks,
    extensions: lmcExtensionCompilers,
    resolveName: resolveMathConstant,
  });
  const scope = new Scope();
  const lines = parser.parseBlock((current) =>
    parseLine(current, scope, (node) => compiler.compile(node, scope)),
  );
  const diagnostics = [...parser.diagnostics, ...compiler.diagnostics];
  if (diagnostics.length > 0) return { diagnostics };
  return {
    diagnostics,
    program: {
      run(context) {
        const frame = scope.createFrame();
        let last: Value | undefined;
        for (const line of lines) {
          context.step(line.span);
          const value = line.evaluate(frame, context);
          if (line.target) {
            frame.slots[line.target.slot] = value;
            context.print(`${line.target.name} = ${context.format(value, line.span)}`, line.span);
          } else {
            context.print(context.format(value, line.span), line.span);
          }
          last = value;
        }
        return last;
      },
    },
  };
}

/**
 * `lmc`, the quantities calculator: units of length, mass, time, data size and
 * temperature with conversions, percentages and calendar dates.
 *
 * @example
 * lmcLanguage.compile('200 + 15%').program; // defined
 */
export const lmcLanguage: LanguageDefinition = {
  id: 'lmc',
  title: 'Quantities calculator',
  summary:
    'Units (length, mass, time, data size, temperature), conversions, percentages and dates, one line at a time.',
  bridges: [],
  compile: compileCalculator,
};
