import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { GateError } from '../errors.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof GateError) return error.code;
    throw error;
  }
}

const raw = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

describe('list cursors', () => {
  it('round-trip the sort key of the last row', () => {
    const cursor = encodeCursor('-score', [2, 41.5, 'abc', 'id-1']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, '-score', ['integer', 'number', 'text', 'text'])).toEqual([
      2,
      41.5,
      'abc',
      'id-1',
    ]);
  });

  it('belong to one sort order', () => {
    const cursor = encodeCursor('createdAt', [1, 'x']);
    expect(codeOf(() => decodeCursor(cursor, '-createdAt', ['integer', 'text']))).toBe('GATE_INVALID_CURSOR');
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('{nope').toString('base64url')],
    ['not an object', raw(42)],
    ['a key of the wrong length', raw({ s: 'createdAt', k: [1] })],
    ['a text where a number goes', raw({ s: 'createdAt', k: ['1; drop table users', 'x'] })],
    ['an unsafe integer', raw({ s: 'createdAt', k: [2 ** 60, 'x'] })],
    ['a number where a text goes', raw({ s: 'createdAt', k: [1, 2] })],
    ['a NUL in a text', raw({ s: 'createdAt', k: [1, 'a\u0000'] })],
    ['an enormous cursor', 'a'.repeat(5000)],
  ])('refuses %s', (_why, cursor) => {
    expect(codeOf(() => decodeCursor(cursor, 'createdAt', ['integer', 'text']))).toBe('GATE_INVALID_CURSOR');
  });
});
