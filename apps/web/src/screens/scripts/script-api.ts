// The script engine's routes (apps/server/src/lmx/lmx-routes.ts): GET /api/lmx/interpreters,
// GET /api/lmx/demos and POST /api/lmx/run (the lmx.run capability). This module reads their
// JSON into the shapes the Scripts screen and the Start screen render; an answer that does not
// have the documented shape is refused with CONSOLE_BAD_ANSWER rather than guessed at.
import { ApiError, isApiError } from '../../api/http';

/** One mode of `GET /api/lmx/interpreters`, with its availability for this caller. */
export interface Interpreter {
  id: string;
  title: string;
  purpose: string;
  hostMode: boolean;
  available: boolean;
  /** `E_NOT_AVAILABLE`, `E_BRIDGE_MISSING`, `E_FORBIDDEN` or (anonymous callers) `GATE_UNAUTHENTICATED` when unavailable. */
  code?: string;
  /** The server's words for why the mode is unavailable. */
  reason?: string;
}

/** The interpreter catalogue: the modes and the wall-clock bound of one run. */
export interface Catalogue {
  timeMs: number;
  interpreters: Interpreter[];
}

/** A bundled demo script of `GET /api/lmx/demos`. */
export interface Demo {
  id: string;
  mode: string;
  title: string;
  description: string;
  source: string;
  input?: unknown;
}

/** A problem at a 1-based position of the source (the engine's one diagnostic shape). */
export interface ScriptDiagnostic {
  code: string;
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** Model usage of a run (`lmai`). */
export interface ScriptUsage {
  stub: boolean;
  tokens: number;
}

/** The answer of `POST /api/lmx/run`: `{ ok, mode, output, value?, error?, usage?, trace?, durationMs }`. */
export interface ScriptResult {
  ok: boolean;
  mode: string;
  output: string[];
  value?: unknown;
  /** The run's error (the first diagnostic when a check found several). */
  error?: ScriptDiagnostic;
  /** Every diagnostic of the error, sorted by position (empty when the run succeeded). */
  diagnostics: ScriptDiagnostic[];
  usage?: ScriptUsage;
  /** Host actions of a host-mode run, in order. */
  trace?: unknown[];
  durationMs: number;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badAnswer(route: string, what: string): ApiError {
  return new ApiError(200, {
    code: 'CONSOLE_BAD_ANSWER',
    message: `${route} answered without ${what}; is the server newer or older than this console?`,
  });
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Reads `GET /api/lmx/interpreters` (`{ timeMs, interpreters: [{ id, title, purpose, hostMode, available, code?, reason? }] }`).
 *
 * @example
 * readCatalogue({ timeMs: 5000, interpreters: [{ id: 'lmx', title: 'General', purpose: '…', hostMode: false, available: true }] });
 */
export function readCatalogue(body: unknown): Catalogue {
  const route = 'GET /api/lmx/interpreters';
  if (!isObject(body) || !Array.isArray(body.interpreters)) throw badAnswer(route, 'its interpreters');
  const interpreters = body.interpreters.map((entry): Interpreter => {
    const id = isObject(entry) ? text(entry.id) : undefined;
    if (!isObject(entry) || !id || typeof entry.available !== 'boolean')
      throw badAnswer(route, 'an id and availability for every interpreter');
    const code = text(entry.code);
    const reason = text(entry.reason);
    return {
      id,
      title: text(entry.title) ?? id,
      purpose: text(entry.purpose) ?? '',
      hostMode: entry.hostMode === true,
      available: entry.available,
      ...(code ? { code } : {}),
      ...(reason ? { reason } : {}),
    };
  });
  return { timeMs: count(body.timeMs) ?? 0, interpreters };
}

/** Reads `GET /api/lmx/demos` (`{ demos: [{ id, mode, title, description, source, input? }] }`). */
export function readDemos(body: unknown): Demo[] {
  const route = 'GET /api/lmx/demos';
  if (!isObject(body) || !Array.isArray(body.demos)) throw badAnswer(route, 'its demos');
  return body.demos.map((entry): Demo => {
    if (!isObject(entry)) throw badAnswer(route, 'a demo object');
    const id = text(entry.id);
    const mode = text(entry.mode);
    const source = text(entry.source);
    if (!id || !mode || source === undefined) throw badAnswer(route, 'an id, mode and source for every demo');
    return {
      id,
      mode,
      title: text(entry.title) ?? id,
      description: text(entry.description) ?? '',
      source,
      ...(entry.input !== undefined ? { input: entry.input } : {}),
    };
  });
}

function readDiagnostic(value: unknown): ScriptDiagnostic | undefined {
  if (!isObject(value)) return undefined;
  const code = text(value.code);
  const message = text(value.message);
  const line = count(value.line);
  const column = count(value.column);
  if (!code || message === undefined || line === undefined || column === undefined) return undefined;
  const endLine = count(value.endLine);
  const endColumn = count(value.endColumn);
  return {
    code,
    message,
    line,
    column,
    ...(endLine !== undefined ? { endLine } : {}),
    ...(endColumn !== undefined ? { endColumn } : {}),
  };
}

/** The error's diagnostics (which repeat the error first), or the error alone; sorted by position, without repeats. */
function readDiagnostics(error: Json): ScriptDiagnostic[] {
  const listed = Array.isArray(error.diagnostics) ? error.diagnostics : [];
  const seen = new Set<string>();
  const diagnostics: ScriptDiagnostic[] = [];
  for (const item of [error, ...listed]) {
    const diagnostic = readDiagnostic(item);
    if (!diagnostic) continue;
    const key = `${diagnostic.code}:${diagnostic.line}:${diagnostic.column}:${diagnostic.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push(diagnostic);
  }
  return diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * Reads a run's answer (`POST /api/lmx/run`, 200). A script's own failure is a result
 * (`ok: false`) whose `error` carries the position and, when a check found several problems,
 * `error.diagnostics`.
 */
export function readRunResult(body: unknown): ScriptResult {
  const route = 'POST /api/lmx/run';
  if (!isObject(body) || typeof body.ok !== 'boolean' || !Array.isArray(body.output))
    throw badAnswer(route, 'ok and output');
  const error = isObject(body.error) ? body.error : undefined;
  const first = error ? readDiagnostic(error) : undefined;
  const usage = isObject(body.usage) ? body.usage : undefined;
  return {
    ok: body.ok,
    mode: text(body.mode) ?? '',
    output: body.output.map(String),
    ...('value' in body && body.value !== undefined ? { value: body.value } : {}),
    ...(first ? { error: first } : {}),
    diagnostics: error ? readDiagnostics(error) : [],
    ...(usage ? { usage: { stub: usage.stub === true, tokens: count(usage.tokens) ?? 0 } } : {}),
    ...(Array.isArray(body.trace) ? { trace: body.trace } : {}),
    durationMs: count(body.durationMs) ?? 0,
  };
}

/** True when this server has no script engine (the routes answer the API's JSON 404). */
export function isEngineMissing(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.code === 'SERVER_NOT_FOUND';
}
