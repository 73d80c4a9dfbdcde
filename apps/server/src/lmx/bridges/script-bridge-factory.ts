import type { DataService, RequestUser } from '@svc/gate';
import type { BridgeName, JsonValue, RunUsage, ScriptBridges } from '@svc/lmx-interpreters';
import type { CapabilityRegistry } from '../../capabilities/capability-registry.js';
import { createPageLane, type PageLaneOptions } from './page-lane.js';
import { createServerAdaptersBridge } from './server-adapters-bridge.js';
import { createServerAiBridge } from './server-ai-bridge.js';
import { createServerDbBridge } from './server-db-bridge.js';
import { createServerInstallBridge, type EntitlementEngine } from './server-install-bridge.js';
import { createServerToolsBridge } from './server-tools-bridge.js';

/** The server's parts the script bridges are built over (shared; the bridges themselves are per run). */
export interface ScriptBridgeServices {
  registry: CapabilityRegistry;
  /** The gate's data service: the deny list and per-row read checks of `/db`. */
  data: DataService;
  /** The gate's membership plans; absent, `CAN` answers `unknown` where it needs one. */
  entitlements?: EntitlementEngine;
  /** The meter's price of a `tool:` target. */
  priceOf(resource: string): Promise<number>;
  /** Facts `INSTALL` reports (never secrets). */
  facts?: Record<string, JsonValue>;
  /**
   * How `lmq` page reads of all runs share the server: by default one at a time, each followed by
   * a rest as long as it took (reading is main-thread work with the synchronous SQLite driver);
   * a database over the network takes a few at once with no rest.
   */
  pageReads?: PageLaneOptions;
}

/** The bridges of one run and what they saw, for the run's result. */
export interface RunBridges {
  bridges: ScriptBridges;
  /** `trace`: the tool uses in order; `usage`: model calls added up (`stub` when all were the stub). */
  report(): { trace: JsonValue[]; usage?: RunUsage };
}

/** Makes the bridges of one run for one user. */
export type ScriptBridgeFactory = (user: RequestUser) => RunBridges;

/** The bridges the server wires besides `host` (which only admins with host modes get). */
export const SERVER_BRIDGES: readonly BridgeName[] = ['tools', 'install', 'db', 'ai', 'adapters'];

/**
 * The factory `lmx.run` calls once per run with the requesting user: fresh `tools`, `install`,
 * `db`, `ai` and `adapters` bridges, their budgets and records, never cached or shared between
 * runs or users. Only the `lmq` page lane is shared: it orders page reads and holds no data.
 *
 * @example
 * const forUser = createScriptBridgeFactory({ registry, data: gate.data, priceOf });
 * const { bridges, report } = forUser(request.user);
 */
export function createScriptBridgeFactory(services: ScriptBridgeServices): ScriptBridgeFactory {
  // Shared by every run: the page reads of all `lmq` queries take turns in it.
  const lane = createPageLane(services.pageReads ?? { width: 1, rest: 1 });
  return (user) => {
    const { registry, data } = services;
    const tools = createServerToolsBridge({ registry, user, priceOf: services.priceOf });
    const ai = createServerAiBridge({ registry, user });
    return {
      bridges: {
        tools: tools.bridge,
        install: createServerInstallBridge({
          registry,
          data,
          user,
          ...(services.entitlements ? { entitlements: services.entitlements } : {}),
          ...(services.facts ? { facts: services.facts } : {}),
        }),
        db: createServerDbBridge({ data, user, lane }),
        ai: ai.bridge,
        adapters: createServerAdaptersBridge({ registry, user }),
      },
      report() {
        const trace = tools.uses.map((use) => ({ ...use })) as unknown as JsonValue[];
        if (ai.calls.length === 0) return { trace };
        return {
          trace,
          usage: {
            stub: ai.calls.every((call) => call.stub),
            tokens: ai.calls.reduce((sum, call) => sum + call.tokens, 0),
          },
        };
      },
    };
  };
}
