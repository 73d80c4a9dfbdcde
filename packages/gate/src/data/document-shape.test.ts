import { describe, expect, it } from 'vitest';
import { GateError } from '../errors.js';
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_DEPTH,
  readDocumentInput,
  serializeBody,
  toDataDocument,
} from './document-shape.js';

function errorOf(run: () => unknown): GateError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof GateError) return error;
    throw error;
  }
}

function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < depth; level += 1) value = { inner: value };
  return value;
}

describe('document input', () => {
  it('separates visibility from the fields', () => {
    expect(readDocumentInput({ title: 'Hi', visibility: 'public' })).toEqual({
      visibility: 'public',
      fields: { title: 'Hi' },
    });
    expect(readDocumentInput({ title: 'Hi' })).toEqual({ visibility: undefined, fields: { title: 'Hi' } });
  });

  it('refuses the read-only system fields, naming them', () => {
    const error = errorOf(() => readDocumentInput({ owner: 'x', id: 'y', title: 'ok' }));
    expect(error?.code).toBe('GATE_INVALID_INPUT');
    expect(error?.details).toEqual({ fields: ['owner', 'id'] });
    for (const field of ['createdAt', 'updatedAt']) {
      expect(errorOf(() => readDocumentInput({ [field]: 1 }))?.code).toBe('GATE_INVALID_INPUT');
    }
  });

  it.each([null, [], 'text', 42])('refuses a body that is not an object: %j', (data) => {
    expect(errorOf(() => readDocumentInput(data))?.code).toBe('GATE_INVALID_INPUT');
  });

  it('refuses an unknown visibility', () => {
    expect(errorOf(() => readDocumentInput({ visibility: 'secret' }))?.code).toBe('GATE_INVALID_INPUT');
  });

  it(`accepts ${MAX_DOCUMENT_DEPTH} levels of nesting and refuses one more`, () => {
    expect(errorOf(() => readDocumentInput(nested(MAX_DOCUMENT_DEPTH)))).toBeUndefined();
    expect(errorOf(() => readDocumentInput(nested(MAX_DOCUMENT_DEPTH + 1)))?.code).toBe('GATE_INVALID_INPUT');
    expect(errorOf(() => readDocumentInput({ list: [[[[]]]] }))).toBeUndefined();
  });

  it('survives a very deep body without recursion', () => {
    expect(errorOf(() => readDocumentInput(nested(100_000)))?.code).toBe('GATE_INVALID_INPUT');
  });

  it('refuses NUL and unpaired surrogates in strings and keys', () => {
    expect(errorOf(() => readDocumentInput({ a: 'x\u0000y' }))?.code).toBe('GATE_INVALID_INPUT');
    expect(errorOf(() => readDocumentInput({ a: ['\ud800'] }))?.code).toBe('GATE_INVALID_INPUT');
    expect(errorOf(() => readDocumentInput({ 'k\u0000': 1 }))?.code).toBe('GATE_INVALID_INPUT');
    expect(errorOf(() => readDocumentInput({ a: 'emoji 😀 ok' }))).toBeUndefined();
  });
});

describe('document size', () => {
  it(`stores up to ${MAX_DOCUMENT_BYTES} bytes of UTF-8 JSON`, () => {
    const overhead = JSON.stringify({ text: '' }).length;
    expect(serializeBody({ text: 'a'.repeat(MAX_DOCUMENT_BYTES - overhead) }).length).toBe(
      MAX_DOCUMENT_BYTES,
    );
    const error = errorOf(() => serializeBody({ text: 'a'.repeat(MAX_DOCUMENT_BYTES - overhead + 1) }));
    expect(error?.code).toBe('GATE_INVALID_INPUT');
    expect(error?.details).toMatchObject({ maxBytes: MAX_DOCUMENT_BYTES });
  });

  it('counts bytes, not characters', () => {
    expect(errorOf(() => serializeBody({ text: 'é'.repeat(MAX_DOCUMENT_BYTES / 2) }))?.code).toBe(
      'GATE_INVALID_INPUT',
    );
  });
});

describe('stored rows as documents', () => {
  it('puts the system fields first and lets the columns win', () => {
    const row = {
      id: 'd1',
      collection: 'notes',
      owner: 'u1',
      visibility: 'public',
      created_at: 10,
      updated_at: 20,
      body: JSON.stringify({ title: 'Hi', owner: 'forged' }),
    };
    const doc = toDataDocument(row);
    expect(doc).toEqual({
      id: 'd1',
      owner: 'u1',
      visibility: 'public',
      createdAt: 10,
      updatedAt: 20,
      title: 'Hi',
    });
    expect(Object.keys(doc).slice(0, 5)).toEqual(['id', 'owner', 'visibility', 'createdAt', 'updatedAt']);
  });

  it('reads bigint columns that arrive as strings, and a damaged body as empty', () => {
    const doc = toDataDocument({
      id: 'd',
      collection: 'c',
      owner: 'u',
      visibility: 'odd',
      created_at: '5' as unknown as number,
      updated_at: 6,
      body: '{',
    });
    expect(doc).toEqual({ id: 'd', owner: 'u', visibility: 'private', createdAt: 5, updatedAt: 6 });
  });
});
