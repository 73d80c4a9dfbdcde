import type { AuthenticatorTransportFuture, WebAuthnCredential } from '@simplewebauthn/server';
import type { Kysely, Selectable } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import type { PasskeyCredentialsTable } from './passkey-schema.js';

/** A passkey as its owner sees it: never the public key or counter. */
export interface PublicPasskey {
  id: string;
  name: string;
  /** How the browser can reach it (`internal`, `hybrid`, `usb`, `nfc`, `ble`…). */
  transports: string[];
  /** True for a synced passkey (`multiDevice`) that the authenticator reports as backed up. */
  backedUp: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

type CredentialRow = Selectable<PasskeyCredentialsTable>;

function readTransports(text: string): AuthenticatorTransportFuture[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed)
    ? parsed.filter((item): item is AuthenticatorTransportFuture => typeof item === 'string')
    : [];
}

/** The owner's view of a stored credential. */
export function toPublicPasskey(row: CredentialRow): PublicPasskey {
  return {
    id: row.id,
    name: row.name,
    transports: readTransports(row.transports),
    backedUp: Number(row.backed_up) === 1,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

/** The library's view of a stored credential, for verifying a sign-in. */
export function toWebAuthnCredential(row: CredentialRow): WebAuthnCredential {
  return {
    id: row.id,
    publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
    counter: Number(row.counter),
    transports: readTransports(row.transports),
  };
}

/** One credential by id, whoever owns it. */
export function findPasskeyCredential(
  db: Kysely<GateDatabase>,
  id: string,
): Promise<CredentialRow | undefined> {
  return db.selectFrom('passkey_credentials').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every credential of a user, oldest first. */
export function listPasskeyCredentials(db: Kysely<GateDatabase>, userId: string): Promise<CredentialRow[]> {
  return db
    .selectFrom('passkey_credentials')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Stores a verified registration. */
export async function insertPasskeyCredential(
  db: Kysely<GateDatabase>,
  input: {
    userId: string;
    credential: WebAuthnCredential;
    deviceType: string;
    backedUp: boolean;
    name: string;
    now: number;
  },
): Promise<CredentialRow> {
  const row: CredentialRow = {
    id: input.credential.id,
    user_id: input.userId,
    public_key: Buffer.from(input.credential.publicKey).toString('base64url'),
    counter: input.credential.counter,
    transports: JSON.stringify(input.credential.transports ?? []),
    device_type: input.deviceType,
    backed_up: input.backedUp ? 1 : 0,
    name: input.name,
    created_at: input.now,
    last_used_at: null,
  };
  await db.insertInto('passkey_credentials').values(row).execute();
  return row;
}

/**
 * Records a successful sign-in: the new counter, only if the stored one has not moved meanwhile
 * (two sign-ins racing with one counter value: the second is refused). False when it moved.
 */
export async function recordPasskeyUse(
  db: Kysely<GateDatabase>,
  input: { id: string; previousCounter: number; newCounter: number; backedUp: boolean; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('passkey_credentials')
    .set({ counter: input.newCounter, backed_up: input.backedUp ? 1 : 0, last_used_at: input.now })
    .where('id', '=', input.id)
    .where('counter', '=', input.previousCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Renames a user's credential; false when the user has none with this id. */
export async function renamePasskeyCredential(
  db: Kysely<GateDatabase>,
  input: { userId: string; id: string; name: string },
): Promise<boolean> {
  const result = await db
    .updateTable('passkey_credentials')
    .set({ name: input.name })
    .where('id', '=', input.id)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a user's credential; false when the user has none with this id. */
export async function deletePasskeyCredential(
  db: Kysely<GateDatabase>,
  input: { userId: string; id: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom('passkey_credentials')
    .where('id', '=', input.id)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
