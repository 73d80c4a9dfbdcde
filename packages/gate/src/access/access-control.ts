import { GateError } from '../errors.js';
import type { Membership, RequestUser } from '../types.js';
import type { UserRecord } from '../users/user-records.js';

/** The built-in roles. Others may be configured; a role the map does not know grants nothing. */
export const ROLES = ['admin', 'developer', 'staff', 'member'] as const;

/** A built-in role name. */
export type Role = (typeof ROLES)[number];

/** In a role's permission list, grants every permission, including ones added later. */
export const ALL_PERMISSIONS = '*';

/**
 * The default role → permission map (configuration: override it with `GateConfig.rolePermissions`).
 * Least privilege: a member reads and writes their own data; staff also read the development
 * outbox and run adapters; developers also create API keys; admins hold every permission.
 * A user's permissions are the union over their roles.
 *
 * @example
 * createGate({ db, mailer, config: { jwtSecret, apiKeyPepper, rolePermissions: { ...DEFAULT_ROLE_PERMISSIONS, auditor: ['read_data'] } } });
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<string, readonly string[]> = {
  admin: [ALL_PERMISSIONS],
  developer: ['create_api_key', 'run_adapter', 'read_data', 'write_data'],
  staff: ['run_adapter', 'read_data'],
  member: ['read_data', 'write_data'],
};

/** The membership of a user who has none (until the membership module fills it). */
export const NO_MEMBERSHIP: Membership = { plan: null, status: 'none', features: [], periodEnd: null };

/** A user record, optionally with the membership read for it (the membership module passes it in). */
export type UserWithMembership = UserRecord & { membership?: Membership | undefined };

/**
 * Turns user records into request users and checks them. Every `require…` method throws a
 * GateError: `GATE_UNAUTHENTICATED` for a null user, `GATE_FORBIDDEN` (or
 * `GATE_MEMBERSHIP_REQUIRED`) when the user lacks what is required.
 */
export interface AccessControl {
  /** The request user for `user`, authenticated `via` a session or API key with id `credentialId`. */
  toRequestUser(user: UserWithMembership, via: 'session' | 'api-key', credentialId: string): RequestUser;
  /** The union of the permissions `roles` grant, sorted; unknown roles add nothing. */
  permissionsFor(roles: readonly string[]): string[];
  /** True when the user's permissions include `permission` (or the `*` wildcard). */
  hasPermission(user: RequestUser, permission: string): boolean;
  requireAuth(user: RequestUser | null): asserts user is RequestUser;
  /** Passes users with `role`; admins pass every role check. */
  requireRole(user: RequestUser | null, role: string): asserts user is RequestUser;
  /** Passes users whose roles grant `permission`. Decided by the map alone (admins hold `*` by default). */
  requirePermission(user: RequestUser | null, permission: string): asserts user is RequestUser;
  /** Passes users whose membership lists `feature`; admins bypass. */
  requireMembership(user: RequestUser | null, feature: string): asserts user is RequestUser;
  /** Passes developers and admins. */
  requireDeveloper(user: RequestUser | null): asserts user is RequestUser;
  /** Passes staff and admins. */
  requireStaff(user: RequestUser | null): asserts user is RequestUser;
}

function assertSignedIn(user: RequestUser | null): asserts user is RequestUser {
  if (user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key.');
}

function forbid(message: string, details: Record<string, unknown>): never {
  throw new GateError('GATE_FORBIDDEN', message, { details });
}

/**
 * Creates the access control over a role → permission map (see {@link DEFAULT_ROLE_PERMISSIONS}).
 *
 * @example
 * const access = createAccessControl(DEFAULT_ROLE_PERMISSIONS);
 * const user = access.toRequestUser(record, 'session', sessionId);
 * access.requirePermission(user, 'run_adapter'); // throws GATE_FORBIDDEN for a plain member
 */
export function createAccessControl(rolePermissions: Record<string, readonly string[]>): AccessControl {
  // Copied into a Map so a role named like an Object.prototype member ('constructor') grants nothing.
  const grants = new Map<string, readonly string[]>(Object.entries(rolePermissions));

  const permissionsFor = (roles: readonly string[]): string[] => {
    const union = new Set<string>();
    for (const role of roles) for (const permission of grants.get(role) ?? []) union.add(permission);
    return [...union].sort();
  };
  const hasPermission = (user: RequestUser, permission: string): boolean =>
    user.permissions.includes(permission) || user.permissions.includes(ALL_PERMISSIONS);

  return {
    toRequestUser(user, via, credentialId) {
      const isAdmin = user.roles.includes('admin');
      return {
        id: user.id,
        email: user.email,
        roles: [...user.roles],
        permissions: permissionsFor(user.roles),
        membership: user.membership ?? { ...NO_MEMBERSHIP, features: [] },
        isAdmin,
        isDeveloper: isAdmin || user.roles.includes('developer'),
        isStaff: isAdmin || user.roles.includes('staff'),
        emailVerified: user.emailVerified,
        via,
        credentialId,
      };
    },
    permissionsFor,
    hasPermission,
    requireAuth: assertSignedIn,
    requireRole(user, role) {
      assertSignedIn(user);
      if (!user.isAdmin && !user.roles.includes(role)) forbid(`This needs the ${role} role.`, { role });
    },
    requirePermission(user, permission) {
      assertSignedIn(user);
      if (!hasPermission(user, permission))
        forbid(`This needs the ${permission} permission.`, { permission });
    },
    requireMembership(user, feature) {
      assertSignedIn(user);
      if (user.isAdmin || user.membership.features.includes(feature)) return;
      throw new GateError('GATE_MEMBERSHIP_REQUIRED', `This needs a membership that includes ${feature}.`, {
        details: { feature },
      });
    },
    requireDeveloper(user) {
      assertSignedIn(user);
      if (!user.isDeveloper) forbid('This needs the developer role.', { role: 'developer' });
    },
    requireStaff(user) {
      assertSignedIn(user);
      if (!user.isStaff) forbid('This needs the staff role.', { role: 'staff' });
    },
  };
}
