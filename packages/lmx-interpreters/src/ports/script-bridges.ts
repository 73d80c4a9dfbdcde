import type { ScriptErrorCode } from '../diagnostics.js';
import type { AdaptersBridge } from './adapters-bridge.js';
import type { AiBridge } from './ai-bridge.js';
import type { BridgeName } from './bridge-name.js';
import type { DbBridge } from './db-bridge.js';
import type { HostBridge } from './host-bridge.js';
import type { InstallBridge } from './install-bridge.js';
import type { ToolsBridge } from './tools-bridge.js';

/** The bridges one run may reach; absent ones make the calls that need them refuse. */
export interface ScriptBridges {
  tools?: ToolsBridge;
  install?: InstallBridge;
  db?: DbBridge;
  ai?: AiBridge;
  adapters?: AdaptersBridge;
  /** Only for an admin with host modes enabled (`lms`, `lmk`, `lmd`, `lmnet`). */
  host?: HostBridge;
}

/**
 * The methods a script may reach on each bridge. The host calls nothing else, so a
 * script cannot name `constructor` or any other property of the bridge object.
 */
export const BRIDGE_METHODS: Readonly<Record<BridgeName, readonly string[]>> = {
  tools: ['planes', 'discover', 'describe', 'use'],
  install: ['describe', 'can', 'providers', 'list'],
  db: ['query'],
  ai: ['ask'],
  adapters: ['call'],
  host: ['run', 'windows', 'focus', 'screenshot', 'type', 'key', 'pointer', 'http', 'dns', 'port'],
};

/** The codes a bridge may end a run with besides `E_BRIDGE_FAILED`: its own limits and refusals. */
export type BridgeErrorCode = Extract<
  ScriptErrorCode,
  'E_BRIDGE_FAILED' | 'E_LIMIT_CALLS' | 'E_LIMIT_TIME' | 'E_LIMIT_ROWS' | 'E_LIMIT_BYTES' | 'E_FORBIDDEN'
>;

/**
 * A bridge failure whose message is meant for the script. Any other error a bridge throws
 * reaches the script only as "the <name> bridge failed", so host details never leak. The
 * code is `E_BRIDGE_FAILED` unless the bridge names one of {@link BridgeErrorCode} (a
 * bridge's own call budget is `E_LIMIT_CALLS`, say).
 *
 * @example
 * ```ts
 * throw new BridgeError('no adapter "pages.nope"');
 * throw new BridgeError('more than 20 model calls in one run', 'E_LIMIT_CALLS');
 * ```
 */
export class BridgeError extends Error {
  readonly code: BridgeErrorCode;
  constructor(message: string, code: BridgeErrorCode = 'E_BRIDGE_FAILED') {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
  }
}
