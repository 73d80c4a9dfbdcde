import type { SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import type { OperationEntry } from '../spec-model.js';

const DEFAULT_BASE_URL = 'http://localhost';

/**
 * The base URL requests go to, without a trailing slash. OpenAPI 3: the first server of the
 * operation, else of its path item, else of the document, with variables set to their defaults
 * (a relative URL is placed under `http://localhost`). Swagger 2.0: `schemes[0]://host` plus
 * `basePath`, `http` when no scheme is listed. `http://localhost` when nothing is declared.
 *
 * @example
 * ```ts
 * readBaseUrl({ servers: [{ url: 'https://api.example.com/v1/' }] }, '3.0', entry); // 'https://api.example.com/v1'
 * ```
 */
export function readBaseUrl(
  doc: Record<string, unknown>,
  version: SpecVersion,
  entry: OperationEntry,
): string {
  if (version === '2.0') return readSwaggerBaseUrl(doc, entry.operation);
  for (const holder of [entry.operation, entry.pathItem, doc]) {
    const servers = holder.servers;
    if (!Array.isArray(servers) || servers.length === 0) continue;
    const server = servers[0];
    if (!isPlainObject(server) || typeof server.url !== 'string') continue;
    return absolutise(substituteVariables(server.url, server.variables));
  }
  return DEFAULT_BASE_URL;
}

function substituteVariables(url: string, variables: unknown): string {
  return url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = isPlainObject(variables) ? variables[name] : undefined;
    if (!isPlainObject(variable)) return whole;
    if (variable.default !== undefined) return String(variable.default);
    return Array.isArray(variable.enum) && variable.enum.length > 0 ? String(variable.enum[0]) : whole;
  });
}

function absolutise(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return `http:${trimmed}`;
  if (trimmed === '') return DEFAULT_BASE_URL;
  return `${DEFAULT_BASE_URL}${trimmed.startsWith('/') ? '' : '/'}${trimmed}`;
}

function readSwaggerBaseUrl(doc: Record<string, unknown>, operation: Record<string, unknown>): string {
  const schemes = Array.isArray(operation.schemes) ? operation.schemes : doc.schemes;
  const scheme = Array.isArray(schemes) && typeof schemes[0] === 'string' ? schemes[0] : 'http';
  const basePath = typeof doc.basePath === 'string' ? doc.basePath.replace(/\/+$/, '') : '';
  if (typeof doc.host !== 'string' || doc.host === '') return `${DEFAULT_BASE_URL}${basePath}`;
  return `${scheme}://${doc.host}${basePath}`;
}
