import type { MessagePort } from 'node:worker_threads';
import type { ScriptLimits } from '../core/limits.js';
import type { ScriptErrorCode } from '../diagnostics.js';
import type { BridgeName } from '../ports/bridge-name.js';
import type { RunResult } from '../run-result.js';

/** What a sandbox worker is started with (its `workerData`). */
export interface WorkerSettings {
  /** The nice value the worker thread lowers itself to (0: unchanged). */
  nice: number;
}

/** Host → worker: run one script. */
export interface RunMessage {
  type: 'run';
  id: number;
  mode: string;
  source: string;
  input: unknown;
  limits: ScriptLimits;
  /** Epoch ms at which the run's time is up (bridge waits stop there). */
  deadline: number;
  bridges: BridgeName[];
  /** Bridge calls go through this port; `signal` wakes the blocked worker. */
  bridgePort?: MessagePort;
  signal?: SharedArrayBuffer;
}

/** Worker → host. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'output'; id: number; lines: string[] }
  | { type: 'result'; id: number; result: RunResult };

/** Worker → host over the bridge port. */
export interface BridgeRequest {
  call: number;
  bridge: BridgeName;
  method: string;
  args: unknown;
}

/** Host → worker over the bridge port. */
export type BridgeReply =
  | { call: number; ok: true; value: unknown }
  | { call: number; ok: false; code: ScriptErrorCode; message: string };
