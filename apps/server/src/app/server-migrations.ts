import { gateMigrations } from '@svc/gate';
import type { Kysely, Migration } from 'kysely';
import { activityMigrations } from '../activity/activity-migrations.js';
import { adminMigrations } from '../admin/admin-migrations.js';
import { authMigrations } from '../auth/auth-migrations.js';
import { automationMigrations } from '../automations/automation-migrations.js';
import { capabilityMigrations } from '../capabilities/capability-migrations.js';
import { instanceMigrations } from '../db/instance-migrations.js';
import { applyMigrations } from '../db/migrate.js';
import { integrationMigrations } from '../integrations/integration-migrations.js';

/**
 * Every migration the server runs, by name; names sort in the order they apply. The gate's
 * (`0001_…`) and the server's own (`0100_…`) are independent sets, so the migrator allows a new
 * gate migration to apply after a server migration that sorts later.
 */
export const serverMigrations: Record<string, Migration> = {
  ...gateMigrations,
  ...activityMigrations,
  ...capabilityMigrations,
  ...integrationMigrations,
  ...automationMigrations,
  ...instanceMigrations,
  ...authMigrations,
  ...adminMigrations,
};

/**
 * Brings the server's schema to the latest version of {@link serverMigrations}; safe at every
 * start. Answers the names applied now.
 *
 * @example
 * await migrateToLatest(database.db);
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  return applyMigrations(db, serverMigrations);
}
