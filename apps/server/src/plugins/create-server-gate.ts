import {
  type Clock,
  createGate,
  type DataEvents,
  type Gate,
  type GateDatabase,
  type Mailer,
  type Payments,
} from '@svc/gate';
import type { Kysely } from 'kysely';
import { AUTOMATION_COLLECTION, MAX_AUTOMATIONS_PER_USER } from '../automations/automation-definition.js';
import { AUTOMATION_RUN_COLLECTION } from '../automations/automation-runs.js';
import type { ServerConfig } from '../config.js';
import { RUN_COLLECTION } from '../dreamer/kysely-run-store.js';

/**
 * The gate over the server's database, configured from `ServerConfig`: secrets, verification
 * link, password cost, identity cache, plans and the payment processor, the collections only the server writes (the
 * dreamer's and the automations' run records) and the per-user count limit of automations. Data events go to `dataEvents` (the areas subscribe to its hub).
 *
 * @example
 * const gate = createServerGate({ config, db: database.db, mailer, payments, dataEvents });
 */
export function createServerGate(input: {
  config: ServerConfig;
  db: Kysely<GateDatabase>;
  mailer: Mailer;
  /** The payment processor, when `PAY_SECRET_KEY` is set: the gate's membership service uses it. */
  payments: Payments | undefined;
  clock?: Clock | undefined;
  dataEvents: DataEvents;
}): Gate {
  const { config } = input;
  return createGate({
    db: input.db,
    mailer: input.mailer,
    ...(input.clock ? { clock: input.clock } : {}),
    config: {
      jwtSecret: config.jwtSecret,
      apiKeyPepper: config.apiKeyPepper,
      autoVerify: config.autoVerify,
      verifyUrl: `${config.publicUrl}/auth/verify`,
      passwordCost: config.passwordCost,
      identityCacheMs: config.identityCacheMs,
      serverWrittenCollections: [RUN_COLLECTION, AUTOMATION_RUN_COLLECTION],
      maxDocumentsPerOwner: { [AUTOMATION_COLLECTION]: MAX_AUTOMATIONS_PER_USER },
    },
    ...(config.payments ? { plans: config.payments.catalogue } : {}),
    ...(input.payments ? { payments: input.payments } : {}),
    dataEvents: input.dataEvents,
  });
}
