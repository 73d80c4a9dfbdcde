import type { Kysely, Migration } from 'kysely';

interface RuleRow {
  id: string;
  body: string;
}

type DocumentsOnly = { documents: { id: string; collection: string; body: string } };

/**
 * Rewrites the `resource` of every `meter_rules` document from `<from>system.fn` to
 * `<to>system.fn`, keeping everything else (and `updated_at`, which orders rival rules). The
 * collection is a short admin-written price list, so the rows are read and parsed here rather
 * than with dialect-specific JSON SQL.
 */
async function renameTargets(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const documents = db as unknown as Kysely<DocumentsOnly>;
  const rows: RuleRow[] = await documents
    .selectFrom('documents')
    .select(['id', 'body'])
    .where('collection', '=', 'meter_rules')
    .execute();
  for (const row of rows) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(row.body) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof body.resource !== 'string' || !body.resource.startsWith(from)) continue;
    const resource = `${to}${body.resource.slice(from.length)}`;
    await documents
      .updateTable('documents')
      .set({ body: JSON.stringify({ ...body, resource }) })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * The capability registry's migrations: the meter targets of adapter calls became
 * `tool:<system>.<fn>` (the same target the adapter route, MCP and `lma` charge), so existing
 * `adapter:<system>.<fn>` price rules are rewritten to keep pricing the same calls.
 *
 * @example
 * const serverMigrations = { ...gateMigrations, ...activityMigrations, ...capabilityMigrations };
 */
export const capabilityMigrations: Record<string, Migration> = {
  '0200_meter_rules_tool_targets': {
    up: (db) => renameTargets(db, 'adapter:', 'tool:'),
    down: (db) => renameTargets(db, 'tool:', 'adapter:'),
  },
};
