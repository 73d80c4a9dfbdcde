import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SignedInUser } from './access-test-fixtures.js';

// Test support for the leaving suites: rows of the areas whose own setup is long (a dreamer run,
// an automation with its trigger and queued run, a stored function, a webhook integration),
// written the way those areas write them. Never imported by production code.

/** What {@link seedAreaRows} wrote for `user`. */
export interface SeededAreaRows {
  runId: string;
  automationId: string;
  functionId: string;
  integrationId: string;
}

/** Writes one row of each area's kind for `user` straight into the server's database. */
export async function seedAreaRows(app: FastifyInstance, user: SignedInUser): Promise<SeededAreaRows> {
  const db = app.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const now = Date.now();
  const document = (collection: string, body: Record<string, unknown>) => ({
    id: randomUUID(),
    collection,
    owner: user.id,
    visibility: 'private',
    created_at: now,
    updated_at: now,
    body: JSON.stringify(body),
  });
  const run = document('dreamer_runs', {
    status: 'done',
    steps: [{ stage: 'ideate', checkpoint: { ideas: ['a lighthouse puzzle'] } }],
  });
  const automation = document('automations', {
    name: 'nightly',
    trigger: { type: 'schedule', cron: '0 3 * * *' },
  });
  const fn = document('function_calls', { name: 'greet', capability: 'spec.validate', input: {} });
  await db.insertInto('documents').values([run, automation, fn]).execute();
  await db
    .insertInto('automation_triggers')
    .values({
      automation_id: automation.id,
      owner: user.id,
      name: 'nightly',
      updated_at: now,
      trigger_type: 'schedule',
      cron: '0 3 * * *',
      next_due_at: now + 3_600_000,
      event: null,
      event_collection: null,
    })
    .execute();
  await db
    .insertInto('automation_run_queue')
    .values({
      run_id: randomUUID(),
      owner: user.id,
      state: 'queued',
      queued_at: now,
      runner: null,
      heartbeat_at: null,
    })
    .execute();
  const integrationId = randomUUID();
  await db
    .insertInto('user_integrations')
    .values({
      id: integrationId,
      owner: user.id,
      name: 'crm',
      url: 'https://crm.example.com/hook',
      secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw==',
      created_at: now,
    })
    .execute();
  return { runId: run.id, automationId: automation.id, functionId: fn.id, integrationId };
}

/** Every (table, column) that names a user: after a deletion none may hold the deleted id. */
export const USER_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['users', 'id'],
  ['sessions', 'user_id'],
  ['verification_tokens', 'user_id'],
  ['api_keys', 'user_id'],
  ['documents', 'owner'],
  ['wallets', 'user_id'],
  ['wallet_ledger', 'user_id'],
  ['wallet_ledger', 'actor_id'],
  ['memberships', 'user_id'],
  ['token_pack_purchases', 'user_id'],
  ['activity_jobs', 'owner'],
  ['automation_triggers', 'owner'],
  ['automation_run_queue', 'owner'],
  ['user_integrations', 'owner'],
  ['admin_audit', 'actor_id'],
  ['admin_audit', 'target_user_id'],
];

/** The tables (and columns) still holding `userId`, as `table.column` names. */
export async function findRowsOf(app: FastifyInstance, userId: string): Promise<string[]> {
  const db = app.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const found: string[] = [];
  for (const [table, column] of USER_COLUMNS) {
    const rows = await db.selectFrom(table).select(column).where(column, '=', userId).execute();
    if (rows.length > 0) found.push(`${table}.${column}`);
  }
  return found;
}
