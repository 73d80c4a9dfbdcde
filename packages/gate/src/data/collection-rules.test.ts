import { describe, expect, it } from 'vitest';
import { GateError } from '../errors.js';
import type { RequestUser } from '../types.js';
import {
  ADMIN_ONLY_COLLECTIONS,
  assertCollectionAccess,
  assertFieldName,
  DENIED_COLLECTIONS,
  isDeniedCollection,
} from './collection-rules.js';

const member = { id: 'm', isAdmin: false } as RequestUser;
const admin = { id: 'a', isAdmin: true } as RequestUser;

function codeOf(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof GateError) return error.code;
    throw error;
  }
}

describe('collection names', () => {
  it.each(['notes', 'dreamer_runs', 'a', 'x9', `a${'b'.repeat(62)}`])('accepts %s', (name) => {
    expect(codeOf(() => assertCollectionAccess(member, name))).toBeUndefined();
  });

  it.each([
    '',
    'Notes',
    '9lives',
    '_hidden',
    'users;--',
    "documents' OR 1=1",
    'notes/../users',
    '..',
    'notes%00',
    'nötes',
    'note s',
    'a-b',
    `a${'b'.repeat(63)}`,
  ])('refuses %j as GATE_INVALID_COLLECTION', (name) => {
    expect(codeOf(() => assertCollectionAccess(admin, name))).toBe('GATE_INVALID_COLLECTION');
  });
});

describe('the deny list', () => {
  it('keeps gate tables and gate collections away from everyone, admins included', () => {
    for (const name of [
      ...DENIED_COLLECTIONS,
      'gate_anything',
      'kysely_migration',
      'sqlite_master',
      'pg_user',
    ]) {
      expect(isDeniedCollection(name)).toBe(true);
      expect(codeOf(() => assertCollectionAccess(admin, name))).toBe('GATE_FORBIDDEN');
      expect(codeOf(() => assertCollectionAccess(null, name))).toBe('GATE_FORBIDDEN');
    }
    expect(DENIED_COLLECTIONS).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'verification_tokens',
        'api_keys',
        'wallets',
        'wallet_ledger',
        'ledger',
        'payment_events',
        'token_ledger',
      ]),
    );
  });

  it('opens meter_rules to admins only', () => {
    expect(ADMIN_ONLY_COLLECTIONS).toEqual(['meter_rules']);
    expect(codeOf(() => assertCollectionAccess(admin, 'meter_rules'))).toBeUndefined();
    expect(codeOf(() => assertCollectionAccess(member, 'meter_rules'))).toBe('GATE_FORBIDDEN');
    expect(codeOf(() => assertCollectionAccess(null, 'meter_rules'))).toBe('GATE_UNAUTHENTICATED');
  });

  it('leaves dreamer_runs an ordinary collection', () => {
    expect(isDeniedCollection('dreamer_runs')).toBe(false);
  });
});

describe('field names', () => {
  it.each(['score', '_x', 'createdAt', `a${'b'.repeat(63)}`])('accepts %s', (name) => {
    expect(codeOf(() => assertFieldName(name))).toBeUndefined();
  });

  it.each([
    '',
    'a.b',
    '$',
    '$.a',
    '[0]',
    'a[0]',
    "a'",
    'a"',
    '1a',
    'a b',
    'a;drop',
    '-x',
    '(select 1)',
    `a${'b'.repeat(64)}`,
  ])('refuses %j as GATE_INVALID_FIELD', (name) => {
    expect(codeOf(() => assertFieldName(name))).toBe('GATE_INVALID_FIELD');
  });
});
