import { type Kysely, type Migration, sql } from 'kysely';

/**
 * One row per server instance holding its name (`SVC_INSTANCE_ID`): who holds it (a random
 * token of the process) and its last heartbeat. Written by `claimInstanceId` at start, beaten
 * while running, deleted on a clean stop; a row whose heartbeat is old was left by a crash.
 */
export interface ServerInstancesTable {
  instance_id: string;
  /** A random token of the holding process: the same name claimed by two processes differs here. */
  holder: string;
  started_at: number;
  /** Epoch ms of the holder's last heartbeat (its own clock). */
  heartbeat_at: number;
}

/** The table {@link instanceMigrations} adds. */
export interface InstancesDatabase {
  server_instances: ServerInstancesTable;
}

/**
 * The instance-name leases (`0600_server_instances`).
 *
 * @example
 * const serverMigrations = { ...gateMigrations, ...instanceMigrations };
 */
export const instanceMigrations: Record<string, Migration> = {
  '0600_server_instances': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('server_instances')
        .addColumn('instance_id', 'text', (column) => column.primaryKey())
        .addColumn('holder', 'text', (column) => column.notNull())
        .addColumn('started_at', 'bigint', (column) => column.notNull())
        .addColumn('heartbeat_at', 'bigint', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists server_instances`.execute(db);
    },
  },
};
