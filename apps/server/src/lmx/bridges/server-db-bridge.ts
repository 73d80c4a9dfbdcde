import { Buffer } from 'node:buffer';
import {
  type DataDocument,
  type DataService,
  FIELD_NAME_PATTERN,
  type FilterValue,
  MAX_LIST_BYTES,
  MAX_LIST_FIELDS,
  type RequestUser,
} from '@svc/gate';
import { BridgeError, type DbBridge, type JsonValue } from '@svc/lmx-interpreters';
import type { PageLane } from './page-lane.js';
import { relayGateError } from './server-install-bridge.js';

/** Most rows one `lmq` query reads. */
export const LMQ_ROW_LIMIT = 5000;
/**
 * Most bytes of documents one run's queries read together, counted as a `/db` page counts them
 * (each whole body's UTF-8 JSON plus 256 bytes, whatever the query picks): 32 MiB, sixteen full
 * `/db` pages.
 */
export const LMQ_READ_BYTES = 32 * 1024 * 1024;
/** Most bytes of rows (the JSON of the fields the query reads) one query returns to the script: 4 MiB. */
export const LMQ_RESULT_BYTES = 4 * 1024 * 1024;

/**
 * Bytes of one page of whole documents the bridge reads: one largest document (256 KiB), an
 * eighth of a `/db` page, so parsing a page on the main thread is a short slice even on a busy
 * host. A query naming its fields reads full `/db` pages (2 MiB): the database cuts the bodies
 * down, and what reaches the main thread is small.
 */
export const LMQ_PAGE_BYTES = 256 * 1024;

/** Most collection names an empty answer offers for "did you mean" (the gate's own bound). */
export const LMQ_COLLECTION_NAMES = 200;

const MIB = 1024 * 1024;

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

/** The names of the fields to keep, or undefined for whole rows. */
function toFieldList(fields: unknown): string[] | undefined {
  if (!Array.isArray(fields)) return undefined;
  return fields.filter((field): field is string => typeof field === 'string');
}

/** Whether the database can cut the bodies down to `fields` (names it accepts, not too many). */
function canProject(fields: readonly string[] | undefined): fields is readonly string[] {
  return (
    fields !== undefined &&
    fields.length <= MAX_LIST_FIELDS &&
    fields.every((field) => FIELD_NAME_PATTERN.test(field))
  );
}

/** Only `fields` of a document (those it has), as a fresh plain object. */
function pickFields(document: DataDocument, fields: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) {
    if (Object.hasOwn(document, field)) picked[field] = document[field];
  }
  return picked;
}

/**
 * The `db` bridge of one `lmq` run, for one user: read-only, through the gate's data service —
 * its deny list, its admin-only collections and its per-row read checks (the user's own rows
 * and public ones; every row for an admin) — never SQL of its own. Timestamps (`createdAt`,
 * `updatedAt`) are epoch ms.
 *
 * A query reads through the same byte-bounded pages as `/db`, of {@link LMQ_PAGE_BYTES} each,
 * one at a time in the server's page lane (every query's pages take turns, and the event loop
 * turns between two), and keeps of each row only the fields the query names: no slice of the
 * main thread holds more than one small page, whatever the documents and however many queries
 * run. It stops at
 * {@link LMQ_ROW_LIMIT} rows (`truncated` says more matched); an empty answer also lists the
 * collections the user can read that hold documents (`collections`, at most
 * {@link LMQ_COLLECTION_NAMES}), for a misspelt `FROM`; and with a typed error past
 * {@link LMQ_READ_BYTES} read in the run or {@link LMQ_RESULT_BYTES} returned by the query
 * (`E_LIMIT_BYTES`).
 *
 * @example
 * const db = createServerDbBridge({ data: gate.data, user, lane: createPageLane({ width: 1, rest: 1 }) });
 */
export function createServerDbBridge(deps: {
  data: DataService;
  user: RequestUser;
  /** The server's one lane of `lmq` page reads. */
  lane: PageLane;
}): DbBridge {
  let readBytes = 0;
  return {
    async query(request, options) {
      const wanted = Math.min(
        LMQ_ROW_LIMIT,
        typeof request.limit === 'number' && request.limit > 0 ? Math.floor(request.limit) : LMQ_ROW_LIMIT,
      );
      const collection = String(request.collection);
      const order = request.orderBy?.[0];
      const sort = order ? `${order.direction === 'desc' ? '-' : ''}${order.field}` : undefined;
      const filters = toFilters(request.where);
      const fields = toFieldList(request.fields);
      const projected = canProject(fields);
      const rows: JsonValue[] = [];
      let resultBytes = 0;
      let cursor: string | undefined;
      let more = false;
      do {
        if (options.signal.aborted) throw new BridgeError('the query was stopped');
        const after = cursor;
        const page = await deps.lane
          .run(() => {
            if (options.signal.aborted) throw new BridgeError('the query was stopped');
            return deps.data.list({
              user: deps.user,
              collection,
              filters,
              sort,
              cursor: after,
              limit: wanted - rows.length,
              ...(projected ? { fields, maxBytes: MAX_LIST_BYTES } : { maxBytes: LMQ_PAGE_BYTES }),
            });
          })
          .catch(relayGateError);
        readBytes += page.bytes;
        if (readBytes > LMQ_READ_BYTES) {
          throw new BridgeError(
            `FROM ${collection} reads more than ${LMQ_READ_BYTES / MIB} MiB of documents in this run; narrow it with WHERE field = value`,
            'E_LIMIT_BYTES',
          );
        }
        for (const item of page.items) {
          const row = fields === undefined ? item : pickFields(item, fields);
          resultBytes += fields === undefined ? 0 : Buffer.byteLength(JSON.stringify(row), 'utf8');
          rows.push(row as JsonValue);
        }
        // Whole rows count as the page counts them, without serialising them again.
        if (fields === undefined) resultBytes += page.bytes;
        if (resultBytes > LMQ_RESULT_BYTES) {
          throw new BridgeError(
            `FROM ${collection} returns more than ${LMQ_RESULT_BYTES / MIB} MiB of rows; SELECT fewer fields or narrow it with WHERE field = value`,
            'E_LIMIT_BYTES',
          );
        }
        cursor = page.nextCursor ?? undefined;
        more = cursor !== undefined;
      } while (more && rows.length < wanted);
      if (rows.length > 0) return { rows, truncated: more };
      // No rows: name the collections the user can read that hold documents (one bounded query,
      // only now), so a misspelt FROM gets the closest one instead of a silent "no rows".
      const collections = await deps.lane
        .run(() => deps.data.readableCollections({ user: deps.user, limit: LMQ_COLLECTION_NAMES }))
        .catch(relayGateError);
      return { rows, truncated: more, collections };
    },
  };
}
