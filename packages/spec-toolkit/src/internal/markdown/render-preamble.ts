import type { SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { escapeTableCell, renderTable, toCellCode, toInlineCode, toSingleLine } from './markdown-text.js';
import type { SchemeSummary } from './security-schemes.js';

/** The document-level facts rendered before the operations. */
export interface Preamble {
  title: string;
  version: string;
  description?: string;
  /** `OpenAPI 3.0.3` or `Swagger 2.0`. */
  specLabel: string;
  servers: { url: string; description?: string }[];
}

/**
 * Reads title, version, description, spec label and servers from a document.
 *
 * @example
 * ```ts
 * readPreamble({ openapi: '3.1.0', info: { title: 'Pets', version: '1' } }, '3.1').specLabel; // 'OpenAPI 3.1.0'
 * ```
 */
export function readPreamble(doc: Record<string, unknown>, version: SpecVersion): Preamble {
  const info = isPlainObject(doc.info) ? doc.info : {};
  const declared = version === '2.0' ? doc.swagger : doc.openapi;
  const preamble: Preamble = {
    title:
      typeof info.title === 'string' && info.title.trim() !== '' ? toSingleLine(info.title) : 'API reference',
    version:
      typeof info.version === 'string' || typeof info.version === 'number'
        ? String(info.version)
        : 'unversioned',
    specLabel: `${version === '2.0' ? 'Swagger' : 'OpenAPI'} ${typeof declared === 'string' ? declared : version}`,
    servers: readServers(doc, version),
  };
  if (typeof info.description === 'string' && info.description.trim() !== '')
    preamble.description = info.description.trim();
  return preamble;
}

function readServers(doc: Record<string, unknown>, version: SpecVersion): Preamble['servers'] {
  if (version === '2.0') {
    if (typeof doc.host !== 'string') return [];
    const schemes = Array.isArray(doc.schemes) && doc.schemes.length > 0 ? doc.schemes : ['http'];
    const basePath = typeof doc.basePath === 'string' ? doc.basePath : '';
    return schemes
      .filter((s) => typeof s === 'string')
      .map((s) => ({ url: `${s}://${doc.host}${basePath}` }));
  }
  if (!Array.isArray(doc.servers)) return [];
  return doc.servers.filter(isPlainObject).flatMap((server) => {
    if (typeof server.url !== 'string') return [];
    return [
      typeof server.description === 'string'
        ? { url: server.url, description: server.description }
        : { url: server.url },
    ];
  });
}

/**
 * The title, version line, description, servers and authentication sections, overview excluded.
 *
 * @example
 * ```ts
 * renderHeading(preamble); // '# Pets\n\nVersion `1` · OpenAPI 3.1.0'
 * ```
 */
export function renderHeading(preamble: Preamble): string {
  const parts = [`# ${preamble.title}`, `Version \`${preamble.version}\` · ${preamble.specLabel}`];
  if (preamble.description) parts.push(preamble.description);
  return parts.join('\n\n');
}

/**
 * The servers and authentication sections; empty strings are left out by the caller.
 *
 * @example
 * ```ts
 * renderServersAndAuth(preamble, schemes); // ['## Servers\n\n- `https://api.example.com`', '## Authentication\n\n| Scheme | …']
 * ```
 */
export function renderServersAndAuth(preamble: Preamble, schemes: readonly SchemeSummary[]): string[] {
  const out: string[] = [];
  if (preamble.servers.length > 0) {
    const lines = preamble.servers.map(
      (s) => `- ${toInlineCode(s.url)}${s.description ? ` — ${toSingleLine(s.description)}` : ''}`,
    );
    out.push(`## Servers\n\n${lines.join('\n')}`);
  }
  if (schemes.length > 0) {
    const rows = schemes.map((s) => [
      toCellCode(s.name),
      escapeTableCell(s.kind),
      escapeTableCell(s.details),
      escapeTableCell(s.description ?? ''),
    ]);
    out.push(`## Authentication\n\n${renderTable(['Scheme', 'Type', 'Details', 'Description'], rows)}`);
  }
  return out;
}
