export type { AccessControl, Role, UserWithMembership } from './access/access-control.js';
export {
  ALL_PERMISSIONS,
  createAccessControl,
  DEFAULT_ROLE_PERMISSIONS,
  NO_MEMBERSHIP,
  ROLES,
} from './access/access-control.js';
export type { AuthService, VerificationOutcome } from './auth/auth-service.js';
export { RESEND_COOLDOWN_MS, RESEND_DAILY_LIMIT } from './auth/auth-service.js';
export type { WeakPasswordReason } from './auth/credential-rules.js';
export { findPasswordWeakness, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth/credential-rules.js';
export type { ConfusableEmailReason } from './auth/email-address.js';
export { findConfusableEmailProblem, normalizeEmailAddress } from './auth/email-address.js';
export { createHmacSessionTokens } from './auth/hmac-session-tokens.js';
export { createMemoryLoginThrottle, LOGIN_THROTTLE, loginDelayFor } from './auth/login-throttle.js';
export type { SignatureCheckedToken } from './auth/session-token-rules.js';
export {
  assertSessionSecret,
  isCanonicalBase64Url,
  MAX_SESSION_TOKEN_LENGTH,
  MIN_SESSION_SECRET_BYTES,
  readSessionClaims,
  SESSION_CLAIM_NAMES,
  SESSION_TOKEN_ALGORITHM,
} from './auth/session-token-rules.js';
export type { CreateGateOptions, Gate } from './create-gate.js';
export { createGate, IDENTITY_CACHE_OUTAGE_MS, resolveGateConfig } from './create-gate.js';
export {
  ADMIN_ONLY_COLLECTIONS,
  COLLECTION_NAME_PATTERN,
  DENIED_COLLECTION_PREFIXES,
  DENIED_COLLECTIONS,
  FIELD_NAME_PATTERN,
  isDeniedCollection,
} from './data/collection-rules.js';
export type {
  CollectionUsage,
  DataService,
  DocumentPage,
  DocumentRef,
  ListDocumentsInput,
} from './data/data-service.js';
export {
  DEFAULT_DATA_QUOTA_BYTES,
  DEFAULT_LIST_LIMIT,
  MAX_LIST_FIELDS,
  MAX_LIST_LIMIT,
  WRITE_DATA_PERMISSION,
} from './data/data-service.js';
export type { DataDocument } from './data/document-shape.js';
export { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_DEPTH, SYSTEM_FIELDS } from './data/document-shape.js';
export type { FilterValue } from './data/list-filters.js';
export { DOCUMENT_OVERHEAD_BYTES, documentBytes, MAX_LIST_BYTES } from './data/list-query.js';
export type { OwnedDocument, Visibility } from './data/ownership.js';
export { canClone, canRead, canWrite, isListedFor, isVisibility, VISIBILITIES } from './data/ownership.js';
export { gateMigrations } from './db/migrations.js';
export type {
  ApiKeysTable,
  DocumentsTable,
  GateDatabase,
  SessionsTable,
  UsersTable,
  VerificationTokensTable,
} from './db/schema.js';
export type { GateErrorCode } from './errors.js';
export { GATE_ERROR_CODES, GateError, isGateError } from './errors.js';
export type { CachedCredential, CredentialChannel } from './identity-cache.js';
export { hashCachedCredential } from './identity-cache.js';
export type { ApiKeyParts } from './keys/api-key-format.js';
export { formatApiKey, parseApiKey } from './keys/api-key-format.js';
export type { KeyService, KeyVerification, PublicApiKey } from './keys/key-service.js';
export { MAX_API_KEYS_PER_USER } from './keys/key-service.js';
export type {
  AccountProfile,
  ExportedDocument,
  ExportedLedgerEntry,
} from './leaving/account-data-reader.js';
export { ACCOUNT_DATA_PAGE } from './leaving/account-data-reader.js';
export { createTombstoneId, isTombstoneId, TOMBSTONE_PREFIX } from './leaving/account-tombstone.js';
export type { AccountDeletionReport, LeavingService } from './leaving/leaving-service.js';
export { RECENT_SIGN_IN_MS } from './leaving/leaving-service.js';
export { membershipMigrations } from './membership/membership-migrations.js';
export type { Buyer, MembershipPurchases } from './membership/membership-purchases.js';
export type { MembershipRecord, MembershipView } from './membership/membership-records.js';
export { toMembershipView } from './membership/membership-records.js';
export type { MembershipTables } from './membership/membership-schema.js';
export type { MembershipDeps, MembershipService } from './membership/membership-service.js';
export { createMembershipService } from './membership/membership-service.js';
export type { Plan, PlanCatalogue, TokenPack } from './membership/plan-catalogue.js';
export {
  createDefaultCatalogue,
  DEFAULT_PLANS,
  DEFAULT_TOKEN_PACKS,
  findPlanByPrice,
  listFeatures,
  MEMBER_STATUSES,
} from './membership/plan-catalogue.js';
export type { MeterRule } from './meter/meter-rules.js';
export { findMeterRule, METER_RULES_COLLECTION } from './meter/meter-rules.js';
export type { Meter, MeterCharge } from './meter/meter-service.js';
export { createMeter } from './meter/meter-service.js';
export type { PasskeyChallengePurpose } from './passkeys/passkey-challenges.js';
export { PASSKEY_CHALLENGE_TTL_MS } from './passkeys/passkey-challenges.js';
export type { PublicPasskey } from './passkeys/passkey-credentials.js';
export { passkeyMigrations } from './passkeys/passkey-migrations.js';
export type { PasskeyRelyingParty } from './passkeys/passkey-rules.js';
export { MAX_PASSKEYS_PER_USER, PASSKEY_NAME_MAX_LENGTH } from './passkeys/passkey-rules.js';
export type {
  PasskeyChallengesTable,
  PasskeyCredentialsTable,
  PasskeyTables,
} from './passkeys/passkey-schema.js';
export type {
  AuthenticationResponseJSON,
  PasskeyService,
  PasskeySession,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from './passkeys/passkey-service.js';
export type { PasskeySignInFailure } from './passkeys/passkey-sign-in.js';
export type { Clock } from './ports/clock.js';
export { systemClock } from './ports/clock.js';
export type { DataEvents, DeletedDocument, WrittenDocument } from './ports/data-events.js';
export type {
  IdentityInvalidationListener,
  IdentityInvalidationMessage,
  IdentityInvalidations,
} from './ports/identity-invalidations.js';
export type { LoginAttempt, LoginThrottle } from './ports/login-throttle.js';
export type { Mailer, MailMessage } from './ports/mailer.js';
export type {
  CheckoutInput,
  PackPurchase,
  PaymentEvent,
  Payments,
  SubscriptionState,
} from './ports/payments.js';
export type { SessionClaims, SessionTokens } from './ports/session-tokens.js';
export { recoveryMigrations } from './recovery/recovery-migrations.js';
export type { RecoveryService } from './recovery/recovery-service.js';
export { RESET_COOLDOWN_MS, RESET_DAILY_LIMIT } from './recovery/recovery-service.js';
export { SECOND_FACTOR_CHALLENGE } from './second-factor/login-challenges.js';
export { normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './second-factor/recovery-codes.js';
export { TOTP_ISSUER } from './second-factor/second-factor-management.js';
export { secondFactorMigrations } from './second-factor/second-factor-migrations.js';
export type { SecondFactorTables } from './second-factor/second-factor-schema.js';
export type { SecondFactorService } from './second-factor/second-factor-service.js';
export type { SecondFactorAnswer } from './second-factor/second-factor-sign-in.js';
export type {
  FirstFactorOutcome,
  OpenedSession,
  SecondFactorChallenge,
  SecondFactorMethod,
  SecondFactorProof,
  SecondFactorStatus,
} from './second-factor/second-factor-types.js';
export type { TotpEnrolment } from './second-factor/totp-codes.js';
export { TOTP_RULE } from './second-factor/totp-codes.js';
export { SESSION_SEEN_RESOLUTION_MS } from './sessions/session-activity.js';
export type { OwnSession, SessionsService } from './sessions/sessions-service.js';
export { MAX_LISTED_SESSIONS } from './sessions/sessions-service.js';
export type { SessionContext, VerifiedProviderClaims } from './sso/provider-claims.js';
export type { ExternalIdentitiesTable, PasswordlessAccountsTable, SsoTables } from './sso/sso-schema.js';
export type { ConnectedIdentity, SsoService, SsoSession } from './sso/sso-service.js';
export type {
  GateConfig,
  GateDeps,
  Membership,
  PublicUser,
  RequestUser,
  ResolvedGateConfig,
} from './types.js';
export type {
  AccountApiKey,
  AccountDirectory,
  AccountPage,
  AccountSession,
  AccountSummary,
} from './users/account-directory.js';
export { DEFAULT_ACCOUNT_PAGE, MAX_ACCOUNT_PAGE, MAX_ACCOUNT_SEARCH } from './users/account-directory.js';
export type { UserRecord } from './users/user-records.js';
export type { LedgerEntry, WalletChange } from './wallet/wallet-ledger.js';
export { walletMigrations } from './wallet/wallet-migrations.js';
export type {
  LedgerEntryKind,
  WalletLedgerTable,
  WalletsTable,
  WalletTables,
} from './wallet/wallet-schema.js';
export type { HistoryPage, KeyedChangeInput, WalletService } from './wallet/wallet-service.js';
export {
  createWalletService,
  DEFAULT_HISTORY_LIMIT,
  MAX_HISTORY_LIMIT,
  MAX_TOKEN_AMOUNT,
  MAX_TOKEN_GRANT,
} from './wallet/wallet-service.js';
