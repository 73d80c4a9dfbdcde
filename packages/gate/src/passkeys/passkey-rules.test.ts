import { describe, expect, it } from 'vitest';
import { isGateError } from '../errors.js';
import { readSignedChallenge } from './passkey-challenges.js';
import { PASSKEY_NAME_MAX_LENGTH, readPasskeyName } from './passkey-rules.js';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return isGateError(error) ? error.code : 'not a GateError';
  }
};

describe('passkey names', () => {
  it('are trimmed and kept', () => {
    expect(readPasskeyName('  Work laptop ')).toBe('Work laptop');
    expect(readPasskeyName('🔑'.repeat(PASSKEY_NAME_MAX_LENGTH))).toHaveLength(PASSKEY_NAME_MAX_LENGTH * 2);
  });

  it('refuses empty, too long, control characters and non-strings', () => {
    for (const name of ['', '   ', 'x'.repeat(PASSKEY_NAME_MAX_LENGTH + 1), 'tab\there', 'bell\u0007', 42])
      expect(codeOf(() => readPasskeyName(name))).toBe('GATE_INVALID_INPUT');
  });
});

describe('the challenge a browser signed', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('is read from clientDataJSON', () => {
    expect(readSignedChallenge(encode({ type: 'webauthn.get', challenge: 'abc', origin: 'x' }))).toBe('abc');
  });

  it('is undefined for anything unreadable', () => {
    for (const input of [
      undefined,
      7,
      '!!!',
      encode('text'),
      encode(null),
      encode({ challenge: 3 }),
      'a'.repeat(9000),
    ])
      expect(readSignedChallenge(input)).toBeUndefined();
  });
});
