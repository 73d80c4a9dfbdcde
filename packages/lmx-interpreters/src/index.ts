export type { AvailabilityOptions, LanguageAvailability } from './availability.js';
export { describeLanguages } from './availability.js';
export type { CatalogueEntry } from './catalogue.js';
export { isLanguageId, LANGUAGE_CATALOGUE } from './catalogue.js';
export type { BinaryOperator, Expression, ExpressionKind, TemplateSegment } from './core/ast.js';
export { joinSpans } from './core/ast.js';
export { visitNames } from './core/ast-walk.js';
export {
  expectFunction,
  expectInteger,
  expectList,
  expectMap,
  expectNumber,
  expectNumbers,
  expectString,
} from './core/builtins/arguments.js';
export type { BuiltinRegistry } from './core/builtins/builtin-registry.js';
export { createBuiltinRegistry, defineBuiltin } from './core/builtins/builtin-registry.js';
export { CORE_BUILTIN_REGISTRY, CORE_BUILTINS } from './core/builtins/core-builtins.js';
export { FUNCTION_BUILTINS } from './core/builtins/function-builtins.js';
export { LIST_BUILTINS, sortValues } from './core/builtins/list-builtins.js';
export { MATH_BUILTINS, roundTo } from './core/builtins/math-builtins.js';
export { compareValues } from './core/builtins/sort-order.js';
export { TEXT_BUILTINS } from './core/builtins/text-builtins.js';
export { VALUE_BUILTINS } from './core/builtins/value-builtins.js';
export type { StoreValue } from './core/compile-access.js';
export { readIndex } from './core/compile-access.js';
export type { Evaluate, ExpressionCompilerOptions, ExtensionCompiler } from './core/compile-expression.js';
export { callValue, createExpressionCompiler, ExpressionCompiler } from './core/compile-expression.js';
export type { JsonBound, JsonValue } from './core/convert.js';
export { fromJson, toJson } from './core/convert.js';
export type { DependencyOrder } from './core/dependency-order.js';
export { orderByDependencies } from './core/dependency-order.js';
export type { NodeCompiler } from './core/evaluate.js';
export { formatLiteral, formatValue } from './core/format-value.js';
export type { LexOrigin, LexResult } from './core/lexer.js';
export { lexScript } from './core/lexer.js';
export type { ScriptLimits } from './core/limits.js';
export { DEFAULT_LIMITS, resolveLimits } from './core/limits.js';
export { divideNumbers, formatNumber, remainderOf, toScriptNumber } from './core/numeric.js';
export type { OperatorHooks } from './core/operators.js';
export { applyBinary, applyNumbers } from './core/operators.js';
export type { BridgeCaller, RunContextOptions } from './core/run-context.js';
export { createRunContext, RunContext } from './core/run-context.js';
export type { Frame, SlotAddress } from './core/scope.js';
export { Scope } from './core/scope.js';
export type {
  InfixParselet,
  ParserExtensions,
  PrefixParselet,
  ScriptParserOptions,
} from './core/script-parser.js';
export {
  createScriptParser,
  describeToken,
  ParseAbort,
  PRECEDENCE,
  ScriptParser,
  spanOfToken,
} from './core/script-parser.js';
export { didYouMean, suggestName } from './core/suggest-name.js';
export type { TemplatePart, Token, TokenKind } from './core/tokens.js';
export type { CallContext, OpaqueValue, ScriptCallable, Value } from './core/values.js';
export {
  isOpaque,
  isTruthy,
  NativeFunction,
  ScriptFunction,
  ScriptMap,
  typeOfValue,
  valuesEqual,
} from './core/values.js';
export { BRIDGED_DEMOS } from './demos/bridged-demos.js';
export type { BundledDemo } from './demos/bundled-demos.js';
export { BUNDLED_DEMOS } from './demos/bundled-demos.js';
export type { Diagnostic, ScriptError, ScriptErrorCode, Span } from './diagnostics.js';
export { createDiagnostic, LIMIT_CODES } from './diagnostics.js';
export type { FormatDiagnosticOptions } from './diagnostics-format/source-excerpt.js';
export { formatDiagnostic, formatSourceExcerpt } from './diagnostics-format/source-excerpt.js';
export type { LmxErrorCode } from './errors.js';
export { isLmxError, isScriptFault, LmxError, ScriptFault } from './errors.js';
export type { ExecuteOptions } from './execute-script.js';
export { checkScript, executeScript, toScriptError } from './execute-script.js';
export type { CompiledProgram, CompileResult, LanguageDefinition, LanguageId } from './language.js';
export { HOST_DEMOS } from './languages/host/host-demos.js';
export { BUILT_LANGUAGES, findLanguage } from './languages/language-registry.js';
export type { AdaptersBridge } from './ports/adapters-bridge.js';
export type { AiBridge, AiQuestion } from './ports/ai-bridge.js';
export type { BridgeCallOptions } from './ports/bridge-call-options.js';
export type { BridgeName } from './ports/bridge-name.js';
export { BRIDGE_NAMES } from './ports/bridge-name.js';
export type { DbAnswer, DbBridge, DbQuery } from './ports/db-bridge.js';
export type { HostBridge, HostCommandAnswer, HostHttpAnswer, HostWindow } from './ports/host-bridge.js';
export type { InstallBridge } from './ports/install-bridge.js';
export type { BridgeErrorCode, ScriptBridges } from './ports/script-bridges.js';
export { BRIDGE_METHODS, BridgeError } from './ports/script-bridges.js';
export type { ToolsBridge } from './ports/tools-bridge.js';
export type { RunRequest, RunResult, RunUsage } from './run-result.js';
export { closeSharedRunner, runScript } from './runtime/run-script.js';
export type { ScriptRunner, ScriptRunnerOptions, ScriptRunRequest } from './runtime/script-runner.js';
export { createScriptRunner } from './runtime/script-runner.js';
export type { WorkerLocation } from './runtime/worker-location.js';
export { locateWorker } from './runtime/worker-location.js';
