import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@svc/gate';

// Test support: a WebAuthn authenticator in software (P-256, "none" attestation), speaking the
// real wire format, for server tests that need registrations and assertions without a browser.
// The browser suite uses Chromium's own virtual authenticator instead. Never imported by production code.

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const head = Buffer.alloc(3);
  head[0] = (major << 5) | 25;
  head.writeUInt16BE(length, 1);
  return head;
}

/** The little of CBOR WebAuthn needs: small integers, text, bytes and maps. */
function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();

/** What a ceremony may be tampered with, to test the server's refusals. */
export interface CeremonyOverrides {
  origin?: string;
  challenge?: string;
  /** Sign with this counter (default: one more than the last). */
  counter?: number;
  /** Leave the user-verified flag off. */
  withoutUserVerification?: boolean;
}

/** One credential the software authenticator holds. */
export interface SoftwareCredential {
  id: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

/**
 * Creates a software authenticator for `origin` (pages on it make the ceremonies). Each
 * registration makes a fresh discoverable P-256 credential; `signIn` signs with the newest (or
 * the one given).
 *
 * @example
 * const authenticator = createSoftwareAuthenticator('http://localhost:3000');
 * const response = authenticator.register(options);
 */
export function createSoftwareAuthenticator(origin: string) {
  const credentials: SoftwareCredential[] = [];
  const clientData = (type: string, challenge: string, overrides: CeremonyOverrides) =>
    Buffer.from(
      JSON.stringify({
        type,
        challenge: overrides.challenge ?? challenge,
        origin: overrides.origin ?? origin,
        crossOrigin: false,
      }),
    );
  const flagsOf = (overrides: CeremonyOverrides, attested: boolean) =>
    0x01 | (overrides.withoutUserVerification ? 0 : 0x04) | (attested ? 0x40 : 0);

  return {
    credentials,
    /** Answers `navigator.credentials.create` with these options. */
    register(
      options: PublicKeyCredentialCreationOptionsJSON,
      overrides: CeremonyOverrides = {},
    ): RegistrationResponseJSON {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]);
      const credentialId = randomBytes(32);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const counter = Buffer.alloc(4);
      const authData = Buffer.concat([
        sha256(options.rp.id ?? ''),
        Buffer.from([flagsOf(overrides, true)]),
        counter,
        Buffer.alloc(16),
        idLength,
        credentialId,
        encodeCbor(cose),
      ]);
      const attestationObject = encodeCbor(
        new Map<CborValue, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const id = credentialId.toString('base64url');
      credentials.push({ id, userHandle: options.user.id, privateKey, counter: 0 });
      return {
        id,
        rawId: id,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData('webauthn.create', options.challenge, overrides).toString('base64url'),
          attestationObject: attestationObject.toString('base64url'),
          transports: ['internal'],
        },
      };
    },
    /** Answers `navigator.credentials.get` with these options, with `credential` (default the newest). */
    signIn(
      options: PublicKeyCredentialRequestOptionsJSON,
      overrides: CeremonyOverrides = {},
      credential: SoftwareCredential | undefined = credentials.at(-1),
    ): AuthenticationResponseJSON {
      if (!credential) throw new Error('no credential registered');
      credential.counter = overrides.counter ?? credential.counter + 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(credential.counter);
      const authData = Buffer.concat([
        sha256(options.rpId ?? ''),
        Buffer.from([flagsOf(overrides, false)]),
        counter,
      ]);
      const data = clientData('webauthn.get', options.challenge, overrides);
      const signature = createSign('sha256')
        .update(Buffer.concat([authData, sha256(data)]))
        .sign(credential.privateKey);
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: data.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
          userHandle: credential.userHandle,
        },
      };
    },
  };
}
