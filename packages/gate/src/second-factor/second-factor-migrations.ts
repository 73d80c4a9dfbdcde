import type { Kysely, Migration } from 'kysely';

/** The second factor's tables: TOTP authenticators, recovery codes, sign-in challenges, role requirements. */
export const secondFactorMigrations: Record<string, Migration> = {
  '0006_second_factor': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('second_factor_totp')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'bigint')
        .addColumn('last_used_step', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('second_factor_recovery_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('second_factor_recovery_codes_user')
        .on('second_factor_recovery_codes')
        .columns(['user_id', 'code_hash'])
        .execute();
      await db.schema
        .createTable('second_factor_challenges')
        .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('first_factor', 'text', (c) => c.notNull())
        .addColumn('first_factor_passed', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('pending_secret_sealed', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('user_agent', 'text')
        .addColumn('client_address', 'text')
        .execute();
      await db.schema
        .createIndex('second_factor_challenges_expiry')
        .on('second_factor_challenges')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('second_factor_role_requirements')
        .addColumn('role', 'text', (c) => c.primaryKey())
        .addColumn('required_at', 'bigint', (c) => c.notNull())
        .addColumn('required_by', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'second_factor_role_requirements',
        'second_factor_challenges',
        'second_factor_recovery_codes',
        'second_factor_totp',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
};
