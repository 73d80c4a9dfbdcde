import { randomBytes } from 'node:crypto';
import type { Clock, RequestUser } from '@svc/gate';
import { GateError } from '@svc/gate';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Kysely } from 'kysely';

/** The `admin_audit` table (migration `0800_admin_audit`, in `admin/admin-migrations.ts`). */
export interface AdminAuditTable {
  id: string;
  actor_id: string;
  /** The admin's email when they acted (kept even if the account later changes or goes). */
  actor_email: string;
  action: string;
  target_user_id: string | null;
  target_email: string | null;
  /** JSON object: what changed (roles before and after, the plan, the amount and reason, …). */
  details: string;
  created_at: number;
}

/** Every action the audit records; the admin screen names them. */
export const ADMIN_AUDIT_ACTIONS = [
  'user.roles.set',
  'user.disabled',
  'user.enabled',
  'user.session.revoked',
  'user.sessions.ended',
  'user.key.revoked',
  'membership.granted',
  'tokens.granted',
  'backup.download',
  'second-factor.role.required',
] as const;

/** One audited action. */
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

/** One audit entry as the API answers it. */
export interface AdminAuditEntry {
  id: string;
  actor: { id: string; email: string };
  action: AdminAuditAction;
  target: { userId: string; email: string | null } | null;
  details: Record<string, unknown>;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** Most entries one page of {@link AdminAuditLog.list} holds. */
export const MAX_AUDIT_PAGE = 100;

/** Who did what to whom: written by every route that changes people, read by admins. */
export interface AdminAuditLog {
  /** Records one action of `actor` (an admin) on `targetUserId`, now. */
  record(input: {
    actor: RequestUser;
    action: AdminAuditAction;
    targetUserId?: string;
    details?: Record<string, unknown>;
  }): Promise<AdminAuditEntry>;
  /** Newest first; `cursor` is the `nextCursor` of the page before; `targetUserId` keeps one user's. */
  list(input: { cursor?: string; limit: number; targetUserId?: string }): Promise<{
    entries: AdminAuditEntry[];
    nextCursor: string | null;
  }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin audit log (`plugins/admin-audit-log.ts`). */
    adminAudit: AdminAuditLog;
  }
}

/** The name plugins list in their `dependencies` to use `app.adminAudit`. */
export const ADMIN_AUDIT_PLUGIN = 'svc-admin-audit';

interface AuditDatabase {
  admin_audit: AdminAuditTable;
  users: { id: string; email: string };
}

let sequence = 0;

/**
 * A new entry id that sorts by time: the clock's milliseconds, then this process's counter (two
 * actions in one millisecond keep their order), then random bytes (other instances).
 */
function createEntryId(now: number): string {
  sequence = (sequence + 1) % 0x1_0000_0000;
  const time = now.toString(16).padStart(12, '0');
  return `${time}-${sequence.toString(16).padStart(8, '0')}-${randomBytes(6).toString('hex')}`;
}

const ENTRY_ID = /^[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{12}$/;

function toCursor(row: { id: string }): string {
  return Buffer.from(row.id).toString('base64url');
}

function readCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!ENTRY_ID.test(id))
    throw new GateError('GATE_INVALID_CURSOR', 'This cursor is not one the audit gave.');
  return id;
}

function toEntry(row: AdminAuditTable): AdminAuditEntry {
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.details);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      details = parsed as Record<string, unknown>;
  } catch {
    // A damaged row still lists who and what.
  }
  return {
    id: row.id,
    actor: { id: row.actor_id, email: row.actor_email },
    action: row.action as AdminAuditAction,
    target: row.target_user_id === null ? null : { userId: row.target_user_id, email: row.target_email },
    details,
    createdAt: Number(row.created_at),
  };
}

/**
 * Creates the audit log over the server's database (SQLite or PostgreSQL).
 *
 * @example
 * const audit = createAdminAuditLog({ db, clock });
 * await audit.record({ actor: request.user, action: 'user.disabled', targetUserId });
 */
export function createAdminAuditLog(options: { db: Kysely<unknown>; clock: Clock }): AdminAuditLog {
  const db = options.db as Kysely<AuditDatabase>;
  return {
    async record({ actor, action, targetUserId, details = {} }) {
      const target =
        targetUserId === undefined
          ? undefined
          : await db.selectFrom('users').select('email').where('id', '=', targetUserId).executeTakeFirst();
      const row: AdminAuditTable = {
        id: createEntryId(options.clock.now()),
        actor_id: actor.id,
        actor_email: actor.email,
        action,
        target_user_id: targetUserId ?? null,
        target_email: target?.email ?? null,
        details: JSON.stringify(details),
        created_at: options.clock.now(),
      };
      await db.insertInto('admin_audit').values(row).execute();
      return toEntry(row);
    },

    async list({ cursor, limit, targetUserId }) {
      let query = db.selectFrom('admin_audit').selectAll();
      if (targetUserId !== undefined) query = query.where('target_user_id', '=', targetUserId);
      if (cursor !== undefined) query = query.where('id', '<', readCursor(cursor));
      // Ids sort by time (see createEntryId), so one column orders and pages the log.
      const rows = await query
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        entries: page.map(toEntry),
        nextCursor: rows.length > limit && last ? toCursor(last) : null,
      };
    },
  };
}

/**
 * Decorates `app.adminAudit` for every area: the admin area writes and reads it, and the older
 * routes that change people (roles, membership and token grants) record their actions in it too.
 *
 * @example
 * await app.register(adminAuditPlugin, { clock });
 */
export const adminAuditPlugin = fastifyPlugin(
  async (app: FastifyInstance, options: { clock: Clock }) => {
    app.decorate(
      'adminAudit',
      createAdminAuditLog({ db: app.database.db as Kysely<unknown>, clock: options.clock }),
    );
  },
  { name: ADMIN_AUDIT_PLUGIN, dependencies: ['svc-gate'] },
);
