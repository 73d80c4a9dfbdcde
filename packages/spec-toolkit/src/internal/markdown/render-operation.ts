import type { Endpoint } from '../../endpoint.js';
import type { SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { sampleResponseBody } from '../sample/body-samples.js';
import { buildRequest } from '../sample/build-request.js';
import { pickMediaType } from '../sample/media-samples.js';
import type { SampleOptions } from '../sample/sample-schema.js';
import { listParameters, type OperationEntry, resolveLocal } from '../spec-model.js';
import { type ExampleLimits, renderCappedBlock, renderJsonExample } from './example-block.js';
import { escapeTableCell, renderTable, toCellCode, toInlineCode, toSingleLine } from './markdown-text.js';
import { renderSchemaSummary } from './schema-summary.js';

/** How operations are rendered. */
export interface OperationRenderOptions {
  includeExamples: boolean;
  /** Render the curl example (not for webhooks, which the API calls rather than serves). */
  includeRequest: boolean;
  limits: ExampleLimits;
  sampleLimits: Omit<SampleOptions, 'direction'>;
  baseUrl?: string;
}

/**
 * One operation: heading, summary, notices, parameters, request body, responses and example request.
 *
 * @example
 * ```ts
 * renderOperation(doc, '3.0', entry, endpoint, options, new Set()); // '### GET /pets\n\n…'
 * ```
 */
export function renderOperation(
  doc: Record<string, unknown>,
  version: SpecVersion,
  entry: OperationEntry,
  endpoint: Endpoint,
  options: OperationRenderOptions,
  unresolved: Set<string>,
): string {
  const parts = [`### ${endpoint.method} ${toSingleLine(endpoint.path)}`];
  if (endpoint.summary) parts.push(`**${toSingleLine(endpoint.summary)}**`);
  if (endpoint.deprecated)
    parts.push('> **Deprecated.** This operation is deprecated and may be removed; avoid it in new code.');
  if (endpoint.description?.trim()) parts.push(endpoint.description.trim());
  const facts: string[] = [];
  if (endpoint.operationId) facts.push(`Operation ID: ${toInlineCode(endpoint.operationId)}`);
  if (endpoint.security) facts.push(`Authentication: ${describeSecurity(endpoint.security)}`);
  if (facts.length > 0) parts.push(facts.map((f) => `- ${f}`).join('\n'));
  if (endpoint.params.length > 0) {
    const rows = endpoint.params.map((p) => [
      toCellCode(p.name) + (p.deprecated ? ' (deprecated)' : ''),
      p.in,
      toCellCode(p.format ? `${p.type} (${p.format})` : p.type),
      p.required ? 'yes' : 'no',
      escapeTableCell(p.description ?? ''),
    ]);
    parts.push(`#### Parameters\n\n${renderTable(['Name', 'In', 'Type', 'Required', 'Description'], rows)}`);
  }
  const built =
    options.includeExamples && options.includeRequest
      ? buildRequest(doc, version, entry, {
          sampleLimits: options.sampleLimits,
          ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
        })
      : undefined;
  for (const ref of built?.unresolved ?? []) unresolved.add(ref);
  if (endpoint.requestBody) {
    const body = endpoint.requestBody;
    const lines = [
      `${body.required ? 'Required' : 'Optional'}. Media types: ${body.contentTypes.map(toInlineCode).join(', ') || 'none'}.`,
    ];
    if (body.description?.trim()) lines.push(body.description.trim());
    const schema = readBodySchema(doc, version, entry, body.contentTypes);
    if (schema !== undefined) lines.push(renderSchemaSummary(doc, schema, 'request'));
    if (built?.body)
      lines.push(
        `Example (${toInlineCode(built.body.contentType)}):\n\n${renderJsonExample(built.body.value, options.limits)}`,
      );
    parts.push(`#### Request body\n\n${lines.join('\n\n')}`);
  }
  if (endpoint.responses.length > 0)
    parts.push(renderResponses(doc, version, entry, endpoint, options, unresolved));
  if (built)
    parts.push(`#### Example request\n\n${renderCappedBlock(built.curl, 'sh', options.limits.maxChars)}`);
  return parts.join('\n\n');
}

function renderResponses(
  doc: Record<string, unknown>,
  version: SpecVersion,
  entry: OperationEntry,
  endpoint: Endpoint,
  options: OperationRenderOptions,
  unresolved: Set<string>,
): string {
  const rows = endpoint.responses.map((r) => [
    toCellCode(r.status),
    escapeTableCell(r.description),
    r.contentTypes.map(toCellCode).join(', '),
  ]);
  const blocks = [`#### Responses\n\n${renderTable(['Status', 'Description', 'Media types'], rows)}`];
  if (!options.includeExamples) return blocks.join('\n\n');
  for (const response of endpoint.responses) {
    const sample = sampleResponseBody(doc, version, entry, response.status, options.sampleLimits);
    if (!sample) continue;
    for (const ref of sample.unresolved) unresolved.add(ref);
    const title = `Example ${toInlineCode(response.status)} response (${toInlineCode(sample.contentType)}):`;
    blocks.push(`${title}\n\n${renderJsonExample(sample.value, options.limits)}`);
  }
  return blocks.join('\n\n');
}

function readBodySchema(
  doc: Record<string, unknown>,
  version: SpecVersion,
  entry: OperationEntry,
  contentTypes: readonly string[],
): unknown {
  if (version === '2.0') return listParameters(doc, entry).find((p) => p.in === 'body')?.parameter.schema;
  const body = resolveLocal(doc, entry.operation.requestBody, '')?.value;
  const type = pickMediaType(contentTypes);
  if (!isPlainObject(body) || !isPlainObject(body.content) || type === undefined) return undefined;
  const media = body.content[type];
  return isPlainObject(media) ? (media.schema ?? media.itemSchema) : undefined;
}

function describeSecurity(security: readonly Record<string, string[]>[]): string {
  if (security.length === 0) return 'none';
  const options = security.map((requirement) => {
    const names = Object.entries(requirement).map(([name, scopes]) =>
      scopes.length > 0 ? `${toInlineCode(name)} (${scopes.join(', ')})` : toInlineCode(name),
    );
    return names.length === 0 ? 'anonymous' : names.join(' and ');
  });
  return options.join(' or ');
}
