import { randomBytes, randomUUID } from 'node:crypto';
import { GateError } from '@svc/gate';
import type { Kysely } from 'kysely';
import type { IntegrationsDatabase } from './integration-migrations.js';

/** Webhooks one user may keep. */
export const MAX_INTEGRATIONS_PER_USER = 100;
const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

/** An integration as reads show it: never the secret. */
export interface PublicIntegration {
  id: string;
  name: string;
  url: string;
  createdAt: number;
}

/** An integration with its secret, for signing only. */
export interface StoredIntegration extends PublicIntegration {
  owner: string;
  secret: string;
}

/** A fresh Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const createWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** Throws `GATE_INVALID_INPUT` unless `url` is an absolute http(s) URL without credentials. */
export function assertWebhookUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new GateError('GATE_INVALID_INPUT', 'url must be an absolute http:// or https:// URL.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new GateError('GATE_INVALID_INPUT', 'url must use http or https.');
  if (parsed.username !== '' || parsed.password !== '')
    throw new GateError(
      'GATE_INVALID_INPUT',
      'url may not carry credentials; the signature authenticates the call.',
    );
  return parsed;
}

type Row = IntegrationsDatabase['user_integrations'];
const toStored = (row: Row): StoredIntegration => ({
  id: row.id,
  owner: row.owner,
  name: row.name,
  url: row.url,
  secret: row.secret,
  createdAt: Number(row.created_at),
});

/**
 * The `user_integrations` table, always scoped to one owner.
 *
 * @example
 * const store = createIntegrationStore(db);
 * const created = await store.create(user.id, { name: 'slack', url: 'https://hooks.example.com/x' });
 */
export function createIntegrationStore(db: Kysely<IntegrationsDatabase>, now: () => number = Date.now) {
  return {
    /** Stores a webhook; a missing secret is generated. `GATE_CONFLICT` when the name is taken. */
    async create(
      owner: string,
      input: { name: string; url: string; secret?: string },
    ): Promise<StoredIntegration> {
      assertWebhookUrl(input.url);
      if (input.secret !== undefined && !SECRET_PATTERN.test(input.secret))
        throw new GateError(
          'GATE_INVALID_INPUT',
          'secret must be whsec_ followed by a base64 key of 24 to 64 bytes.',
        );
      const existing = await this.list(owner);
      if (existing.some((integration) => integration.name === input.name))
        throw new GateError('GATE_CONFLICT', `You already have an integration named ${input.name}.`);
      if (existing.length >= MAX_INTEGRATIONS_PER_USER)
        throw new GateError(
          'GATE_QUOTA_EXCEEDED',
          `You may keep at most ${MAX_INTEGRATIONS_PER_USER} integrations.`,
        );
      const row: Row = {
        id: randomUUID(),
        owner,
        name: input.name,
        url: input.url,
        secret: input.secret ?? createWebhookSecret(),
        created_at: now(),
      };
      await db.insertInto('user_integrations').values(row).execute();
      return toStored(row);
    },
    /** The owner's webhooks, oldest first, without secrets. */
    async list(owner: string): Promise<PublicIntegration[]> {
      const rows = await db
        .selectFrom('user_integrations')
        .select(['id', 'name', 'url', 'created_at'])
        .where('owner', '=', owner)
        .orderBy('created_at', 'asc')
        .orderBy('name', 'asc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        url: row.url,
        createdAt: Number(row.created_at),
      }));
    },
    /** One webhook with its secret (for signing), or undefined. */
    async find(owner: string, name: string): Promise<StoredIntegration | undefined> {
      const row = await db
        .selectFrom('user_integrations')
        .selectAll()
        .where('owner', '=', owner)
        .where('name', '=', name)
        .executeTakeFirst();
      return row ? toStored(row) : undefined;
    },
    /** Deletes one webhook; `GATE_NOT_FOUND` when there is none. */
    async remove(owner: string, name: string): Promise<void> {
      const result = await db
        .deleteFrom('user_integrations')
        .where('owner', '=', owner)
        .where('name', '=', name)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0)
        throw new GateError('GATE_NOT_FOUND', `You have no integration named ${name}.`);
    },
  };
}

/** The store {@link createIntegrationStore} answers. */
export type IntegrationStore = ReturnType<typeof createIntegrationStore>;
