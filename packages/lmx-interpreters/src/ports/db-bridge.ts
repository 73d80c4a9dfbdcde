import type { BridgeCallOptions } from './bridge-call-options.js';
import type { JsonValue } from './json-value.js';

/** A read query as `lmq` sends it. */
export interface DbQuery {
  collection: string;
  where?: JsonValue;
  orderBy?: { field: string; direction: 'asc' | 'desc' }[];
  limit?: number;
  select?: JsonValue;
  /**
   * The top-level fields the query reads (its `WHERE`, `ORDER BY` and `SELECT` names): a row
   * need carry no other. Absent when the query answers whole rows.
   */
  fields?: string[];
  /**
   * Optional: the collection names the caller can read that hold at least one document. A host
   * MAY offer them when the queried collection answered no rows, so a misspelt collection
   * (`FROM notse`) gets the closest real one as a suggestion instead of a silent "no rows".
   */
  collections?: string[];
}

/**
 * Reads stored rows for `lmq`: read-only, at most 5000 rows, honouring the data route's deny
 * list and per-row read checks (the host's job). Created per request for the requesting user.
 * A host bounds what one query may read and return; past a bound it throws a `BridgeError` with
 * `E_LIMIT_ROWS` or `E_LIMIT_BYTES` rather than answer from a part.
 *
 * @example
 * ```ts
 * const db: DbBridge = { query: async (query) => dataRoute.read(user, query) };
 * ```
 */
export interface DbBridge {
  query(request: DbQuery, options: BridgeCallOptions): Promise<DbAnswer>;
}

/** What a `db` query answers. */
export interface DbAnswer {
  rows: JsonValue[];
  /** The bridge had more rows than it returned. */
  truncated?: boolean;
  /**
   * Optional: the top-level field names the collection's rows have (beyond those returned), so
   * a misspelt field in a query gets the closest real one as a suggestion.
   */
  fields?: string[];
  /**
   * Optional: the collection names the caller can read that hold at least one document. A host
   * MAY offer them when the queried collection answered no rows, so a misspelt collection
   * (`FROM notse`) gets the closest real one as a suggestion instead of a silent "no rows".
   */
  collections?: string[];
}
