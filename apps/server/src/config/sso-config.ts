/** One OpenID Connect provider people may sign in with (`SVC_SSO_<ID>_*`). */
export interface SsoProviderConfig {
  /** `[a-z][a-z0-9-]{0,31}`: in the routes (`/auth/sso/<id>/start`) and in stored identities. */
  id: string;
  /** The button's words: "Sign in with <name>". */
  name: string;
  /** The issuer URL; its `/.well-known/openid-configuration` is read on first use. */
  issuer: string;
  clientId: string;
  /** A secret: never logged, never sent to a browser, never stored in the database. */
  clientSecret: string;
  /** Space-separated scopes asked for; always includes `openid`. */
  scopes: string;
}

const PROVIDER_ID = /^[a-z][a-z0-9-]{0,31}$/;
const DEFAULT_SCOPES = 'openid email profile';

/** `acme-corp` → `SVC_SSO_ACME_CORP_` (the prefix of that provider's variables). */
export function ssoVariablePrefix(id: string): string {
  return `SVC_SSO_${id.toUpperCase().replace(/-/g, '_')}_`;
}

/**
 * Reads `SVC_SSO_PROVIDERS` (comma-separated provider ids) and, per id, `SVC_SSO_<ID>_ISSUER`,
 * `_CLIENT_ID`, `_CLIENT_SECRET` (required), `_NAME` and `_SCOPES` (optional), pushing a line to
 * `problems` for each mistake (never the secret itself). An `http:` issuer is refused in
 * production. None configured: an empty list, and the sign-in form shows no provider button.
 *
 * @example
 * const providers = readSsoConfig({ SVC_SSO_PROVIDERS: 'acme', SVC_SSO_ACME_ISSUER: 'https://id.acme.test', … }, problems, false);
 */
export function readSsoConfig(
  env: Record<string, string | undefined>,
  problems: string[],
  production: boolean,
): SsoProviderConfig[] {
  const ids = (env.SVC_SSO_PROVIDERS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const providers: SsoProviderConfig[] = [];
  for (const id of ids) {
    if (!PROVIDER_ID.test(id)) {
      problems.push(`SVC_SSO_PROVIDERS: "${id}" is not a provider id (a-z, 0-9 and "-", at most 32).`);
      continue;
    }
    if (providers.some((provider) => provider.id === id)) {
      problems.push(`SVC_SSO_PROVIDERS lists "${id}" twice.`);
      continue;
    }
    const prefix = ssoVariablePrefix(id);
    const read = (name: string): string => env[`${prefix}${name}`]?.trim() ?? '';
    const issuer = read('ISSUER');
    const url = URL.canParse(issuer) ? new URL(issuer) : undefined;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      problems.push(`${prefix}ISSUER must be the provider's issuer URL, e.g. https://id.example.com.`);
    else if (production && url.protocol === 'http:')
      problems.push(`${prefix}ISSUER must be an https:// URL in production.`);
    const clientId = read('CLIENT_ID');
    if (!clientId) problems.push(`${prefix}CLIENT_ID is required for provider "${id}".`);
    const clientSecret = env[`${prefix}CLIENT_SECRET`] ?? '';
    if (!clientSecret) problems.push(`${prefix}CLIENT_SECRET is required for provider "${id}".`);
    const scopes = (read('SCOPES') || DEFAULT_SCOPES).split(/[\s,]+/).filter(Boolean);
    if (!scopes.includes('openid')) problems.push(`${prefix}SCOPES must include "openid".`);
    const name = read('NAME') || id;
    if (name.length > 64) problems.push(`${prefix}NAME must be at most 64 characters.`);
    providers.push({ id, name, issuer, clientId, clientSecret, scopes: scopes.join(' ') });
  }
  return providers;
}
