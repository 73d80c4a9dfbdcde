import { describe, expect, it } from 'vitest';
import type { RequestUser } from '../types.js';
import { canClone, canRead, canWrite, isListedFor, isVisibility, VISIBILITIES } from './ownership.js';

function userOf(id: string, isAdmin = false): RequestUser {
  return {
    id,
    email: `${id}@example.com`,
    roles: isAdmin ? ['admin'] : ['member'],
    permissions: isAdmin ? ['*'] : ['read_data', 'write_data'],
    membership: { plan: null, status: 'none', features: [], periodEnd: null },
    isAdmin,
    isDeveloper: isAdmin,
    isStaff: isAdmin,
    emailVerified: true,
    via: 'session',
    credentialId: `session-${id}`,
  };
}

const alice = userOf('alice');
const bob = userOf('bob');
const admin = userOf('root', true);
const docOf = (visibility: string) => ({ owner: 'alice', visibility });

describe('ownership rules', () => {
  it.each([
    // visibility, caller, canRead, canWrite, canClone, listed
    ['private', 'owner', true, true, true, true],
    ['private', 'other', false, false, false, false],
    ['private', 'anonymous', false, false, false, false],
    ['private', 'admin', true, true, true, true],
    ['public', 'owner', true, true, true, true],
    ['public', 'other', true, false, true, true],
    ['public', 'anonymous', true, false, false, true],
    ['public', 'admin', true, true, true, true],
    ['unlisted', 'owner', true, true, true, true],
    ['unlisted', 'other', true, false, true, false],
    ['unlisted', 'anonymous', true, false, false, false],
    ['unlisted', 'admin', true, true, true, true],
  ] as const)(
    'a %s document and the %s: read %s, write %s, clone %s, listed %s',
    (visibility, who, read, write, clone, listed) => {
      const caller = { owner: alice, other: bob, anonymous: null, admin }[who];
      const doc = docOf(visibility);
      expect(canRead(caller, doc)).toBe(read);
      expect(canWrite(caller, doc)).toBe(write);
      expect(canClone(caller, doc)).toBe(clone);
      expect(isListedFor(caller, doc)).toBe(listed);
    },
  );

  it('treats an unknown visibility value as private', () => {
    const doc = docOf('PUBLIC');
    expect(canRead(bob, doc)).toBe(false);
    expect(canRead(null, doc)).toBe(false);
    expect(canRead(alice, doc)).toBe(true);
  });

  it('knows exactly the three visibilities', () => {
    expect(VISIBILITIES).toEqual(['private', 'public', 'unlisted']);
    expect(isVisibility('unlisted')).toBe(true);
    expect(isVisibility('Private')).toBe(false);
    expect(isVisibility(undefined)).toBe(false);
  });
});
