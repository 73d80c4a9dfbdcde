/** An account as `GET /api/admin/users` answers it (docs/gate/admin.md). */
export interface Account {
  id: string;
  email: string;
  roles: string[];
  permissions: string[];
  emailVerified: boolean;
  createdAt: number;
  disabledAt: number | null;
  membership: { plan: string | null; status: string; features: string[]; periodEnd: number | null };
  balance: number;
}

/** One page of accounts. */
export interface AccountPage {
  users: Account[];
  total: number;
  offset: number;
  limit: number;
}

/** The roles and plans an admin can give (`GET /api/admin/roles`). */
export interface AdminCatalogue {
  roles: { name: string; permissions: string[] }[];
  plans: { id: string; name: string; features: string[] }[];
}

/** One audit entry (`GET /api/admin/audit`). */
export interface AuditEntry {
  id: string;
  actor: { id: string; email: string };
  action: string;
  target: { userId: string; email: string | null } | null;
  details: Record<string, unknown>;
  createdAt: number;
}

/** Audit actions as people read them. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  'user.roles.set': 'Changed roles',
  'user.disabled': 'Disabled the account',
  'user.enabled': 'Re-enabled the account',
  'user.session.revoked': 'Revoked a session',
  'user.sessions.ended': 'Ended all sessions',
  'user.key.revoked': 'Revoked an API key',
  'membership.granted': 'Set the membership',
  'tokens.granted': 'Granted tokens',
  'backup.download': 'Downloaded a backup',
};

/** The details of an audit entry in one line of words. */
export function describeDetails(entry: AuditEntry): string {
  const details = entry.details;
  const list = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.join(', ') : 'none');
  switch (entry.action) {
    case 'user.roles.set':
      return `${list(details.previous)} → ${list(details.roles)}`;
    case 'membership.granted':
      return `${typeof details.previous === 'string' ? details.previous : 'no plan'} → ${typeof details.plan === 'string' ? details.plan : 'no plan'}`;
    case 'tokens.granted':
      return `${String(details.amount)} tokens: ${String(details.reason ?? '')}`;
    case 'user.key.revoked':
      return `${String(details.name ?? 'key')} (${String(details.prefix ?? '')}…)`;
    case 'user.disabled':
      return typeof details.reason === 'string' ? `Reason: ${details.reason}` : '';
    default:
      return '';
  }
}
