import { describe, expect, it } from 'vitest';
import { GateError } from '../errors.js';
import type { RequestUser } from '../types.js';
import type { UserRecord } from '../users/user-records.js';
import {
  type AccessControl,
  createAccessControl,
  DEFAULT_ROLE_PERMISSIONS,
  NO_MEMBERSHIP,
  ROLES,
} from './access-control.js';

const access: AccessControl = createAccessControl(DEFAULT_ROLE_PERMISSIONS);

function recordWith(roles: string[]): UserRecord {
  return { id: 'u1', email: 'ada@example.com', roles, emailVerified: true, createdAt: 1 };
}

function userWith(roles: string[], features: string[] = []): RequestUser {
  return access.toRequestUser(
    { ...recordWith(roles), membership: { ...NO_MEMBERSHIP, features } },
    'session',
    's1',
  );
}

function codeOf(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof GateError) return error.code;
    throw error;
  }
}

describe('role → permission configuration', () => {
  it('names the four built-in roles and configures each of them', () => {
    expect(ROLES).toEqual(['admin', 'developer', 'staff', 'member']);
    for (const role of ROLES) expect(DEFAULT_ROLE_PERMISSIONS[role]).toBeDefined();
  });

  it('grants the union of the roles, sorted and without duplicates', () => {
    expect(access.permissionsFor(['member', 'staff'])).toEqual(['read_data', 'run_adapter', 'write_data']);
  });

  it('grants nothing for unknown roles, including names of Object.prototype members', () => {
    expect(access.permissionsFor(['wizard', 'constructor', '__proto__', 'toString'])).toEqual([]);
  });

  it('follows a custom map', () => {
    const custom = createAccessControl({ auditor: ['read_audit_log'] });
    const auditor = custom.toRequestUser(recordWith(['auditor']), 'api-key', 'k1');
    expect(auditor.permissions).toEqual(['read_audit_log']);
    expect(codeOf(() => custom.requirePermission(auditor, 'read_audit_log'))).toBeUndefined();
    // With this map, admin is only a role name: it bypasses role checks but holds no permissions.
    const admin = custom.toRequestUser(recordWith(['admin']), 'session', 's1');
    expect(codeOf(() => custom.requirePermission(admin, 'run_adapter'))).toBe('GATE_FORBIDDEN');
    expect(codeOf(() => custom.requireRole(admin, 'auditor'))).toBeUndefined();
  });
});

describe('request users', () => {
  it('carries identity, roles, flags, credential and an empty membership by default', () => {
    const user = access.toRequestUser(recordWith(['member']), 'api-key', 'key1');
    expect(user).toEqual({
      id: 'u1',
      email: 'ada@example.com',
      roles: ['member'],
      permissions: ['read_data', 'write_data'],
      membership: { plan: null, status: 'none', features: [], periodEnd: null },
      isAdmin: false,
      isDeveloper: false,
      isStaff: false,
      emailVerified: true,
      via: 'api-key',
      credentialId: 'key1',
    });
  });

  it('takes a membership passed in with the record', () => {
    const membership = { plan: 'PRO', status: 'active', features: ['intelligence'], periodEnd: 5 };
    expect(
      access.toRequestUser({ ...recordWith(['member']), membership }, 'session', 's1').membership,
    ).toEqual(membership);
  });

  it('does not share the default membership between users', () => {
    const first = userWith(['member']);
    first.membership.features.push('intelligence');
    expect(userWith(['member']).membership.features).toEqual([]);
    expect(access.toRequestUser(recordWith(['member']), 'session', 's2').membership.features).toEqual([]);
  });

  it('makes admins developers and staff', () => {
    const admin = userWith(['admin']);
    expect([admin.isAdmin, admin.isDeveloper, admin.isStaff]).toEqual([true, true, true]);
    expect(admin.permissions).toEqual(['*']);
  });
});

