import type { MeterCharge, RequestUser } from '@svc/gate';

/** The meter as the registry uses it (the gate's meter plus a price lookup). */
export interface CapabilityMeter {
  /** Charges `user` one use of `resource`: 402 `GATE_INSUFFICIENT_BALANCE` when short. */
  charge(input: { user: { id: string }; resource: string }): Promise<MeterCharge>;
  /** Gives a charge back (once). */
  refund(charge: MeterCharge): Promise<void>;
  /** True when a `meter_rules` rule prices `resource` above zero (anonymous callers cannot pay it). */
  isPriced(resource: string): Promise<boolean>;
}

/** A meter that prices nothing (tests of the registry alone, installs without a gate). */
export const FREE_METER: CapabilityMeter = {
  charge: async ({ user, resource }: { user: Pick<RequestUser, 'id'>; resource: string }) => ({
    userId: user.id,
    resource,
    charged: 0,
    replayed: false,
  }),
  refund: async () => undefined,
  isPriced: async () => false,
};
