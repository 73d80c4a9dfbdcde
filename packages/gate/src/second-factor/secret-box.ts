import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** Seals and opens second-factor secrets, and hashes recovery codes, under keys derived from the pepper. */
export interface SecretBox {
  /** AES-256-GCM; `context` (the user id) is authenticated, so a sealed value cannot move to another row. */
  seal(plain: string, context: string): string;
  /** The plain text, or undefined when the value was sealed under another key or context. */
  open(sealed: string, context: string): string | undefined;
  /** HMAC-SHA256 (hex) of a recovery code, keyed so a database dump alone cannot test guesses. */
  hashRecoveryCode(code: string): string;
}

const VERSION = 'v1';

function deriveKey(pepper: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', pepper, 'svc-gate-second-factor', info, 32));
}

/**
 * Creates the box from the server's API-key pepper (`SVC_APIKEY_PEPPER`): a database dump without
 * the pepper reveals no TOTP secret and cannot test recovery-code guesses. Rotating the pepper
 * makes every enrolled authenticator and recovery code unusable (as it does API keys).
 *
 * @example
 * const box = createSecretBox(config.apiKeyPepper);
 * const sealed = box.seal(secret.base32, userId);
 */
export function createSecretBox(pepper: string): SecretBox {
  const sealKey = deriveKey(pepper, 'totp-secret-v1');
  const codeKey = deriveKey(pepper, 'recovery-code-v1');
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, ivText, bodyText] = sealed.split('.');
      if (version !== VERSION || !ivText || !bodyText) return undefined;
      const body = Buffer.from(bodyText, 'base64url');
      if (body.length < 17) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(ivText, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(body.subarray(body.length - 16));
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - 16)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
    hashRecoveryCode(code) {
      return createHmac('sha256', codeKey).update(code).digest('hex');
    },
  };
}