describe('guards', () => {
  const member = userWith(['member']);
  const developer = userWith(['member', 'developer']);
  const staff = userWith(['member', 'staff']);
  const admin = userWith(['admin']);
  const subscriber = userWith(['member'], ['intelligence']);

  it('requireAuth refuses anonymous requests with GATE_UNAUTHENTICATED', () => {
    expect(codeOf(() => access.requireAuth(null))).toBe('GATE_UNAUTHENTICATED');
    expect(codeOf(() => access.requireAuth(member))).toBeUndefined();
  });

  it('every guard answers an anonymous request with GATE_UNAUTHENTICATED, never 403', () => {
    expect(codeOf(() => access.requireRole(null, 'member'))).toBe('GATE_UNAUTHENTICATED');
    expect(codeOf(() => access.requirePermission(null, 'read_data'))).toBe('GATE_UNAUTHENTICATED');
    expect(codeOf(() => access.requireMembership(null, 'intelligence'))).toBe('GATE_UNAUTHENTICATED');
    expect(codeOf(() => access.requireDeveloper(null))).toBe('GATE_UNAUTHENTICATED');
    expect(codeOf(() => access.requireStaff(null))).toBe('GATE_UNAUTHENTICATED');
  });

  it('requireRole passes the role and admins, refuses others with GATE_FORBIDDEN', () => {
    expect(codeOf(() => access.requireRole(staff, 'staff'))).toBeUndefined();
    expect(codeOf(() => access.requireRole(admin, 'staff'))).toBeUndefined();
    expect(codeOf(() => access.requireRole(admin, 'made-up'))).toBeUndefined();
    expect(codeOf(() => access.requireRole(member, 'staff'))).toBe('GATE_FORBIDDEN');
    expect(codeOf(() => access.requireRole(developer, 'admin'))).toBe('GATE_FORBIDDEN');
  });

  it('requirePermission follows the map, with the admin wildcard', () => {
    expect(codeOf(() => access.requirePermission(developer, 'run_adapter'))).toBeUndefined();
    expect(codeOf(() => access.requirePermission(staff, 'run_adapter'))).toBeUndefined();
    expect(codeOf(() => access.requirePermission(admin, 'anything_at_all'))).toBeUndefined();
    expect(codeOf(() => access.requirePermission(member, 'run_adapter'))).toBe('GATE_FORBIDDEN');
    expect(codeOf(() => access.requirePermission(staff, 'create_api_key'))).toBe('GATE_FORBIDDEN');
  });

  it('does not treat a permission named "*" in a request as the wildcard', () => {
    expect(codeOf(() => access.requirePermission(member, '*'))).toBe('GATE_FORBIDDEN');
  });

  it('requireMembership passes covered features and admins, refuses others with GATE_MEMBERSHIP_REQUIRED', () => {
    expect(codeOf(() => access.requireMembership(subscriber, 'intelligence'))).toBeUndefined();
    expect(codeOf(() => access.requireMembership(admin, 'intelligence'))).toBeUndefined();
    expect(codeOf(() => access.requireMembership(subscriber, 'books'))).toBe('GATE_MEMBERSHIP_REQUIRED');
    expect(codeOf(() => access.requireMembership(developer, 'intelligence'))).toBe(
      'GATE_MEMBERSHIP_REQUIRED',
    );
  });

  it('requireDeveloper passes developers and admins only', () => {
    expect(codeOf(() => access.requireDeveloper(developer))).toBeUndefined();
    expect(codeOf(() => access.requireDeveloper(admin))).toBeUndefined();
    expect(codeOf(() => access.requireDeveloper(member))).toBe('GATE_FORBIDDEN');
    expect(codeOf(() => access.requireDeveloper(staff))).toBe('GATE_FORBIDDEN');
  });

  it('requireStaff passes staff and admins only', () => {
    expect(codeOf(() => access.requireStaff(staff))).toBeUndefined();
    expect(codeOf(() => access.requireStaff(admin))).toBeUndefined();
    expect(codeOf(() => access.requireStaff(developer))).toBe('GATE_FORBIDDEN');
  });

  it('narrows the user type after an assertion', () => {
    const maybe: RequestUser | null = developer;
    access.requireAuth(maybe);
    expect(maybe.id).toBe('u1');
  });
});
