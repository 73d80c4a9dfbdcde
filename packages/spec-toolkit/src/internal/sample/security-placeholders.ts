import type { SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { resolveLocal } from '../spec-model.js';
import { readSecurity } from './read-endpoint.js';
import type { ShellWord } from './shell-quote.js';

/** Where credentials go for one operation, as shell words holding `$TOKEN`-style variables. */
export interface AuthPlaceholders {
  headers: [string, ShellWord][];
  query: [string, ShellWord][];
  cookies: [string, ShellWord][];
}

const bearer: ShellWord = ['Bearer ', { variable: 'TOKEN' }];

/**
 * Credentials placeholders for the first non-empty security requirement in effect (the
 * operation's, else the document's; an explicit `security: []` means none): bearer, OAuth 2 and
 * OpenID Connect → `Authorization: Bearer $TOKEN`, basic → `Authorization: Basic $BASIC_AUTH`,
 * API keys → `$API_KEY` in their header, query parameter or cookie.
 *
 * @example
 * ```ts
 * readAuthPlaceholders(doc, '3.0', operation).headers; // [['Authorization', ['Bearer ', { variable: 'TOKEN' }]]]
 * ```
 */
export function readAuthPlaceholders(
  doc: Record<string, unknown>,
  version: SpecVersion,
  operation: Record<string, unknown>,
): AuthPlaceholders {
  const out: AuthPlaceholders = { headers: [], query: [], cookies: [] };
  const requirement = readSecurity(doc, operation)?.find((r) => Object.keys(r).length > 0);
  if (!requirement) return out;
  const components = isPlainObject(doc.components) ? doc.components : {};
  const schemes = version === '2.0' ? doc.securityDefinitions : components.securitySchemes;
  const authorization = (value: ShellWord): void => {
    if (!out.headers.some(([name]) => name.toLowerCase() === 'authorization'))
      out.headers.push(['Authorization', value]);
  };
  for (const name of Object.keys(requirement)) {
    const scheme = resolveLocal(doc, isPlainObject(schemes) ? schemes[name] : undefined, '')?.value;
    if (!isPlainObject(scheme)) continue;
    const httpScheme = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
    if (scheme.type === 'basic' || (scheme.type === 'http' && httpScheme === 'basic')) {
      authorization(['Basic ', { variable: 'BASIC_AUTH' }]);
    } else if (scheme.type === 'http') {
      const label = httpScheme === '' || httpScheme === 'bearer' ? 'Bearer' : String(scheme.scheme);
      authorization([`${label} `, { variable: 'TOKEN' }]);
    } else if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      authorization(bearer);
    } else if (scheme.type === 'apiKey' && typeof scheme.name === 'string') {
      const where = scheme.in === 'query' ? out.query : scheme.in === 'cookie' ? out.cookies : out.headers;
      where.push([scheme.name, [{ variable: 'API_KEY' }]]);
    }
  }
  return out;
}
