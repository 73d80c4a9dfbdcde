import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { type AccessControl, createAccessControl } from '../access/access-control.js';
import type { DocumentsTable, GateDatabase } from '../db/schema.js';
import { GateError } from '../errors.js';
import type { DataEvents } from '../ports/data-events.js';
import type { GateDeps, RequestUser } from '../types.js';
import {
  ADMIN_ONLY_COLLECTIONS,
  assertCollectionAccess,
  assertFieldName,
  isDeniedCollection,
} from './collection-rules.js';
import {
  type DataDocument,
  parseBody,
  readDocumentInput,
  SYSTEM_FIELDS,
  serializeBody,
  toDataDocument,
} from './document-shape.js';
import { type FilterValue, toListedCondition } from './list-filters.js';
import { documentBytes, MAX_LIST_BYTES, runListQuery } from './list-query.js';
import { assertLimit } from './list-sort.js';
import { canClone, canRead, canWrite } from './ownership.js';
import { detectSqlDialect, type SqlDialect } from './sql-dialect.js';

/** Rows a listing returns when no limit is given. */
export const DEFAULT_LIST_LIMIT = 50;
/** Most rows one listing returns. */
export const MAX_LIST_LIMIT = 5000;
/** Most body fields one listing may pick (`fields`). */
export const MAX_LIST_FIELDS = 64;
/** Bytes one user may keep per collection unless configured (`dataQuotaBytes`): 64 MiB. */
export const DEFAULT_DATA_QUOTA_BYTES = 64 * 1024 * 1024;

/** Ids the service generates are UUIDs; anything outside this shape cannot name a document. */
const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** Names one document: the caller, its collection and its id. */
export interface DocumentRef {
  user: RequestUser | null;
  collection: string;
  id: string;
}

/** Arguments of {@link DataService.list}. */
export interface ListDocumentsInput {
  user: RequestUser | null;
  collection: string;
  /** `field → value`, all must match; see the data docs for how text matches numbers and booleans. */
  filters?: Readonly<Record<string, FilterValue>>;
  /** `field` or `-field`; default `-createdAt`. */
  sort?: string | undefined;
  /** `nextCursor` of the previous page. */
  cursor?: string | undefined;
  /** 1…5000, default 50. */
  limit?: number | undefined;
  /**
   * Bytes the page may hold (each document counts its body plus 256 bytes), at most and by
   * default {@link MAX_LIST_BYTES} (2 MiB); a first document always fits. Readers that walk many
   * pages on the server's main thread ask for smaller ones, so no single page is a long slice.
   */
  maxBytes?: number | undefined;
  /**
   * Only these body fields (names as for filters, at most {@link MAX_LIST_FIELDS}); the system
   * fields always come. The database cuts the bodies down, so a reader of a few fields of large
   * documents never parses the rest; the page's byte bound still counts whole bodies.
   */
  fields?: readonly string[] | undefined;
}

/** What one user keeps in one collection, and the byte quota that applies (see {@link DataService.readUsage}). */
export interface CollectionUsage {
  /** Every document's body (UTF-8 JSON) plus 256 bytes each, as the quota counts them. */
  usedBytes: number;
  documents: number;
  /** The configured byte quota per user and collection; 0 when off. */
  quotaBytes: number;
}

