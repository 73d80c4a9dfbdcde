import type { Kysely } from 'kysely';
import {
  type AccessControl,
  createAccessControl,
  DEFAULT_ROLE_PERMISSIONS,
} from './access/access-control.js';
import { type AuthService, createAuthService } from './auth/auth-service.js';
import { createHmacSessionTokens } from './auth/hmac-session-tokens.js';
import { createMemoryLoginThrottle } from './auth/login-throttle.js';
import { createDataService, type DataService, DEFAULT_DATA_QUOTA_BYTES } from './data/data-service.js';
import type { GateDatabase } from './db/schema.js';
import {
  type CachedCredential,
  createIdentityCache,
  hashCachedCredential,
  type IdentityCache,
  type IdentityInvalidation,
} from './identity-cache.js';
import { createKeyService, type KeyService } from './keys/key-service.js';
import { createLeavingService, type LeavingService } from './leaving/leaving-service.js';
import { createMembershipService, type MembershipService } from './membership/membership-service.js';
import { createDefaultCatalogue, type PlanCatalogue } from './membership/plan-catalogue.js';
import { createMeter, type Meter } from './meter/meter-service.js';
import type { PasskeyRelyingParty } from './passkeys/passkey-rules.js';
import { createPasskeySecondStep } from './passkeys/passkey-second-step.js';
import { createPasskeyService, type PasskeyService } from './passkeys/passkey-service.js';
import type { Clock } from './ports/clock.js';
import { systemClock } from './ports/clock.js';
import type { DataEvents } from './ports/data-events.js';
import type { IdentityInvalidationMessage, IdentityInvalidations } from './ports/identity-invalidations.js';
import type { LoginThrottle } from './ports/login-throttle.js';
import type { Mailer } from './ports/mailer.js';
import type { Payments } from './ports/payments.js';
import type { SessionTokens } from './ports/session-tokens.js';
import { createRecoveryService, type RecoveryService } from './recovery/recovery-service.js';
import {
  createSecondFactorService,
  type SecondFactorService,
} from './second-factor/second-factor-service.js';
import { createSessionsService, type SessionsService } from './sessions/sessions-service.js';
import { createSsoService, type SsoService } from './sso/sso-service.js';
import type { GateConfig, GateDeps, RequestUser, ResolvedGateConfig } from './types.js';
import { type AccountDirectory, createAccountDirectory } from './users/account-directory.js';
import { createWalletService, type WalletService } from './wallet/wallet-service.js';

/** Options of {@link createGate}. */
export interface CreateGateOptions {
  db: Kysely<GateDatabase>;
  mailer: Mailer;
  clock?: Clock;
  config: GateConfig;
  /** Plans and token packs on offer; default {@link createDefaultCatalogue}. */
  plans?: PlanCatalogue;
  /**
   * The payment processor (the server's Stripe adapter); absent until one is configured, when
   * `membership.checkout`, `openPortal`, `cancel` and `receiveWebhook` answer `GATE_NOT_CONFIGURED`.
   */
  payments?: Payments;
  /** Told about changes the data service made (a deleted document), e.g. to remove files hanging off it. */
  dataEvents?: DataEvents;
  /**
   * Signs and verifies the session JWTs (the server's is built on `@fastify/jwt`). Default: the
   * gate's own `createHmacSessionTokens({ secret: config.jwtSecret })`.
   */
  sessionTokens?: SessionTokens;
  /**
   * Where failed sign-ins are counted per account (`LOGIN_THROTTLE`). Default: in memory, per
   * process (`createMemoryLoginThrottle`); several server instances share one store.
   */
  loginThrottle?: LoginThrottle;
  /**
   * The bus carrying identity-cache invalidations between server instances sharing the database
   * (the server wires its broadcast here). Without it the cache is this process's alone and a
   * change made through another instance is seen only when `identityCacheMs` ends.
   */
  invalidations?: IdentityInvalidations;
  /**
   * The WebAuthn relying party passkeys belong to (id, name, allowed origins). Without it
   * `gate.passkeys` answers `GATE_NOT_CONFIGURED`.
   */
  passkeyRelyingParty?: PasskeyRelyingParty;
}

