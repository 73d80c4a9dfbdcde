// The script engine's routes (issue 12: POST /api/lmx/run, GET /api/lmx/interpreters,
// GET /api/lmx/demos) are built in another branch. Their exact JSON is not fixed yet, so this
// module reads them leniently from the shapes the issue and the design sheet describe, and the
// Scripts screen renders only what it reads here. UNTESTED against the real routes: see
// docs/console.md, "Not yet proven".
import { isApiError } from '../../api/http';

/** One interpreter of the catalogue, as this caller may use it. */
export interface Interpreter {
  mode: string;
  title: string;
  available: boolean;
  reason?: string;
}

/** A bundled demo script. */
export interface Demo {
  mode: string;
  name: string;
  source: string;
  input?: unknown;
}

/** A diagnostic at a position: `{ code, message, line, column, endLine?, endColumn? }`. */
export interface ScriptDiagnostic {
  code: string;
  message: string;
  line?: number;
  column?: number;
}

/** The result of a run (the design sheet's `{ ok, mode, output, value?, error?, usage?, trace?, durationMs }`). */
export interface ScriptResult {
  ok: boolean;
  mode: string;
  output: string[];
  value?: unknown;
  error?: ScriptDiagnostic;
  diagnostics: ScriptDiagnostic[];
  usage?: unknown;
  trace?: unknown;
  durationMs?: number;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listIn(body: unknown, keys: readonly string[]): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return [];
  for (const key of keys) {
    const value = body[key];
    if (Array.isArray(value)) return value;
  }
  return [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * The interpreter catalogue from `GET /api/lmx/interpreters`: a list, or `{ interpreters | modes: [...] }`,
 * whose entries name their `mode` (or `id`), `available` and the `reason` when not.
 *
 * @example
 * readInterpreters({ interpreters: [{ mode: 'lmx', available: true }] });
 */
export function readInterpreters(body: unknown): Interpreter[] {
  return listIn(body, ['interpreters', 'modes', 'languages']).flatMap((entry): Interpreter[] => {
    if (!isObject(entry)) return [];
    const mode = text(entry.mode) ?? text(entry.id);
    if (!mode) return [];
    const reason = text(entry.reason) ?? (isObject(entry.reason) ? text(entry.reason.message) : undefined);
    return [
      {
        mode,
        title: text(entry.title) ?? text(entry.name) ?? text(entry.purpose) ?? mode,
        available: entry.available !== false,
        ...(reason ? { reason } : {}),
      },
    ];
  });
}

/**
 * The bundled demos from `GET /api/lmx/demos`: a list, or `{ demos: [...] }`, each with `mode`,
 * a `name` (or `title`, `id`) and its `source`.
 */
export function readDemos(body: unknown): Demo[] {
  return listIn(body, ['demos', 'scripts']).flatMap((entry): Demo[] => {
    if (!isObject(entry)) return [];
    const mode = text(entry.mode) ?? text(entry.language);
    const source = typeof entry.source === 'string' ? entry.source : undefined;
    if (!mode || source === undefined) return [];
    const name = text(entry.name) ?? text(entry.title) ?? text(entry.id) ?? mode;
    return [{ mode, name, source, ...(entry.input !== undefined ? { input: entry.input } : {}) }];
  });
}

function readDiagnostic(value: unknown): ScriptDiagnostic | undefined {
  if (!isObject(value)) return undefined;
  const message = text(value.message);
  if (!message) return undefined;
  const line = number(value.line);
  const column = number(value.column);
  return {
    code: text(value.code) ?? 'E_RUNTIME',
    message,
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  };
}

function readDiagnostics(...sources: unknown[]): ScriptDiagnostic[] {
  const seen = new Set<string>();
  const diagnostics: ScriptDiagnostic[] = [];
  for (const source of sources) {
    const list = Array.isArray(source) ? source : source === undefined ? [] : [source];
    for (const item of list) {
      const diagnostic = readDiagnostic(item);
      if (!diagnostic) continue;
      const key = `${diagnostic.code}:${diagnostic.line}:${diagnostic.column}:${diagnostic.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      diagnostics.push(diagnostic);
    }
  }
  return diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/**
 * A run's answer (`POST /api/lmx/run`, or `{ result }` around it), with every diagnostic found
 * — `diagnostics`, `error.diagnostics` or the `error` itself — sorted by position.
 */
export function readRunResult(body: unknown, mode: string): ScriptResult {
  const result = isObject(body) && isObject(body.result) ? body.result : isObject(body) ? body : {};
  const error = isObject(result.error) ? result.error : undefined;
  const diagnostics = readDiagnostics(result.diagnostics, error?.diagnostics, error);
  const firstError = readDiagnostic(error);
  return {
    ok: result.ok === true,
    mode: text(result.mode) ?? mode,
    output: Array.isArray(result.output)
      ? result.output.map(String)
      : typeof result.output === 'string'
        ? [result.output]
        : [],
    ...('value' in result ? { value: result.value } : {}),
    ...(firstError ? { error: firstError } : {}),
    diagnostics,
    ...(result.usage !== undefined ? { usage: result.usage } : {}),
    ...(result.trace !== undefined ? { trace: result.trace } : {}),
    ...(number(result.durationMs) !== undefined ? { durationMs: number(result.durationMs) } : {}),
  };
}

/** A refusal of the run route carrying diagnostics in its `details` (a 400 with the source's syntax errors). */
export function readRefusal(error: unknown, mode: string): ScriptResult | undefined {
  if (!isApiError(error) || !error.details) return undefined;
  const details = error.details;
  const diagnostics = readDiagnostics(details.diagnostics, details.errors, details.error);
  if (diagnostics.length === 0) return undefined;
  return {
    ok: false,
    mode,
    output: [],
    error: { code: error.code, message: error.message },
    diagnostics,
  };
}

/** True when this server has no script engine (the routes answer the API's JSON 404). */
export function isEngineMissing(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.code === 'SERVER_NOT_FOUND';
}
