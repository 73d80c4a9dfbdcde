import type { Kysely } from 'kysely';
import { type AccessControl, createAccessControl, DEFAULT_ROLE_PERMISSIONS } from './access/access-control.js';
import { type AuthService, createAuthService } from './auth/auth-service.js';
import { createDataService, type DataService } from './data/data-service.js';
import type { GateDatabase } from './db/schema.js';
import { createKeyService, type KeyService } from './keys/key-service.js';
import type { Clock } from './ports/clock.js';
import { systemClock } from './ports/clock.js';
import type { Mailer } from './ports/mailer.js';
import type { GateConfig, GateDeps, RequestUser } from './types.js';

/** Options of {@link createGate}. */
export interface CreateGateOptions {
  db: Kysely<GateDatabase>;
  mailer: Mailer;
  clock?: Clock;
  config: GateConfig;
}

/** The access gate: one object per server, its services sharing one database and clock. */
export interface Gate {
  auth: AuthService;
  keys: KeyService;
  access: AccessControl;
  data: DataService;
  /**
   * Resolves the credentials on a request to its user: a session token (from the cookie) or an
   * API key (`Authorization: Bearer svc_…` or `x-api-key`). Null when absent or not valid.
   */
  identify(credentials: { sessionToken?: string | undefined; apiKey?: string | undefined }): Promise<RequestUser | null>;
}

const DAY = 24 * 60 * 60 * 1000;

/** Fills the defaults of a gate configuration. */
export function resolveGateConfig(config: GateConfig): Required<GateConfig> {
  return {
    jwtSecret: config.jwtSecret,
    apiKeyPepper: config.apiKeyPepper,
    autoVerify: config.autoVerify ?? false,
    sessionTtlMs: config.sessionTtlMs ?? 7 * DAY,
    verificationTtlMs: config.verificationTtlMs ?? DAY,
    verifyUrl: config.verifyUrl ?? 'http://localhost:3000/auth/verify',
    rolePermissions: config.rolePermissions ?? DEFAULT_ROLE_PERMISSIONS,
    passwordCost: config.passwordCost ?? 17,
  };
}

/**
 * Creates the access gate over a Kysely database (run {@link gateMigrations} first).
 *
 * @example
 * const gate = createGate({ db, mailer, config: { jwtSecret, apiKeyPepper } });
 * const { user } = await gate.auth.signup({ email: 'ada@example.com', password: 'correct horse battery' });
 */
export function createGate(options: CreateGateOptions): Gate {
  const deps: GateDeps = {
    db: options.db,
    mailer: options.mailer,
    clock: options.clock ?? systemClock,
    config: resolveGateConfig(options.config),
  };
  const access = createAccessControl(deps.config.rolePermissions);
  const auth = createAuthService(deps);
  const keys = createKeyService(deps);
  const data = createDataService(deps);
  return {
    auth,
    keys,
    access,
    data,
    async identify({ sessionToken, apiKey }) {
      if (apiKey) {
        const resolved = await keys.resolve(apiKey);
        return resolved ? access.toRequestUser(resolved.user, 'api-key', resolved.keyId) : null;
      }
      if (sessionToken) {
        const resolved = await auth.resolveSession(sessionToken);
        return resolved ? access.toRequestUser(resolved.user, 'session', resolved.sessionId) : null;
      }
      return null;
    },
  };
}