/** The access gate: one object per server, its services sharing one database and clock. */
export interface Gate {
  auth: AuthService;
  keys: KeyService;
  access: AccessControl;
  data: DataService;
  /** The token wallet (balance, spends, grants, refunds, purchases, history). */
  wallet: WalletService;
  /** Per-use pricing over the wallet, with rules from the `meter_rules` collection. */
  meter: Meter;
  /** Paid membership: plans, grants, the processor's subscription state. */
  membership: MembershipService;
  /** The admin's account directory: list and search, disable and re-enable, sessions. */
  accounts: AccountDirectory;
  /** Passkeys (WebAuthn): registration, the owner's list, password-less sign-in. */
  passkeys: PasskeyService;
  /** Leaving: the export's readers, the re-authenticated deletion of an account (issue 27). */
  leaving: LeavingService;
  /** Two-step sign-in: TOTP, recovery codes, role requirements and the login decision (issue 27). */
  secondFactor: SecondFactorService;
  /** Forgotten passwords: the mailed reset link and the new password (issue 27). */
  recovery: RecoveryService;
  /** A person's own sessions: list, end one, end the others; an admin's "end all" (issue 27). */
  sessions: SessionsService;
  /** Single sign-on: the account rules applied to an OpenID Connect provider's verified claims. */
  sso: SsoService;
  /**
   * Resolves the credentials on a request to its user: a session token (from the cookie) or an
   * API key (`Authorization: Bearer svc_…` or `x-api-key`). Null when absent or not valid.
   */
  identify(credentials: {
    sessionToken?: string | undefined;
    apiKey?: string | undefined;
  }): Promise<RequestUser | null>;
  /**
   * Forgets the cached identities of a user after a change made outside the gate's own services
   * (a manual database edit, a tool writing the tables directly), so it applies to the next
   * request. The gate's services already clear the cache themselves through the same
   * invalidation (`IdentityInvalidation`): nothing made through the gate needs this.
   */
  invalidateUser(userId: string): void;
}

/**
 * While the invalidation bus is down, cached identities older than this are read again: what
 * another instance changed meanwhile is seen within a second, whatever `identityCacheMs` is.
 */
export const IDENTITY_CACHE_OUTAGE_MS = 1000;

/** Applies another instance's invalidation to this process's cache. */
function applyInvalidation(cache: IdentityCache, message: IdentityInvalidationMessage): void {
  if (message.kind === 'user') cache.invalidateUser(message.userId);
  else if (message.kind === 'credential') cache.invalidateCredential(message.credentialId);
  else cache.forgetHash(message.hash);
}

/**
 * The invalidation the gate's services call: this process's cache at once, then every other
 * instance through `shared` (messages name ids, or the hash of a credential — never a token).
 */
function shareInvalidations(
  cache: IdentityCache,
  shared: IdentityInvalidations | undefined,
): IdentityInvalidation {
  if (shared === undefined) return cache;
  shared.subscribe({
    received: (message) => applyInvalidation(cache, message),
    resumed: () => cache.clear(),
  });
  return {
    invalidateUser(userId) {
      cache.invalidateUser(userId);
      shared.publish({ kind: 'user', userId });
    },
    invalidateCredential(credentialId) {
      cache.invalidateCredential(credentialId);
      shared.publish({ kind: 'credential', credentialId });
    },
    forget(credential) {
      cache.forget(credential);
      shared.publish({ kind: 'credential-hash', hash: hashCachedCredential(credential) });
    },
  };
}

const DAY = 24 * 60 * 60 * 1000;

/** Fills the defaults of a gate configuration. */
export function resolveGateConfig(config: GateConfig): ResolvedGateConfig {
  return {
    jwtSecret: config.jwtSecret,
    apiKeyPepper: config.apiKeyPepper,
    autoVerify: config.autoVerify ?? false,
    sessionTtlMs: config.sessionTtlMs ?? 7 * DAY,
    verificationTtlMs: config.verificationTtlMs ?? DAY,
    verifyUrl: config.verifyUrl ?? 'http://localhost:3000/auth/verify',
    rolePermissions: config.rolePermissions ?? DEFAULT_ROLE_PERMISSIONS,
    passwordCost: config.passwordCost ?? 17,
    identityCacheMs: config.identityCacheMs ?? 1000,
    serverWrittenCollections: config.serverWrittenCollections ?? [],
    dataQuotaBytes: config.dataQuotaBytes ?? DEFAULT_DATA_QUOTA_BYTES,
    maxDocumentsPerOwner: config.maxDocumentsPerOwner ?? {},
    passwordResetTtlMs: config.passwordResetTtlMs ?? 30 * 60 * 1000,
    passwordResetUrl: config.passwordResetUrl ?? 'http://localhost:3000/reset-password',
  };
}

