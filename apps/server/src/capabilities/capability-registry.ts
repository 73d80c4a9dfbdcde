import type { RequestUser } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import { type ArgsValidator, compileArgsValidator, compileCachedArgsValidator } from './args-validator.js';
import { type CapabilityMeter, FREE_METER } from './capability-meter.js';
import { type CapabilityObserver, observeUse } from './capability-observer.js';
import { isPermitted, type PolicyEnvironment } from './capability-policy.js';
import type { CapabilitySource } from './capability-source.js';
import type { Capability } from './capability-types.js';
import { type ConcurrencyLimiter, createConcurrencyLimiter } from './concurrency-limiter.js';
import { type InvokeOptions, type InvokeOutcome, invokeCapability } from './invoke-capability.js';
import { createRateLimiter, type RateLimiter } from './rate-limiter.js';
import { mcpNameOf, toToolName } from './tool-definitions.js';
import { sharedUserSchemas, type UserSchemas } from './user-schemas.js';

/** What {@link createCapabilityRegistry} needs. */
export interface CapabilityRegistryOptions {
  policy: PolicyEnvironment;
  log: FastifyBaseLogger;
  meter?: CapabilityMeter;
  /** The clock of rate-limit windows and deadlines (epoch milliseconds). */
  now?: () => number;
  /** Shared with area routes doing the same heavy work (the dreamer's run routes). */
  concurrency?: ConcurrencyLimiter;
  rateLimiter?: RateLimiter;
  /** Checks the arguments of capabilities from sources (user-supplied schemas) off the main thread; the process's shared one by default. */
  userSchemas?: UserSchemas;
}

/** Every capability of this install, and the one way to run them. */
export interface CapabilityRegistry {
  /**
   * Adds a capability; throws a TypeError on a bad or taken id, MCP name or function-calling
   * name, or an input schema that is not `type: 'object'` (or does not compile).
   */
  register(capability: Capability): void;
  /** The capability with this exact id, or undefined. */
  get(id: string): Capability | undefined;
  /** The capability an MCP tool name stands for (its `mcpName`, else its id). */
  getByMcpName(name: string): Capability | undefined;
  /** Every capability, sorted by id. */
  list(): Capability[];
  /** What `user` may use (the policy passes), sorted by id. */
  listFor(user: RequestUser | null): Capability[];
  /** Runs a capability: lookup, policy, arguments, limits, meter, run, refund; errors as data. */
  invoke<Result = unknown>(id: string, args: unknown, options: InvokeOptions): Promise<InvokeOutcome<Result>>;
  /** The per-user concurrency limiter (area routes doing the same work share it). */
  readonly concurrency: ConcurrencyLimiter;
  /** Where sources check the schemas they read (stored functions, remote tools): off the main thread, cached by content. */
  readonly userSchemas: UserSchemas;
  /**
   * Adds a source of capabilities resolved per caller (stored functions, integrations, remote
   * MCP tools) under its own id prefix; throws a TypeError when the prefix is taken.
   */
  addSource(source: CapabilitySource): void;
  /** What `user` may use, registered and from every source, sorted by id; a failing source adds nothing. */
  listAvailable(user: RequestUser | null): Promise<Capability[]>;
  /** The capability `id` for `user`: registered, else from the source owning its prefix. */
  resolve(id: string, user: RequestUser | null): Promise<Capability | undefined>;
  /** The capability an MCP tool name stands for, for `user`: registered, else from a source (by id). */
  resolveByMcpName(name: string, user: RequestUser | null): Promise<Capability | undefined>;
  /** Adds an observer of every `invoke` (metrics, tracing); see {@link CapabilityObserver}. */
  addObserver(observer: CapabilityObserver): void;
}

const CAPABILITY_ID = /^[a-z][a-z0-9-]{0,63}(\.[A-Za-z][A-Za-z0-9_-]{0,63})+$/;
const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * Creates the capability registry. Areas build `Capability` objects and `register` them;
 * surfaces only translate to and from {@link CapabilityRegistry.invoke}.
 *
 * @example
 * const registry = createCapabilityRegistry({ policy: { access: gate.access, hostEnabled: false }, log });
 * registry.register(generatePageCapability);
 * const outcome = await registry.invoke('activity-pages.generatePage', { kind: 'maze' }, { user: null, surface: 'internal' });
 */
