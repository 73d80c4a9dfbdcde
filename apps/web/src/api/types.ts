/** `GET /auth/session`'s user (see docs/gate/auth.md). */
export interface SessionUser {
  id: string;
  email: string;
  roles: string[];
  permissions: string[];
  membership: { plan: string | null; status: string; features: string[]; periodEnd: number | null };
  isAdmin: boolean;
  isDeveloper: boolean;
  isStaff: boolean;
  emailVerified: boolean;
  via: 'session' | 'api-key';
}

/** Every stored document's system fields (docs/gate/data.md). */
export interface StoredDocument {
  id: string;
  owner: string;
  visibility: 'private' | 'public' | 'unlisted';
  createdAt: number;
  updatedAt: number;
}

/** One page of `GET /db/{collection}`. */
export interface DocumentList<T> {
  items: (T & StoredDocument)[];
  nextCursor: string | null;
}

/** True when the user holds `permission` (or `*`). */
export function hasPermission(user: SessionUser | null, permission: string): boolean {
  return user !== null && (user.permissions.includes('*') || user.permissions.includes(permission));
}

/** True when the user may run ideation: admins, or a live membership with `intelligence`. */
export function canRunIdeation(user: SessionUser | null): boolean {
  return user !== null && (user.isAdmin || user.membership.features.includes('intelligence'));
}
