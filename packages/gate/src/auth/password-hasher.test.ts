import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, parsePasswordHash, verifyPassword } from './password-hasher.js';

const COST = 12;

describe('password hasher', () => {
  it('writes a PHC-style scrypt string that verifies the same password', async () => {
    const phc = await hashPassword('violet-cactus-harbour', COST);
    expect(phc).toMatch(/^\$scrypt\$ln=12,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('violet-cactus-harbour', phc)).toBe(true);
  });

  it('refuses a wrong password, including one differing only in case', async () => {
    const phc = await hashPassword('violet-cactus-harbour', COST);
    expect(await verifyPassword('violet-cactus-harbouR', phc)).toBe(false);
    expect(await verifyPassword('', phc)).toBe(false);
  });

  it('salts every hash', async () => {
    const [first, second] = await Promise.all([
      hashPassword('same password here', COST),
      hashPassword('same password here', COST),
    ]);
    expect(first).not.toBe(second);
  });

  it('verifies with the parameters stored in the hash, not today’s cost', async () => {
    const old = await hashPassword('violet-cactus-harbour', 11);
    expect(parsePasswordHash(old)?.params).toEqual({ ln: 11, r: 8, p: 1 });
    expect(await verifyPassword('violet-cactus-harbour', old)).toBe(true);
    expect(needsRehash(old, 12)).toBe(true);
    expect(needsRehash(old, 11)).toBe(false);
  });

  it('hashes the whole of a 128-character password: a change at character 100+ is a different password', async () => {
    const base = 'x'.repeat(100);
    const first = `${base}${'a'.repeat(28)}`;
    const second = `${base}${'a'.repeat(27)}b`;
    expect(first).toHaveLength(128);
    const phc = await hashPassword(first, COST);
    expect(await verifyPassword(first, phc)).toBe(true);
    expect(await verifyPassword(second, phc)).toBe(false);
    expect(await verifyPassword(first.slice(0, 127), phc)).toBe(false);
  });

  it('never matches a damaged or hostile hash', async () => {
    const phc = await hashPassword('violet-cactus-harbour', COST);
    expect(await verifyPassword('violet-cactus-harbour', phc.replace('$scrypt$', '$argon2id$'))).toBe(false);
    expect(await verifyPassword('violet-cactus-harbour', phc.replace('ln=12', 'ln=30'))).toBe(false);
    expect(await verifyPassword('violet-cactus-harbour', phc.replace('r=8', 'r=99'))).toBe(false);
    expect(await verifyPassword('violet-cactus-harbour', 'not a hash')).toBe(false);
    expect(needsRehash('not a hash', 12)).toBe(true);
  });

  it('refuses to hash with an out-of-range cost', async () => {
    await expect(hashPassword('violet-cactus-harbour', 4)).rejects.toThrow(RangeError);
  });
});