export function createCapabilityRegistry(options: CapabilityRegistryOptions): CapabilityRegistry {
  const byId = new Map<string, { capability: Capability; validate: ArgsValidator }>();
  const byMcpName = new Map<string, Capability>();
  const toolNames = new Set<string>();
  const now = options.now ?? Date.now;
  const concurrency = options.concurrency ?? createConcurrencyLimiter();
  const sources: CapabilitySource[] = [];
  const observers: CapabilityObserver[] = [];
  // Bounded: an unknown id a caller made up is `unknown`, never its own label.
  const labelOf = (id: string): string => {
    if (byId.has(id)) return id;
    const source = sourceOf(id);
    return source === undefined ? 'unknown' : `${source.prefix}*`;
  };
  const userSchemas = options.userSchemas ?? sharedUserSchemas();
  const sourceOf = (id: string) => sources.find((source) => id.startsWith(source.prefix));
  const resolveFromSource = async (id: string, user: RequestUser | null) => {
    const source = sourceOf(id);
    if (source === undefined) return undefined;
    if (source.resolve) return source.resolve(id, user);
    return (await source.list(user)).find((capability) => capability.id === id);
  };
  const deps = {
    policy: options.policy,
    meter: options.meter ?? FREE_METER,
    log: options.log,
    now,
    concurrency,
    rateLimiter: options.rateLimiter ?? createRateLimiter(now),
    lookup: (id: string) => byId.get(id),
    ids: () => [...byId.keys()],
    resolve: async (id: string, user: RequestUser | null) => {
      const capability = await resolveFromSource(id, user);
      if (capability === undefined) return undefined;
      const validate = sourceOf(id)?.outsideSchemas
        ? userSchemas.validatorFor(capability.id, capability.input)
        : compileCachedArgsValidator(capability.id, capability.input);
      return { capability, validate };
    },
  };
  const sorted = (): Capability[] =>
    [...byId.values()].map(({ capability }) => capability).sort((a, b) => (a.id < b.id ? -1 : 1));

  return {
    register(capability) {
      if (!CAPABILITY_ID.test(capability.id)) throw new TypeError(`Bad capability id "${capability.id}".`);
      if (byId.has(capability.id)) throw new TypeError(`Capability ${capability.id} is already registered.`);
      const mcpName = mcpNameOf(capability);
      if (!MCP_NAME.test(mcpName)) throw new TypeError(`Bad MCP name "${mcpName}" of ${capability.id}.`);
      if (byMcpName.has(mcpName)) throw new TypeError(`MCP name ${mcpName} is already taken.`);
      const toolName = toToolName(capability);
      if (toolNames.has(toolName)) throw new TypeError(`Tool name ${toolName} is already taken.`);
      if (capability.input.type !== 'object') {
        throw new TypeError(`The input schema of ${capability.id} must have type "object".`);
      }
      byId.set(capability.id, {
        capability,
        validate: compileArgsValidator(capability.id, capability.input),
      });
      byMcpName.set(mcpName, capability);
      toolNames.add(toolName);
    },
    get: (id) => byId.get(id)?.capability,
    getByMcpName: (name) => byMcpName.get(name),
    list: sorted,
    listFor: (user) => sorted().filter((capability) => isPermitted(capability, user, options.policy)),
    invoke: (id, args, invokeOptions) =>
      observers.length === 0
        ? invokeCapability(deps, id, args, invokeOptions)
        : observeUse(observers, { id, label: labelOf(id), surface: invokeOptions.surface }, () =>
            invokeCapability(deps, id, args, invokeOptions),
          ),
    addObserver(observer) {
      observers.push(observer);
    },
    concurrency,
    userSchemas,
    addSource(source) {
      if (!source.prefix.endsWith('.') || sources.some((other) => other.prefix === source.prefix)) {
        throw new TypeError(`Bad or taken capability source prefix "${source.prefix}".`);
      }
      sources.push(source);
    },
    async listAvailable(user) {
      const lists = await Promise.all(
        sources.map((source) =>
          source.list(user).catch((error: unknown) => {
            options.log.warn({ err: error, source: source.prefix }, 'capability source failed to list');
            return [];
          }),
        ),
      );
      const dynamic = lists.flat().filter((capability) => isPermitted(capability, user, options.policy));
      return [
        ...sorted().filter((capability) => isPermitted(capability, user, options.policy)),
        ...dynamic,
      ].sort((a, b) => (a.id < b.id ? -1 : 1));
    },
    resolve: async (id, user) => byId.get(id)?.capability ?? resolveFromSource(id, user),
    resolveByMcpName: async (name, user) => byMcpName.get(name) ?? resolveFromSource(name, user),
  };
}
