import type { SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { resolveLocal } from '../spec-model.js';

/** One declared security scheme, in words. */
export interface SchemeSummary {
  name: string;
  /** `HTTP bearer`, `HTTP basic`, `API key`, `OAuth 2`, `OpenID Connect`, `Mutual TLS`. */
  kind: string;
  /** Where the credential goes or how it is obtained. */
  details: string;
  description?: string;
}

/**
 * The security schemes a document declares (3.x `components.securitySchemes`, 2.0 `securityDefinitions`).
 *
 * @example
 * ```ts
 * summariseSchemes(doc, '3.0'); // [{ name: 'api_key', kind: 'API key', details: 'header `api_key`' }]
 * ```
 */
export function summariseSchemes(doc: Record<string, unknown>, version: SpecVersion): SchemeSummary[] {
  const components = isPlainObject(doc.components) ? doc.components : {};
  const schemes = version === '2.0' ? doc.securityDefinitions : components.securitySchemes;
  if (!isPlainObject(schemes)) return [];
  const out: SchemeSummary[] = [];
  for (const [name, raw] of Object.entries(schemes)) {
    const scheme = resolveLocal(doc, raw, '')?.value;
    if (!isPlainObject(scheme)) continue;
    const summary: SchemeSummary = { name, ...describeScheme(scheme) };
    if (typeof scheme.description === 'string') summary.description = scheme.description;
    out.push(summary);
  }
  return out;
}

function describeScheme(scheme: Record<string, unknown>): { kind: string; details: string } {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  switch (scheme.type) {
    case 'http': {
      const name = text(scheme.scheme).toLowerCase() || 'bearer';
      const format = text(scheme.bearerFormat);
      return {
        kind: `HTTP ${name}`,
        details: `\`Authorization: ${name === 'basic' ? 'Basic' : 'Bearer'} …\`${format ? ` (${format})` : ''}`,
      };
    }
    case 'basic':
      return { kind: 'HTTP basic', details: '`Authorization: Basic …`' };
    case 'apiKey':
      return { kind: 'API key', details: `${text(scheme.in) || 'header'} \`${text(scheme.name)}\`` };
    case 'oauth2':
      return { kind: 'OAuth 2', details: describeFlows(scheme) };
    case 'openIdConnect':
      return { kind: 'OpenID Connect', details: text(scheme.openIdConnectUrl) };
    case 'mutualTLS':
      return { kind: 'Mutual TLS', details: 'client certificate' };
    default:
      return { kind: text(scheme.type) || 'unknown', details: '' };
  }
}

function describeFlows(scheme: Record<string, unknown>): string {
  if (typeof scheme.flow === 'string') return `${scheme.flow} flow`;
  if (!isPlainObject(scheme.flows)) return '';
  const names = Object.keys(scheme.flows);
  return names.length === 0 ? '' : `${names.join(', ')} flow${names.length > 1 ? 's' : ''}`;
}
