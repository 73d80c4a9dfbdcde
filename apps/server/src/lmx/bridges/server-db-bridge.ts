import type { DataDocument, DataService, FilterValue, RequestUser } from '@svc/gate';
import { BridgeError, type DbBridge, type JsonValue } from '@svc/lmx-interpreters';
import { relayGateError } from './server-install-bridge.js';

/** Most rows one `lmq` query reads. */
export const LMQ_ROW_LIMIT = 5000;

function toFilters(where: JsonValue | undefined): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {};
  if (where === undefined || where === null) return filters;
  if (typeof where !== 'object' || Array.isArray(where))
    throw new BridgeError('a query filter is field = value');
  for (const [field, value] of Object.entries(where)) {
    if (value !== null && typeof value === 'object')
      throw new BridgeError(`${field} compares with one plain value`);
    filters[field] = value as FilterValue;
  }
  return filters;
}

/**
 * The `db` bridge of one `lmq` run, for one user: read-only, through the gate's data service —
 * its deny list, its admin-only collections and its per-row read checks (the user's own rows
 * and public ones; every row for an admin) — never SQL of its own. At most 5000 rows; when
 * more match, `truncated` says so. Timestamps (`createdAt`, `updatedAt`) are epoch ms.
 *
 * @example
 * const db = createServerDbBridge({ data: gate.data, user });
 */
export function createServerDbBridge(deps: { data: DataService; user: RequestUser }): DbBridge {
  return {
    async query(request, options) {
      const wanted = Math.min(
        LMQ_ROW_LIMIT,
        typeof request.limit === 'number' && request.limit > 0 ? Math.floor(request.limit) : LMQ_ROW_LIMIT,
      );
      const order = request.orderBy?.[0];
      const sort = order ? `${order.direction === 'desc' ? '-' : ''}${order.field}` : undefined;
      const filters = toFilters(request.where);
      const rows: DataDocument[] = [];
      let cursor: string | undefined;
      let more = false;
      do {
        if (options.signal.aborted) throw new BridgeError('the query was stopped');
        const page = await deps.data
          .list({
            user: deps.user,
            collection: String(request.collection),
            filters,
            sort,
            cursor,
            limit: wanted - rows.length,
          })
          .catch(relayGateError);
        rows.push(...page.items);
        cursor = page.nextCursor ?? undefined;
        more = cursor !== undefined;
      } while (more && rows.length < wanted);
      return { rows: JSON.parse(JSON.stringify(rows)) as JsonValue[], truncated: more };
    },
  };
}
