import type { RunResult } from '../run-result.js';
import { createScriptRunner, type ScriptRunner, type ScriptRunRequest } from './script-runner.js';

let shared: ScriptRunner | undefined;

/**
 * Runs one script in the shared sandbox pool (created on first use with the default
 * options; its idle workers do not keep the process alive). For your own pool size,
 * limits or lifetime, use {@link createScriptRunner}.
 *
 * @example
 * ```ts
 * const result = await runScript({ mode: 'lmy', source: 'price: 12.5\nqty: 3\ntotal: price * qty' });
 * result.output; // ['price: 12.5', 'qty: 3', 'total: 37.5']
 * ```
 */
export function runScript(request: ScriptRunRequest): Promise<RunResult> {
  shared ??= createScriptRunner();
  return shared.run(request);
}

/**
 * Terminates the shared pool of {@link runScript} (a later call starts a new one).
 *
 * @example
 * ```ts
 * await closeSharedRunner();
 * ```
 */
export async function closeSharedRunner(): Promise<void> {
  const runner = shared;
  shared = undefined;
  await runner?.close();
}
