import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import type { WalletService } from '../wallet/wallet-service.js';
import { findMeterRule } from './meter-rules.js';

/** What one metered use cost; hand it back to {@link Meter.refund} if the operation failed. */
export interface MeterCharge {
  userId: string;
  resource: string;
  /** Tokens taken; 0 when no rule prices the resource. */
  charged: number;
  ruleId?: string;
  /** The spend's ledger entry id; absent for a free use. */
  chargeId?: string;
  /** True when the idempotency key had already paid for this use. */
  replayed: boolean;
}

/** Per-use pricing over the wallet, with rules from the `meter_rules` collection. */
export interface Meter {
  /**
   * Charges `user` for one use of `resource` before it runs: 402 `GATE_INSUFFICIENT_BALANCE`
   * when short. Any storage failure throws (fails closed): an operation never runs unpriced.
   */
  charge(input: { user: { id: string }; resource: string; idempotencyKey?: string }): Promise<MeterCharge>;
  /** Returns a charge's tokens with a compensating `refund` entry; once per charge, however often called. */
  refund(charge: MeterCharge): Promise<void>;
}

/**
 * Creates the meter. `charge` looks up the resource's rule and spends its cost from the
 * caller's wallet under the idempotency key (a fresh one when none is given).
 *
 * @example
 * const meter = createMeter({ db, wallet });
 * const charge = await meter.charge({ user, resource: 'tool:spec.validate' });
 * try { await run(); } catch (error) { await meter.refund(charge); throw error; }
 */
export function createMeter(deps: { db: Kysely<GateDatabase>; wallet: WalletService }): Meter {
  const { db, wallet } = deps;
  return {
    async charge({ user, resource, idempotencyKey }) {
      const rule = await findMeterRule(db, resource);
      if (!rule || rule.cost === 0) {
        return {
          userId: user.id,
          resource,
          charged: 0,
          ...(rule ? { ruleId: rule.id } : {}),
          replayed: false,
        };
      }
      const spent = await wallet.spend({
        userId: user.id,
        amount: rule.cost,
        reason: `meter:${resource}`,
        idempotencyKey: idempotencyKey ?? `meter:${randomUUID()}`,
      });
      return {
        userId: user.id,
        resource,
        charged: rule.cost,
        ruleId: rule.id,
        chargeId: spent.entry.id,
        replayed: spent.replayed,
      };
    },
    async refund(charge) {
      if (charge.charged === 0 || charge.chargeId === undefined) return;
      await wallet.refund({
        userId: charge.userId,
        amount: charge.charged,
        reason: `refund:${charge.resource}`,
        idempotencyKey: `refund:${charge.chargeId}`,
      });
    },
  };
}
