import { describe, expect, it } from 'vitest';
import { createTotpEnrolment, generateTotpCode, matchTotpCode, totpStepAt } from './totp-codes.js';

// RFC 6238 appendix B: the SHA-1 key "12345678901234567890" (base32 below), 8-digit vectors cut to
// the 6 digits this rule uses.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it('computes the RFC 6238 SHA-1 vectors', () => {
    expect(generateTotpCode({ secret: RFC_SECRET, now: 59_000 })).toBe('287082');
    expect(generateTotpCode({ secret: RFC_SECRET, now: 1_111_111_109_000 })).toBe('081804');
    expect(generateTotpCode({ secret: RFC_SECRET, now: 2_000_000_000_000 })).toBe('279037');
  });

  it('accepts the step before and after, and answers which step the code belongs to', () => {
    const now = 1_111_111_109_000;
    const step = totpStepAt(now);
    for (const offset of [-1, 0, 1]) {
      const code = generateTotpCode({ secret: RFC_SECRET, now: now + offset * 30_000 });
      expect(matchTotpCode({ secret: RFC_SECRET, code, now })).toBe(step + offset);
    }
    const twoAway = generateTotpCode({ secret: RFC_SECRET, now: now + 60_000 });
    expect(matchTotpCode({ secret: RFC_SECRET, code: twoAway, now })).toBeUndefined();
  });

  it('refuses what is not six digits, and reads spaces as typed', () => {
    const now = 1_111_111_109_000;
    const code = generateTotpCode({ secret: RFC_SECRET, now });
    expect(matchTotpCode({ secret: RFC_SECRET, code: `${code.slice(0, 3)} ${code.slice(3)}`, now })).toBe(
      totpStepAt(now),
    );
    expect(matchTotpCode({ secret: RFC_SECRET, code: `${code}0`, now })).toBeUndefined();
    expect(matchTotpCode({ secret: RFC_SECRET, code: 'abcdef', now })).toBeUndefined();
  });

  it('enrols a fresh 160-bit secret with an otpauth URI for the account', () => {
    const a = createTotpEnrolment({ email: 'ada@example.com', issuer: 'svc' });
    const b = createTotpEnrolment({ email: 'ada@example.com', issuer: 'svc' });
    expect(a.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(a.secret).not.toBe(b.secret);
    expect(a.otpauthUri).toBe(
      `otpauth://totp/svc:ada%40example.com?issuer=svc&secret=${a.secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
