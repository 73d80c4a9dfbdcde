import fastifyPlugin from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { ACCOUNT_DATA_PLUGIN } from '../plugins/account-data.js';
import { ADMIN_AUDIT_PLUGIN } from '../plugins/admin-audit-log.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { createAdminAccountData } from './admin-account-data.js';
import { adminRoutes } from './admin-routes.js';
import { backupRoutes } from './backup-routes.js';

/**
 * The admin area as one plugin: the account directory (search, roles, disable and re-enable,
 * sessions, API keys, membership and token grants), the audit log and the database backup, for
 * admins. Register it with prefix `/api/admin`; it needs the gate plugin (`app.gate`) and the
 * audit log (`app.adminAudit`). Docs: docs/gate/admin.md.
 *
 * @example
 * await app.register(adminPlugin, { prefix: '/api/admin' });
 */
export const adminPlugin = fastifyPlugin(
  async (app) => {
    app.accountData.register(createAdminAccountData(app.database.db as Kysely<unknown>));
    await app.register(adminRoutes);
    await app.register(backupRoutes);
  },
  {
    name: 'svc-admin',
    dependencies: [GATE_PLUGIN, ADMIN_AUDIT_PLUGIN, ACCOUNT_DATA_PLUGIN],
    encapsulate: true,
  },
);