/** A page of documents. */
export interface DocumentPage {
  items: DataDocument[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /**
   * What the page's documents count for against the 2 MiB page bound: each body's UTF-8 JSON
   * plus 256 bytes. Readers that page through a collection add it up to bound what they read.
   */
  bytes: number;
}

/**
 * Ownership-checked JSON documents in named collections. Every method takes the caller as `user`
 * (null when anonymous) and applies `canRead` / `canWrite` / `canClone`: another user's private
 * document is `GATE_NOT_FOUND` (never 403, so ids cannot be probed); a readable document the
 * caller may not change is `GATE_FORBIDDEN`; writes need a signed-in user holding the
 * `write_data` permission. Reads need no permission: the ownership rules are the read control.
 */
export interface DataService {
  /** The documents `user` may list (own + public; all for admins), filtered, sorted, one page. */
  list(input: ListDocumentsInput): Promise<DocumentPage>;
  get(input: DocumentRef): Promise<DataDocument>;
  /** Stores `data` as a new document owned by the caller (visibility from `data`, default private). */
  create(input: { user: RequestUser | null; collection: string; data: unknown }): Promise<DataDocument>;
  /** Shallow-merges `data` into the document's fields; `visibility` may change, system fields may not. */
  patch(input: DocumentRef & { data: unknown }): Promise<DataDocument>;
  remove(input: DocumentRef): Promise<void>;
  /** A private copy of a readable document, owned by the caller. */
  clone(input: DocumentRef): Promise<DataDocument>;
  /**
   * What `owner` keeps in `collection`, counted as the quota counts it, and the configured quota.
   * For server areas that write a collection themselves (run records) and keep it within the
   * same quota; no ownership check, so never answer it to another user.
   */
  readUsage(input: { owner: string; collection: string }): Promise<CollectionUsage>;
  /**
   * The collections holding at least one document `user` would see listed (own + public; every
   * collection for admins), sorted, at most `limit` (1…{@link MAX_READABLE_COLLECTIONS}, default
   * the maximum) — never a reserved or deny-listed one, nor an admin-only one for a non-admin.
   * One bounded `SELECT DISTINCT` query; for "did you mean" on a misspelt collection name.
   */
  readableCollections(input: { user: RequestUser | null; limit?: number }): Promise<string[]>;
}

/** The most names {@link DataService.readableCollections} answers. */
export const MAX_READABLE_COLLECTIONS = 200;

/** The permission every write needs, on top of the ownership rules (members hold it by default). */
export const WRITE_DATA_PERMISSION = 'write_data';

/** A page's byte bound: `requested` within 1…{@link MAX_LIST_BYTES}, the maximum when absent. */
function toPageBytes(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return MAX_LIST_BYTES;
  return Math.max(1, Math.min(MAX_LIST_BYTES, Math.floor(requested)));
}

const SYSTEM_FIELD_NAMES = new Set<string>(SYSTEM_FIELDS);

/** The body fields a listing picks: checked names, system fields left to their columns. */
function toBodyFields(fields: readonly string[]): string[] {
  if (!Array.isArray(fields) || fields.length > MAX_LIST_FIELDS) {
    throw new GateError('GATE_INVALID_INPUT', `A listing picks at most ${MAX_LIST_FIELDS} fields.`, {
      details: { maxFields: MAX_LIST_FIELDS },
    });
  }
  for (const field of fields) assertFieldName(field);
  return [...new Set(fields)].filter((field) => !SYSTEM_FIELD_NAMES.has(field));
}

const notFound = () => new GateError('GATE_NOT_FOUND', 'No such document.');

/** The row, if it exists and `user` may read it; otherwise `GATE_NOT_FOUND` either way. */
function assertReadable(
  user: RequestUser | null,
  row: Selectable<DocumentsTable> | undefined,
): Selectable<DocumentsTable> {
  if (row === undefined || !canRead(user, row)) throw notFound();
  return row;
}

function assertWritable(
  user: RequestUser | null,
  row: Selectable<DocumentsTable> | undefined,
): Selectable<DocumentsTable> {
  const readable = assertReadable(user, row);
  if (!canWrite(user, readable))
    throw new GateError('GATE_FORBIDDEN', 'Only the owner of this document can change it.');
  return readable;
}

async function findRow(db: Kysely<GateDatabase>, ref: DocumentRef, forUpdate = false) {
  if (typeof ref.id !== 'string' || !DOCUMENT_ID_PATTERN.test(ref.id)) return undefined;
  const query = db
    .selectFrom('documents')
    .selectAll()
    .where('collection', '=', ref.collection)
    .where('id', '=', ref.id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Creates the data service over the gate's database and clock.
 *
 * @example
 * const data = createDataService(deps, { access });
 * const note = await data.create({ user, collection: 'notes', data: { title: 'Hi', visibility: 'public' } });
 * const { items } = await data.list({ user: null, collection: 'notes', filters: { title: 'Hi' } });
 */
export function createDataService(
  deps: GateDeps,
  shared: { access?: AccessControl; events?: DataEvents } = {},
): DataService {
  const { db, clock } = deps;
  const access: AccessControl = shared.access ?? createAccessControl(deps.config.rolePermissions);
  const events = shared.events ?? {};
  const requireWriter = (user: RequestUser | null): RequestUser => {
    if (user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in to change documents.');
    access.requirePermission(user, WRITE_DATA_PERMISSION);
    return user;
  };
  const serverWritten = new Set(deps.config.serverWrittenCollections);
  const assertUserWritable = (collection: string): void => {
    if (!serverWritten.has(collection)) return;
    throw new GateError(
      'GATE_FORBIDDEN',
      `Documents of "${collection}" are written by the server; they can be read and deleted, not written.`,
    );
  };
  let dialect: SqlDialect | undefined;
  const dialectOf = () => {
    dialect ??= detectSqlDialect(db as Kysely<unknown>);
    return dialect;
  };
  const quota = deps.config.dataQuotaBytes;
  const maxDocuments = new Map(Object.entries(deps.config.maxDocumentsPerOwner));

  async function readUsage(
    trx: Kysely<GateDatabase>,
    owner: string,
    collection: string,
  ): Promise<{ usedBytes: number; documents: number }> {
    const usage = await trx
      .selectFrom('documents')
      .select([
        sql<number | string | null>`sum(octet_length(body))`.as('body_bytes'),
        (eb) => eb.fn.countAll<number | string>().as('documents'),
      ])
      .where('collection', '=', collection)
      .where('owner', '=', owner)
      .executeTakeFirst();
    const documents = Number(usage?.documents ?? 0);
    return { usedBytes: Number(usage?.body_bytes ?? 0) + documentBytes(0) * documents, documents };
  }

  /** Refuses a new document (create or clone) past the collection's count limit, if it has one. */
  async function assertDocumentCount(
    trx: Kysely<GateDatabase>,
    owner: RequestUser,
    collection: string,
  ): Promise<void> {
    const limit = maxDocuments.get(collection);
    if (limit === undefined) return;
    const row = await trx
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number | string>().as('documents'))
      .where('collection', '=', collection)
      .where('owner', '=', owner.id)
      .executeTakeFirst();
    const documents = Number(row?.documents ?? 0);
    if (documents < limit) return;
    throw new GateError(
      'GATE_QUOTA_EXCEEDED',
      `You may keep at most ${limit} documents in "${collection}"; you have ${documents}. Delete one first.`,
      { details: { collection, maxDocuments: limit, documents } },
    );
  }

  /**
   * Refuses a write that would take `owner` past the collection quota: `adding` bytes of body
   * in place of `replacing` (a patched document's old body). Writes that do not grow the
   * collection always pass, so an owner over the quota can still shrink it. Two concurrent
   * writes may both pass: the overshoot is bounded by one document each.
   */
  async function assertQuota(
    trx: Kysely<GateDatabase>,
    owner: RequestUser,
    collection: string,
    change: { adding: string; replacing?: string },
  ): Promise<void> {
    if (quota <= 0 || owner.isAdmin) return;
    const added = Buffer.byteLength(change.adding, 'utf8');
    const replaced = change.replacing === undefined ? undefined : Buffer.byteLength(change.replacing, 'utf8');
    if (replaced !== undefined && added <= replaced) return;
    const used = (await readUsage(trx, owner.id, collection)).usedBytes;
    const after = replaced === undefined ? used + documentBytes(added) : used - replaced + added;
    if (after <= quota) return;
    throw new GateError(
      'GATE_QUOTA_EXCEEDED',
      `You may keep at most ${quota} bytes in "${collection}"; this write would bring it to ${after}. Delete or shrink documents first.`,
      { details: { collection, quotaBytes: quota, usedBytes: used, afterBytes: after } },
    );
  }

  /**
   * Stores a new document of `owner` after the quota check and, for a collection with a count
   * limit, the count check. Those run in one transaction with the insert, serialised per owner
   * and collection (an advisory lock on PostgreSQL; SQLite runs one writer at a time), so
   * concurrent creates cannot pass the count limit together. The byte quota alone is checked
   * outside one, as before: concurrent writes may pass it by one document each.
   */
  async function insert(
    owner: RequestUser,
    collection: string,
    visibility: string,
    body: string,
  ): Promise<DataDocument> {
    const now = clock.now();
    const row = {
      id: randomUUID(),
      collection,
      owner: owner.id,
      visibility,
      created_at: now,
      updated_at: now,
      body,
    };
    if (maxDocuments.has(collection)) {
      await db.transaction().execute(async (trx) => {
        if (dialectOf() === 'postgres')
          await sql`select pg_advisory_xact_lock(hashtext(${owner.id}), hashtext(${collection}))`.execute(
            trx,
          );
        await assertDocumentCount(trx, owner, collection);
        await assertQuota(trx, owner, collection, { adding: body });
        await trx.insertInto('documents').values(row).execute();
      });
    } else {
      await assertQuota(db, owner, collection, { adding: body });
      await db.insertInto('documents').values(row).execute();
    }
    await announceWritten(row);
    return toDataDocument(row);
  }

  const announceWritten = async (row: Selectable<DocumentsTable>): Promise<void> => {
    await events.documentWritten?.({
      collection: row.collection,
      id: row.id,
      owner: row.owner,
      body: row.body,
      updatedAt: Number(row.updated_at),
    });
  };

  return {
    async list({
      user,
      collection,
      filters = {},
      sort,
      cursor,
      limit = DEFAULT_LIST_LIMIT,
      maxBytes,
      fields,
    }) {
      assertCollectionAccess(user, collection);
      assertLimit(limit, MAX_LIST_LIMIT);
      const page = await runListQuery(db, dialectOf(), {
        user,
        collection,
        filters,
        sort,
        cursor,
        limit,
        maxBytes: toPageBytes(maxBytes),
        fields: fields === undefined ? undefined : toBodyFields(fields),
      });
      return { items: page.rows.map(toDataDocument), nextCursor: page.nextCursor, bytes: page.bytes };
    },

    async get(ref) {
      assertCollectionAccess(ref.user, ref.collection);
      return toDataDocument(assertReadable(ref.user, await findRow(db, ref)));
    },

    async create({ user, collection, data }) {
      const owner = requireWriter(user);
      assertCollectionAccess(owner, collection);
      assertUserWritable(collection);
      const input = readDocumentInput(data);
      const body = serializeBody(input.fields);
      return insert(owner, collection, input.visibility ?? 'private', body);
    },

    async patch(ref) {
      const writer = requireWriter(ref.user);
      assertCollectionAccess(ref.user, ref.collection);
      assertUserWritable(ref.collection);
      const input = readDocumentInput(ref.data);
      // Read, merge and write under a row lock (PostgreSQL; SQLite writers are serialised
      // already), so two concurrent patches cannot drop each other's fields.
      const written = await db.transaction().execute(async (trx) => {
        const row = assertWritable(ref.user, await findRow(trx, ref, dialectOf() === 'postgres'));
        const body = serializeBody({ ...parseBody(row.body), ...input.fields });
        // The writer is the owner (charged) or an admin (never limited).
        await assertQuota(trx, writer, ref.collection, { adding: body, replacing: row.body });
        const visibility = input.visibility ?? row.visibility;
        const updated = { ...row, body, visibility, updated_at: clock.now() };
        await trx
          .updateTable('documents')
          .set({ body, visibility, updated_at: updated.updated_at })
          .where('id', '=', row.id)
          .execute();
        return updated;
      });
      await announceWritten(written);
      return toDataDocument(written);
    },

    async remove(ref) {
      requireWriter(ref.user);
      assertCollectionAccess(ref.user, ref.collection);
      const row = assertWritable(ref.user, await findRow(db, ref));
      const deleted = await db.deleteFrom('documents').where('id', '=', row.id).executeTakeFirst();
      // Told once, by the request that actually deleted the row (not a concurrent twin).
      if (Number(deleted.numDeletedRows) === 1) {
        await events.documentDeleted?.({ collection: row.collection, id: row.id, owner: row.owner });
      }
    },

    async clone(ref) {
      const user = requireWriter(ref.user);
      assertCollectionAccess(user, ref.collection);
      assertUserWritable(ref.collection);
      const row = assertReadable(user, await findRow(db, ref));
      if (!canClone(user, row)) throw notFound();
      return insert(user, ref.collection, 'private', row.body);
    },

    async readUsage({ owner, collection }) {
      return { ...(await readUsage(db, owner, collection)), quotaBytes: quota };
    },

    async readableCollections({ user, limit = MAX_READABLE_COLLECTIONS }) {
      assertLimit(limit, MAX_READABLE_COLLECTIONS);
      const hidden: string[] = user?.isAdmin ? [] : [...ADMIN_ONLY_COLLECTIONS];
      let builder = db.selectFrom('documents').select('collection').distinct();
      const listed = toListedCondition(user);
      if (listed) builder = builder.where(listed);
      if (hidden.length > 0) builder = builder.where('collection', 'not in', hidden);
      const rows = await builder.orderBy('collection').limit(limit).execute();
      // Reserved names never hold documents written through the data route; the filter keeps
      // one a server area might have written out of every answer all the same.
      return rows.map((row) => row.collection).filter((name) => !isDeniedCollection(name));
    },
  };
}
