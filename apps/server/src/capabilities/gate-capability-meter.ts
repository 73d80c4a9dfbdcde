import { findMeterRule, type Gate, type GateDatabase } from '@svc/gate';
import type { Kysely } from 'kysely';
import type { CapabilityMeter } from './capability-meter.js';

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
