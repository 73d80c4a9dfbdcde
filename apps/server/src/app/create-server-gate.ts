import {
  type Clock,
  createGate,
  type DataEvents,
  type Gate,
  type GateDatabase,
  type IdentityInvalidations,
  type LoginThrottle,
  type Mailer,
  type Payments,
  type SessionTokens,
} from '@svc/gate';
import type { Kysely } from 'kysely';
import { AUTOMATION_COLLECTION, MAX_AUTOMATIONS_PER_USER } from '../automations/automation-definition.js';
import { AUTOMATION_RUN_COLLECTION } from '../automations/automation-runs.js';
import type { ServerConfig } from '../config/server-config.js';
import { RUN_COLLECTION } from '../dreamer/kysely-run-store.js';

/**
 * The gate over the server's database, configured from `ServerConfig`: the API-key pepper,
 * verification link, password cost, identity cache, plans and the payment processor, the
 * collections only the server writes (the dreamer's and the automations' run records) and the
 * per-user count limit of automations. Session tokens are `sessionTokens` (`@fastify/jwt`,
 * signing with `JWT_SECRET`). Data events go to `dataEvents` (the areas subscribe to its hub).
 *
 * @example
 * const sessionTokens = await registerSessionTokens(app, { secret: config.jwtSecret });
 * const gate = createServerGate({ config, db: database.db, mailer, payments, dataEvents, sessionTokens });
 */
export function createServerGate(input: {
  config: ServerConfig;
  db: Kysely<GateDatabase>;
  mailer: Mailer;
  /** The payment processor, when `PAY_SECRET_KEY` is set: the gate's membership service uses it. */
  payments: Payments | undefined;
  clock?: Clock | undefined;
  dataEvents: DataEvents;
  /** The session tokens the gate signs and verifies: `registerSessionTokens` (`@fastify/jwt`). */
  sessionTokens: SessionTokens;
  /** Failed sign-ins per account, shared by every instance (the Redis one); in memory when absent. */
  loginThrottle?: LoginThrottle | undefined;
  /** Identity-cache invalidations shared with the other instances (the broadcast). */
  invalidations?: IdentityInvalidations;
}): Gate {
  const { config } = input;
  return createGate({
    db: input.db,
    mailer: input.mailer,
    ...(input.clock ? { clock: input.clock } : {}),
    sessionTokens: input.sessionTokens,
    config: {
      apiKeyPepper: config.apiKeyPepper,
      autoVerify: config.autoVerify,
      verifyUrl: `${config.publicUrl}/auth/verify`,
      passwordCost: config.passwordCost,
      identityCacheMs: config.identityCacheMs,
      passwordResetTtlMs: config.passwordResetTtlMs,
      passwordResetUrl: `${config.publicUrl}/reset-password`,
      serverWrittenCollections: [RUN_COLLECTION, AUTOMATION_RUN_COLLECTION],
      maxDocumentsPerOwner: { [AUTOMATION_COLLECTION]: MAX_AUTOMATIONS_PER_USER },
    },
    ...(config.payments ? { plans: config.payments.catalogue } : {}),
    ...(input.payments ? { payments: input.payments } : {}),
    dataEvents: input.dataEvents,
    ...(input.loginThrottle ? { loginThrottle: input.loginThrottle } : {}),
    ...(input.invalidations ? { invalidations: input.invalidations } : {}),
    ...(config.passkeys ? { passkeyRelyingParty: config.passkeys } : {}),
  });
}
