import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Kysely } from 'kysely';

/**
 * Where an area writes its part of a person's export (`GET /account/export`): one ZIP archive,
 * each area in a folder of its own (`<area>/…`). Every method resolves once the entry is queued
 * and its bytes consumed, so an area holds at most one page of rows in memory.
 */
export interface AccountExportSink {
  /** Adds `<area>/<path>` holding `value` as pretty-printed JSON. */
  addJson(path: string, value: unknown): Promise<void>;
  /** Adds `<area>/<path>` as JSON Lines, one row per line, read page by page from `rows`. */
  addJsonLines(path: string, rows: AsyncIterable<unknown>): Promise<void>;
  /** Adds `<area>/<path>` with the bytes of `body` (a stored file, streamed). */
  addStream(path: string, body: Readable): Promise<void>;
}

/** What a deletion tells each contributor. */
export interface AccountDeletion {
  userId: string;
  /** The account's email (some rows are keyed by it: the sign-in throttle's). */
  email: string;
  /** The id that replaces the user's in rows kept for accounting or audit. */
  tombstoneId: string;
  /** The one transaction every contributor and then the gate delete in. */
  trx: Kysely<unknown>;
}

/** Work a contributor leaves for after the commit (files in storage), retried by its own sweep. */
export type AfterAccountDeletion = () => Promise<void>;

/**
 * One area's share of "export my data" and "delete my account": the rows and files the area
 * keeps about a user beyond the gate's own (documents, keys, sessions, wallet, membership, which
 * the gate's `leaving` service handles).
 */
export interface AccountDataContributor {
  /** The area's name: its folder in the export. */
  area: string;
  /** Writes what the area holds about `userId` into `sink` (files under the area's folder). */
  export?(userId: string, sink: AccountExportSink): Promise<void>;
  /**
   * Deletes (or anonymises) the area's rows of the user through `deletion.trx`, before the gate
   * deletes the account in the same transaction; answers work for after the commit, if any.
   */
  delete?(deletion: AccountDeletion): Promise<AfterAccountDeletion | undefined>;
}

/** The port areas register their contributors on (`app.accountData`). */
export interface AccountData {
  register(contributor: AccountDataContributor): void;
  /** Every contributor, in registration order. */
  list(): readonly AccountDataContributor[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Each area's share of a person's export and deletion (`plugins/account-data.ts`). */
    accountData: AccountData;
  }
}

/** The name plugins list in their `dependencies` to use `app.accountData`. */
export const ACCOUNT_DATA_PLUGIN = 'svc-account-data';

/**
 * Creates an empty contributor list; a second contributor for one area is a bug (TypeError).
 *
 * @example
 * const accountData = createAccountData();
 * accountData.register({ area: 'integrations', export: …, delete: … });
 */
export function createAccountData(): AccountData {
  const contributors: AccountDataContributor[] = [];
  return {
    register(contributor) {
      if (contributors.some((existing) => existing.area === contributor.area))
        throw new TypeError(`Account data of area ${contributor.area} is already registered.`);
      contributors.push(contributor);
    },
    list: () => contributors,
  };
}

/**
 * Decorates `app.accountData` before the areas register, so each area's plugin adds its
 * contributor and the account area (`account/`, `/account`) reads them all without importing
 * any area.
 *
 * @example
 * await app.register(accountDataPlugin);
 * app.accountData.register(createIntegrationsAccountData(db));
 */
export const accountDataPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.decorate('accountData', createAccountData());
  },
  { name: ACCOUNT_DATA_PLUGIN },
);
