import { type DataService, type FilterValue, isGateError, type RequestUser } from '@svc/gate';
import { BridgeError, type InstallBridge, type JsonValue } from '@svc/lmx-interpreters';
import type { CapabilityRegistry } from '../../capabilities/capability-registry.js';
import type { CapabilityProvider } from '../../capabilities/capability-types.js';
import { builtInProvider } from './server-tools-bridge.js';

/** The membership features an entitlement engine knows (the gate's plan catalogue). */
export interface EntitlementEngine {
  /** Every feature some plan grants. */
  features(): readonly string[];
}

/** What the install bridge of one run needs. */
export interface InstallBridgeDeps {
  registry: CapabilityRegistry;
  data: DataService;
  user: RequestUser;
  /** Absent: no entitlement engine is wired, and `CAN` answers `unknown` for what needs one. */
  entitlements?: EntitlementEngine;
  /** A few facts about the install for `INSTALL` (never secrets). */
  facts?: Record<string, JsonValue>;
}

/** Rows `LIST` answers when it names no limit, and at most. */
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 5000;

/** A gate refusal as the script's message; anything else stays "the install bridge failed". */
export function relayGateError(error: unknown): never {
  if (isGateError(error))
    throw new BridgeError(
      `${error.code}: ${error.message}`,
      error.code === 'GATE_FORBIDDEN' ? 'E_FORBIDDEN' : 'E_BRIDGE_FAILED',
    );
  throw error;
}

/**
 * Three-state `CAN` for `user`: a capability id answers whether its policy lets the user use
 * it (`unknown` when that needs a membership and no entitlement engine is wired); a membership
 * feature answers whether the user's membership grants it (admins hold every feature); with no
 * entitlement engine anything else is `unknown`, and with one a name it does not know is `no`.
 *
 * @example
 * await answerCan({ registry, user, entitlements }, 'intelligence'); // 'no' for a member without it
 */
export async function answerCan(
  deps: Pick<InstallBridgeDeps, 'registry' | 'user' | 'entitlements'>,
  name: string,
): Promise<'yes' | 'no' | 'unknown'> {
  const { registry, user, entitlements } = deps;
  const capability = await registry.resolve(name, user);
  if (capability) {
    if (capability.policy.membership !== undefined && !entitlements) return 'unknown';
    return (await registry.listAvailable(user)).some((entry) => entry.id === capability.id) ? 'yes' : 'no';
  }
  if (!entitlements) return 'unknown';
  if (!entitlements.features().includes(name)) return 'no';
  return user.isAdmin || user.membership.features.includes(name) ? 'yes' : 'no';
}

function toFilters(where: JsonValue | undefined): Record<string, FilterValue> {
  if (where === undefined || where === null) return {};
  if (typeof where !== 'object' || Array.isArray(where))
    throw new BridgeError('LIST … WHERE takes field = value');
  const filters: Record<string, FilterValue> = {};
  for (const [field, value] of Object.entries(where)) {
    if (value !== null && typeof value === 'object')
      throw new BridgeError(`WHERE ${field} compares with one plain value`);
    filters[field] = value as FilterValue;
  }
  return filters;
}

/**
 * The `install` bridge of one `lmi` run, for one user, read-only: nothing reachable through it
 * changes anything. `LIST` reads through the gate's data service (its deny list and per-row
 * read checks: the user's own rows and public ones, every row for an admin).
 *
 * @example
 * const install = createServerInstallBridge({ registry, data: gate.data, user, entitlements });
 */
export function createServerInstallBridge(deps: InstallBridgeDeps): InstallBridge {
  const { registry, data, user } = deps;
  return {
    async describe() {
      const usable = await registry.listAvailable(user);
      // Every registered capability, plus what resolves for this caller (their functions and
      // webhooks, the automation actions, remote tools), so `usable` never exceeds it.
      const known = new Set([...registry.list(), ...usable].map((capability) => capability.id));
      return {
        ...deps.facts,
        capabilities: known.size,
        usable: usable.length,
        entitlements: deps.entitlements ? 'membership plans' : 'none wired',
        you: user.email,
        roles: [...user.roles],
        membership: user.membership.plan ?? 'none',
        features: [...user.membership.features],
      };
    },
    async can({ capability }) {
      if (typeof capability !== 'string' || capability === '')
        throw new BridgeError('CAN needs a capability');
      return answerCan(deps, capability);
    },
    async providers({ capability }) {
      const found = typeof capability === 'string' ? await registry.resolve(capability, user) : undefined;
      if (!found) return [];
      const providers: CapabilityProvider[] = found.providers?.() ?? [
        { provider: builtInProvider(found), kind: 'built-in', available: true },
      ];
      return JSON.parse(JSON.stringify(providers)) as JsonValue;
    },
    async list({ collection, where, limit }) {
      const wanted =
        typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : LIST_DEFAULT_LIMIT;
      if (wanted > LIST_MAX_LIMIT)
        throw new BridgeError(`LIST reads at most ${LIST_MAX_LIMIT} rows`, 'E_LIMIT_ROWS');
      const page = await data
        .list({ user, collection: String(collection), filters: toFilters(where), limit: wanted })
        .catch(relayGateError);
      return JSON.parse(JSON.stringify(page.items)) as JsonValue;
    },
  };
}