/**
 * Creates the access gate over a Kysely database (run {@link gateMigrations} first).
 *
 * @example
 * const gate = createGate({ db, mailer, payments, config: { jwtSecret, apiKeyPepper } });
 * const { user } = await gate.auth.signup({ email: 'ada@example.com', password: 'violet anchor drifts past seven lighthouses' });
 */
export function createGate(options: CreateGateOptions): Gate {
  const deps: GateDeps = {
    db: options.db,
    mailer: options.mailer,
    clock: options.clock ?? systemClock,
    config: resolveGateConfig(options.config),
  };
  // One access control for every service, and one identity cache whose invalidation every
  // service that changes what a credential may do calls before it returns.
  const access: AccessControl = createAccessControl(deps.config.rolePermissions);
  const cache = createIdentityCache({ ttlMs: deps.config.identityCacheMs });
  const identities = shareInvalidations(cache, options.invalidations);
  const shared = options.invalidations;
  // Without a port the gate signs its own tokens; a missing or short secret throws here.
  const tokens = options.sessionTokens ?? createHmacSessionTokens({ secret: deps.config.jwtSecret ?? '' });
  // One throttle for passwords and second-factor codes: both are failed sign-ins of the account.
  const loginThrottle = options.loginThrottle ?? createMemoryLoginThrottle();
  const passkeys = createPasskeyService(deps, { tokens, relyingParty: options.passkeyRelyingParty });
  const secondFactor = createSecondFactorService(deps, {
    tokens,
    throttle: loginThrottle,
    passkeys: createPasskeySecondStep(deps, passkeys),
  });
  const auth = createAuthService(deps, {
    tokens,
    identities,
    loginThrottle,
    secondFactor: secondFactor.login,
  });
  const keys = createKeyService(deps, { access, identities });
  const data = createDataService(deps, {
    access,
    ...(options.dataEvents ? { events: options.dataEvents } : {}),
  });
  const wallet = createWalletService(deps);
  const membership = createMembershipService({
    db: deps.db,
    clock: deps.clock,
    catalogue: options.plans ?? createDefaultCatalogue(),
    payments: options.payments,
    onChange: (userId) => identities.invalidateUser(userId),
    creditTokens: (input) => wallet.credit(input),
  });
  return {
    auth,
    keys,
    access,
    data,
    wallet,
    meter: createMeter({ db: deps.db, wallet }),
    membership,
    secondFactor,
    accounts: createAccountDirectory({
      db: deps.db,
      clock: deps.clock,
      access,
      identities,
      readMembership: (userId) => membership.readMembership(userId),
      rolePermissions: deps.config.rolePermissions,
    }),
    passkeys,
    leaving: createLeavingService({ db: deps.db, identities, clock: deps.clock }),
    recovery: createRecoveryService(deps, { identities }),
    sessions: createSessionsService({ db: deps.db, clock: deps.clock, identities }),
    sso: createSsoService(deps, {
      identities,
      afterFirstFactor: (input) => secondFactor.afterFirstFactor(input),
    }),
    invalidateUser: (userId) => identities.invalidateUser(userId),
    async identify({ sessionToken, apiKey }) {
      // Each credential is read on its own channel only: the cache key carries the channel.
      const credential: CachedCredential | undefined = apiKey
        ? { channel: 'api-key', value: apiKey }
        : sessionToken
          ? { channel: 'session', value: sessionToken }
          : undefined;
      if (!credential) return null;
      const now = deps.clock.now();
      // While other instances' invalidations may be missed, only a young entry is trusted.
      const cached =
        shared === undefined || shared.isLive()
          ? cache.get(credential, now)
          : cache.get(credential, now, IDENTITY_CACHE_OUTAGE_MS);
      if (cached) return cached;
      let user: RequestUser | null = null;
      let expiresAt: number | undefined;
      if (credential.channel === 'api-key') {
        const resolved = await keys.resolve(credential.value);
        if (resolved) {
          const withMembership = {
            ...resolved.user,
            membership: await membership.readMembership(resolved.user.id),
          };
          user = access.toRequestUser(withMembership, 'api-key', resolved.keyId);
        }
      } else {
        const resolved = await auth.resolveSession(credential.value);
        if (resolved) {
          const withMembership = {
            ...resolved.user,
            membership: await membership.readMembership(resolved.user.id),
          };
          user = access.toRequestUser(withMembership, 'session', resolved.sessionId);
          expiresAt = resolved.expiresAt;
        }
      }
      if (user) cache.set(credential, user, expiresAt === undefined ? { now } : { now, expiresAt });
      return user;
    },
  };
}
