import { type AccessControl, GateError, isGateError, type RequestUser } from '@svc/gate';
import type { Capability, CapabilityPolicy } from './capability-types.js';

/** What the policy check needs from the install. */
export interface PolicyEnvironment {
  access: AccessControl;
  /** True when the host flag lets admins use `host` capabilities. */
  hostEnabled: boolean;
}

/**
 * Checks the caller against a capability's policy with the gate's own checks and codes: 401
 * `GATE_UNAUTHENTICATED` for an anonymous caller of an account capability, 403 `GATE_FORBIDDEN`
 * (role, permission, host) or `GATE_MEMBERSHIP_REQUIRED` (admins bypass membership).
 *
 * @example
 * assertPolicy(capability, request.user, { access: app.gate.access, hostEnabled: false });
 */
export function assertPolicy(capability: Capability, user: RequestUser | null, env: PolicyEnvironment): void {
  const { policy } = capability;
  // Annotated: TypeScript calls assertion methods only through explicitly typed names.
  const access: AccessControl = env.access;
  if (policy.access === 'account' || policy.host) access.requireAuth(user);
  if (policy.role !== undefined) access.requireRole(user, policy.role);
  if (policy.permission !== undefined) access.requirePermission(user, policy.permission);
  if (policy.membership !== undefined) access.requireMembership(user, policy.membership);
  if (policy.host) {
    access.requireRole(user, 'admin');
    if (!env.hostEnabled) {
      throw new GateError('GATE_FORBIDDEN', `${capability.id} needs the host flag on this install.`, {
        details: { host: true },
      });
    }
  }
}

/**
 * True when the caller passes the policy: what listings (`GET /api/capabilities`, MCP
 * `tools/list`) show. Errors other than the gate's refusals propagate.
 *
 * @example
 * registry.list().filter((capability) => isPermitted(capability, user, env));
 */
export function isPermitted(capability: Capability, user: RequestUser | null, env: PolicyEnvironment): boolean {
  try {
    assertPolicy(capability, user, env);
    return true;
  } catch (error) {
    if (isGateError(error)) return false;
    throw error;
  }
}

/** A policy as listings show it: every field that is set, nothing else. */
export function summarizePolicy(policy: CapabilityPolicy): CapabilityPolicy {
  return JSON.parse(JSON.stringify(policy)) as CapabilityPolicy;
}
