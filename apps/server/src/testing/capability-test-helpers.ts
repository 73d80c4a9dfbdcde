import { createAccessControl, DEFAULT_ROLE_PERMISSIONS, type MeterCharge, type RequestUser } from '@svc/gate';
import { createManualClock, type ManualClock } from '@svc/gate/testing';
import type { FastifyBaseLogger } from 'fastify';
import type { CapabilityMeter } from '../capabilities/capability-meter.js';
import { type CapabilityRegistry, createCapabilityRegistry } from '../capabilities/capability-registry.js';

export const access = createAccessControl(DEFAULT_ROLE_PERMISSIONS);

/** A request user with `roles` and membership `features`, as the gate would build it. */
export function userWith(id: string, roles: string[], features: string[] = []): RequestUser {
  const user = access.toRequestUser(
    { id, email: `${id}@example.test`, roles, emailVerified: true, createdAt: 0 },
    'session',
    `session-${id}`,
  );
  return { ...user, membership: { ...user.membership, features } };
}

/** An in-memory meter (the registry's port): prices by resource, a ledger of charges and refunds. */
export function createMemoryMeter(prices: Record<string, number> = {}) {
  const ledger: { kind: 'charge' | 'refund'; resource: string; userId: string; amount: number }[] = [];
  let next = 0;
  const meter: CapabilityMeter = {
    async charge({ user, resource }): Promise<MeterCharge> {
      const cost = prices[resource] ?? 0;
      if (cost > 0) ledger.push({ kind: 'charge', resource, userId: user.id, amount: cost });
      next += 1;
      return { userId: user.id, resource, charged: cost, chargeId: `c${next}`, replayed: false };
    },
    async refund(charge) {
      if (charge.charged > 0) {
        ledger.push({
          kind: 'refund',
          resource: charge.resource,
          userId: charge.userId,
          amount: charge.charged,
        });
      }
    },
    isPriced: async (resource) => (prices[resource] ?? 0) > 0,
  };
  return { meter, ledger };
}

/** A logger that keeps error lines (internal failures must be logged, never answered). */
export function createRecordingLog(): FastifyBaseLogger & { errors: unknown[] } {
  const errors: unknown[] = [];
  const noop = () => undefined;
  const log = {
    errors,
    level: 'info',
    fatal: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    error: (...args: unknown[]) => errors.push(args),
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger & { errors: unknown[] };
}

/** A registry on a manual clock with an in-memory meter. */
export function createTestRegistry(prices: Record<string, number> = {}): {
  registry: CapabilityRegistry;
  clock: ManualClock;
  ledger: ReturnType<typeof createMemoryMeter>['ledger'];
  log: ReturnType<typeof createRecordingLog>;
} {
  const clock = createManualClock(1_000_000);
  const { meter, ledger } = createMemoryMeter(prices);
  const log = createRecordingLog();
  const registry = createCapabilityRegistry({
    policy: { access, hostEnabled: false },
    meter,
    now: () => clock.now(),
    log,
  });
  return { registry, clock, ledger, log };
}
