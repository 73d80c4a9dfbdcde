import { isIP } from 'node:net';
import type { PasskeyRelyingParty } from '@svc/gate';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function isSecureOrigin(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost');
}

/**
 * The default origin: the public URL's, with a loopback address spelt `localhost` (an RP id is
 * never an IP). None for another IP address or plain http off localhost, where browsers offer no
 * WebAuthn: passkeys are then off unless configured, rather than the start failing.
 */
function deriveOrigin(publicUrl: URL): URL | undefined {
  if (LOOPBACK_HOSTS.has(publicUrl.hostname)) {
    const localhost = new URL(publicUrl.origin);
    localhost.hostname = 'localhost';
    return localhost;
  }
  if (isIP(publicUrl.hostname.replace(/^\[|\]$/g, '')) !== 0) return undefined;
  return isSecureOrigin(publicUrl) ? publicUrl : undefined;
}

/**
 * Reads the WebAuthn relying party of passkeys: `SVC_PASSKEY_RP_ID` (default: the host of
 * `SVC_PUBLIC_URL`, `localhost` for a loopback address), `SVC_PASSKEY_ORIGINS` (comma-separated,
 * default the public URL's origin), `SVC_PASSKEY_RP_NAME` (default `svc`) and `SVC_PASSKEYS`
 * (`false` turns passkeys off). Undefined — passkeys off — when turned off, or when nothing is set
 * and the public URL is another IP address or plain http off localhost. Mistakes in the values set
 * are pushed to `problems`.
 *
 * @example
 * readPasskeyConfig({}, 'http://127.0.0.1:3000', problems) // { id: 'localhost', name: 'svc', origins: ['http://localhost:3000'] }
 */
export function readPasskeyConfig(
  env: Record<string, string | undefined>,
  publicUrl: string,
  problems: string[],
): PasskeyRelyingParty | undefined {
  const switchValue = env.SVC_PASSKEYS?.trim().toLowerCase();
  if (switchValue !== undefined && ['0', 'false', 'no', 'off'].includes(switchValue)) return undefined;
  let parsedPublic: URL;
  try {
    parsedPublic = new URL(publicUrl);
  } catch {
    return undefined; // SVC_PUBLIC_URL's own problem is reported where it is read
  }
  const derived = deriveOrigin(parsedPublic);
  const rpId = env.SVC_PASSKEY_RP_ID?.trim().toLowerCase() || derived?.hostname;
  if (rpId === undefined) return undefined;
  const name = env.SVC_PASSKEY_RP_NAME?.trim() || 'svc';
  const originTexts = env.SVC_PASSKEY_ORIGINS?.trim()
    ? env.SVC_PASSKEY_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
    : derived
      ? [derived.origin]
      : [];
  if (isIP(rpId.replace(/^\[|\]$/g, '')) !== 0 || !/^[a-z0-9.-]{1,253}$/.test(rpId))
    problems.push(`SVC_PASSKEY_RP_ID must be a domain name such as example.com or localhost, got "${rpId}".`);
  if (name.length > 64) problems.push('SVC_PASSKEY_RP_NAME must be at most 64 characters.');
  if (originTexts.length === 0)
    problems.push('SVC_PASSKEY_ORIGINS must name at least one origin, e.g. https://app.example.com.');
  const origins: string[] = [];
  for (const text of originTexts) {
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    if (!url || url.origin !== text.replace(/\/$/, '') || !isSecureOrigin(url)) {
      problems.push(
        `SVC_PASSKEY_ORIGINS: "${text}" must be an https:// origin (or http://localhost:<port>) without a path.`,
      );
      continue;
    }
    if (url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`)) {
      problems.push(
        `SVC_PASSKEY_ORIGINS: "${text}" is not on the relying party "${rpId}" or a subdomain of it.`,
      );
      continue;
    }
    origins.push(url.origin);
  }
  return { id: rpId, name, origins };
}
