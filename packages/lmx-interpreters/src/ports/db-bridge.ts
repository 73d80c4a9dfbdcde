import type { JsonValue } from '../core/convert.js';
import type { BridgeCallOptions } from './bridge-call-options.js';

/** A read query as `lmq` sends it. */
export interface DbQuery {
  collection: string;
  where?: JsonValue;
  orderBy?: { field: string; direction: 'asc' | 'desc' }[];
  limit?: number;
  select?: JsonValue;
}

/**
 * Reads stored rows for `lmq`: read-only, at most 5000 rows, honouring the data route's deny
 * list and per-row read checks (the host's job). Created per request for the requesting user.
 *
 * @example
 * ```ts
 * const db: DbBridge = { query: async (query) => dataRoute.read(user, query) };
 * ```
 */
export interface DbBridge {
  query(request: DbQuery, options: BridgeCallOptions): Promise<{ rows: JsonValue[]; truncated?: boolean }>;
}
