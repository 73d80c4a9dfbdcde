import { type Clock, findMeterRule, type Gate, type GateDatabase } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CapabilityMeter } from './capability-meter.js';
import { type CapabilityRegistry, createCapabilityRegistry } from './capability-registry.js';
import type { ConcurrencyLimiter } from './concurrency-limiter.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * The registry's meter over the gate: charges and refunds through `gate.meter`, prices read
 * from the `meter_rules` collection.
 *
 * @example
 * createCapabilityRegistry({ policy, log, meter: createGateCapabilityMeter(gate, database.db) });
 */
export function createGateCapabilityMeter(gate: Gate, db: Kysely<GateDatabase>): CapabilityMeter {
  return {
    charge: (input) => gate.meter.charge(input),
    refund: (charge) => gate.meter.refund(charge),
    isPriced: async (resource) => ((await findMeterRule(db, resource))?.cost ?? 0) > 0,
  };
}

/**
 * The server's registry: the gate's access control for policies (no host flag yet), the gate's
 * meter for `tool:` targets, the server's clock for rate-limit windows and deadlines.
 *
 * @example
 * const capabilities = createGateCapabilityRegistry({ gate, db, clock, log: app.log, concurrency });
 * capabilities.register(generatePageCapability);
 */
export function createGateCapabilityRegistry(options: {
  gate: Gate;
  db: Kysely<GateDatabase>;
  clock: Clock;
  log: FastifyBaseLogger;
  concurrency: ConcurrencyLimiter;
  /** The capability rate limiter; in memory on the server's clock by default (Redis-backed when `SVC_REDIS_URL` is set). */
  rateLimiter?: RateLimiter;
  /** Host modes are enabled (`SVC_LMX_HOST_MODES`): capabilities with `policy.host` may run for admins. */
  hostEnabled?: boolean;
}): CapabilityRegistry {
  const { gate, clock } = options;
  return createCapabilityRegistry({
    policy: { access: gate.access, hostEnabled: options.hostEnabled ?? false },
    meter: createGateCapabilityMeter(gate, options.db),
    now: () => clock.now(),
    log: options.log,
    concurrency: options.concurrency,
    rateLimiter: options.rateLimiter,
  });
}
