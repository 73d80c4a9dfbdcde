import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

const PEPPER = 'a pepper of at least thirty-two characters';

describe('the second factor secret box', () => {
  it('opens what it sealed, only for the same account and pepper', () => {
    const box = createSecretBox(PEPPER);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-2')).toBeUndefined();
    expect(createSecretBox(`${PEPPER}!`).open(sealed, 'user-1')).toBeUndefined();
    // A character inside the tag (the last one of base64url may only carry padding bits).
    const at = sealed.length - 5;
    const tampered = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(box.open(tampered, 'user-1')).toBeUndefined();
    expect(box.open('v1.garbage', 'user-1')).toBeUndefined();
  });

  it('hashes recovery codes under a key of the pepper', () => {
    const hash = createSecretBox(PEPPER).hashRecoveryCode('abcdefghjk');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(createSecretBox(PEPPER).hashRecoveryCode('abcdefghjk')).toBe(hash);
    expect(createSecretBox(`${PEPPER}!`).hashRecoveryCode('abcdefghjk')).not.toBe(hash);
  });
});
