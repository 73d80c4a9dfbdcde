import type { RequestUser } from '@svc/gate';
import { BridgeError, type JsonValue, type ToolsBridge } from '@svc/lmx-interpreters';
import { summarizePolicy } from '../../capabilities/capability-policy.js';
import type { CapabilityRegistry } from '../../capabilities/capability-registry.js';
import type { Capability, CapabilityTraceEvent, Plane } from '../../capabilities/capability-types.js';
import { createCallBudget } from './call-budget.js';
import { PLANE_DESCRIPTIONS, rankTools } from './tool-ranking.js';

/** `lma`'s budget: tool calls and seconds per run. */
export const LMA_MAX_CALLS = 50;
export const LMA_WINDOW_MS = 30_000;

/** One tool use as `TRACE` and the run's `trace` show it. */
export interface ToolUseRecord {
  tool: string;
  ok: boolean;
  provider: string;
  durationMs: number;
  charged: number;
  code?: string;
}

/** What the tools bridge of one run needs. */
export interface ToolsBridgeDeps {
  registry: CapabilityRegistry;
  user: RequestUser;
  /** The meter's price of a `tool:` target (0 when free). */
  priceOf(resource: string): Promise<number>;
  now?: () => number;
}

/** Who serves a capability when it names no providers: the install's own system. */
export function builtInProvider(capability: Capability): string {
  return `svc/${capability.id.slice(0, capability.id.lastIndexOf('.'))}`;
}

/**
 * The `tools` bridge of one `lma` run, for one user: `planes` and `discover` over what the
 * user may use (registered capabilities and the caller's functions, integrations and MCP tools), `describe` (schema, policy, price), and `use` through `registry.invoke` on the
 * `lma` surface, which charges the `tool:` target (refunded when the use fails on the
 * server's side). 50 uses in 30 s, then `E_LIMIT_CALLS` / `E_LIMIT_TIME`. A failed use is an
 * answer (`ok: false` with the error), not a failed run.
 *
 * @example
 * const { bridge, uses } = createServerToolsBridge({ registry, user, priceOf });
 */
export function createServerToolsBridge(deps: ToolsBridgeDeps): {
  bridge: ToolsBridge;
  uses: ToolUseRecord[];
} {
  const { registry, user } = deps;
  const now = deps.now ?? Date.now;
  const budget = createCallBudget({ what: 'tool', calls: LMA_MAX_CALLS, windowMs: LMA_WINDOW_MS, now });
  const uses: ToolUseRecord[] = [];
  // A tool is named by its id or, as grid action cells do (`action:dream`), its MCP name;
  // stored functions, integrations and remote MCP tools resolve per caller.
  const resolve = async (name: string): Promise<Capability | undefined> =>
    (await registry.resolve(name, user)) ?? (await registry.resolveByMcpName(name, user));
  const bridge: ToolsBridge = {
    async planes() {
      const usable = await registry.listAvailable(user);
      return (Object.keys(PLANE_DESCRIPTIONS) as Plane[]).map((plane) => ({
        plane,
        count: usable.filter((capability) => capability.plane === plane).length,
        description: PLANE_DESCRIPTIONS[plane],
      }));
    },
    async discover({ query }) {
      if (typeof query !== 'string' || query.trim() === '')
        throw new BridgeError('DISCOVER needs some words to look for');
      return rankTools(await registry.listAvailable(user), query) as unknown as JsonValue;
    },
    async describe({ name }) {
      const capability = typeof name === 'string' ? await resolve(name) : undefined;
      if (!capability) throw new BridgeError(`no tool "${String(name)}" here (DISCOVER finds tools)`);
      // A delegate is charged on its target's meter: that is its price.
      const meter = capability.policy.meter ?? capability.delegate?.meter;
      const answer = {
        id: capability.id,
        plane: capability.plane,
        title: capability.title,
        description: capability.description,
        input: capability.input,
        policy: summarizePolicy(capability.policy),
        price: meter === undefined ? 0 : await deps.priceOf(meter),
        ...(capability.delegate === undefined ? {} : { delegatesTo: capability.delegate.target }),
        allowed: (await registry.listAvailable(user)).some((entry) => entry.id === capability.id),
        providers: capability.providers?.() ?? [
          { provider: builtInProvider(capability), kind: 'built-in', available: true },
        ],
      };
      return JSON.parse(JSON.stringify(answer)) as JsonValue;
    },
    async use({ name, args }, options) {
      budget.take();
      const started = now();
      let provider: string | undefined;
      const trace = (event: CapabilityTraceEvent): void => {
        if (event.type === 'provider' && typeof event.provider === 'string') provider = event.provider;
      };
      const id = (await resolve(String(name)))?.id ?? String(name);
      const outcome = await registry.invoke(id, args ?? {}, {
        user,
        surface: 'lma',
        signal: budget.signalFor(options.signal),
        trace,
      });
      const record: ToolUseRecord = {
        tool: id,
        ok: outcome.ok,
        // Who served it: the provider the capability reported, else the install itself when it
        // ran; `none` when it was refused before anything served it.
        provider: provider ?? (outcome.ok ? builtInProvider(outcome.capability) : 'none'),
        durationMs: Math.max(0, now() - started),
        charged: outcome.charged ?? 0,
        ...(outcome.ok ? {} : { code: outcome.error.code }),
      };
      uses.push(record);
      const answer = outcome.ok
        ? { ...record, result: outcome.result }
        : { ...record, error: { code: outcome.error.code, message: outcome.error.message } };
      return JSON.parse(JSON.stringify(answer)) as JsonValue;
    },
  };
  return { bridge, uses };
}
