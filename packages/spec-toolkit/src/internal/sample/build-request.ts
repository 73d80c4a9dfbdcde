import type { SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { listParameters, type OperationEntry, resolveLocal } from '../spec-model.js';
import { type BodySample, sampleRequestBody } from './body-samples.js';
import { hasParameterExample, isJsonMediaType, sampleParameter } from './media-samples.js';
import { readSwaggerMediaTypes } from './read-endpoint.js';
import { type CurlParts, renderCurl } from './render-curl.js';
import type { SampleOptions } from './sample-schema.js';
import { readAuthPlaceholders } from './security-placeholders.js';
import { toHeaderValue, toPathValue, toQueryPairs } from './serialize-params.js';
import { readBaseUrl } from './server-url.js';
import { type ShellPart, type ShellWord, toPlainText } from './shell-quote.js';

/** Options of a built example request. */
export interface BuildRequestOptions {
  /** Replaces the servers of the spec. */
  baseUrl?: string;
  /** Values for path parameters, already known (from a concrete path), not encoded. */
  pathValues?: Record<string, string>;
  /** Print the curl command on one line instead of one argument per line. */
  multiline?: boolean;
  /** Write a JSON body compactly instead of with 2-space indentation. */
  compactBody?: boolean;
  /** Size limits for the generated body. */
  sampleLimits?: Omit<SampleOptions, 'direction'>;
}

/** A built example request. */
export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: BodySample;
  curl: string;
  unresolved: string[];
}

/** Headers the parameters may not set: OpenAPI 3 says `Accept`, `Content-Type` and `Authorization` parameters are ignored. */
const RESERVED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/**
 * Builds the example request for one operation; never throws.
 *
 * @example
 * ```ts
 * buildRequest(doc, '3.0', entry, { baseUrl: 'http://127.0.0.1:8080' }).curl; // curl -X GET 'http://127.0.0.1:8080/pets'
 * ```
 */
export function buildRequest(
  doc: Record<string, unknown>,
  version: SpecVersion,
  entry: OperationEntry,
  options: BuildRequestOptions = {},
): BuiltRequest {
  const method = entry.method.toUpperCase();
  const unresolved: string[] = [];
  const auth = readAuthPlaceholders(doc, version, entry.operation);
  const sampleValue = (parameter: Record<string, unknown>): unknown => {
    const sampled = sampleParameter(doc, parameter);
    unresolved.push(...sampled.unresolved);
    return sampled.value;
  };
  const parameters = listParameters(doc, entry);
  const byPath = new Map(parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.parameter]));
  const path = entry.path.replace(/\{([^{}]*)\}/g, (_, name: string) => {
    const known = options.pathValues?.[name];
    if (known !== undefined) return encodeURIComponent(known);
    const parameter = byPath.get(name);
    return parameter ? toPathValue(name, sampleValue(parameter), parameter, version) : 'string';
  });
  const wanted = parameters.filter((p) => p.required || hasParameterExample(doc, p.parameter));
  const query: ShellWord[] = wanted
    .filter((p) => p.in === 'query')
    .flatMap((p) =>
      toQueryPairs(p.name, sampleValue(p.parameter), p.parameter, version).map((pair) => [pair]),
    );
  for (const [name, value] of auth.query) query.push([`${encodeURIComponent(name)}=`, ...value]);
  const base = (options.baseUrl ?? readBaseUrl(doc, version, entry)).replace(/\/+$/, '');
  const url: ShellPart[] = [`${base}${path}`];
  for (const [index, pair] of query.entries()) url.push(index === 0 ? '?' : '&', ...pair);

  const headers: [string, ShellWord][] = [];
  const accept = pickAccept(doc, version, entry);
  if (accept) headers.push(['Accept', [accept]]);
  const body = sampleRequestBody(doc, version, entry, options.sampleLimits);
  if (body) {
    unresolved.push(...body.unresolved);
    if (body.contentType.includes('*')) body.contentType = 'application/json';
    headers.push(['Content-Type', [body.contentType]]);
  }
  headers.push(...auth.headers);
  const taken = new Set(headers.map(([name]) => name.toLowerCase()));
  for (const p of wanted) {
    if (p.in !== 'header' || RESERVED_HEADERS.has(p.name.toLowerCase()) || taken.has(p.name.toLowerCase()))
      continue;
    headers.push([p.name, [toHeaderValue(sampleValue(p.parameter))]]);
  }
  const cookies: ShellWord[] = wanted
    .filter((p) => p.in === 'cookie')
    .map((p) => [`${p.name}=${encodeURIComponent(toHeaderValue(sampleValue(p.parameter)))}`]);
  for (const [name, value] of auth.cookies) cookies.push([`${name}=`, ...value]);
  if (cookies.length > 0) headers.push(['Cookie', cookies.flatMap((c, i) => (i === 0 ? c : ['; ', ...c]))]);

  const curlParts: CurlParts = { method, url, headers, multiline: options.multiline !== false };
  if (body) curlParts.body = toCurlBody(body, options.compactBody === true);
  if (curlParts.body?.kind === 'multipart')
    curlParts.headers = headers.filter(([name]) => name !== 'Content-Type');
  const plainHeaders: Record<string, string> = {};
  for (const [name, value] of headers) plainHeaders[name] = toPlainText(value);
  const built: BuiltRequest = {
    method,
    url: toPlainText(url),
    headers: plainHeaders,
    curl: renderCurl(curlParts),
    unresolved,
  };
  if (body) built.body = body;
  return built;
}

/** The media type of the first response that has a body, a success response first. */
function pickAccept(
  doc: Record<string, unknown>,
  version: SpecVersion,
  entry: OperationEntry,
): string | undefined {
  const responses = isPlainObject(entry.operation.responses) ? entry.operation.responses : {};
  const ordered = Object.keys(responses).sort((a, b) => rank(a) - rank(b));
  for (const status of ordered) {
    const response = resolveLocal(doc, responses[status], '')?.value;
    if (!isPlainObject(response)) continue;
    if (version === '2.0') {
      if (response.schema !== undefined) return readSwaggerMediaTypes(doc, entry.operation, 'produces')[0];
    } else if (isPlainObject(response.content)) {
      const first = Object.keys(response.content)[0];
      if (first !== undefined) return first;
    }
  }
  return undefined;
}

function rank(status: string): number {
  if (/^2/.test(status)) return 0;
  return status === 'default' ? 1 : 2;
}

function toCurlBody(body: BodySample, compact: boolean): CurlParts['body'] {
  const type = body.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const value = body.value;
  if (type === 'multipart/form-data' && isPlainObject(value)) {
    return { kind: 'multipart', fields: toFields(value) };
  }
  if (type === 'application/x-www-form-urlencoded' && isPlainObject(value)) {
    const pairs = toFields(value).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
    return { kind: 'raw', text: pairs.join('&') };
  }
  if (typeof value === 'string' && !isJsonMediaType(type)) return { kind: 'raw', text: value };
  return { kind: 'raw', text: (compact ? JSON.stringify(value) : JSON.stringify(value, null, 2)) ?? 'null' };
}

/** Form fields: an array repeats its field (the form style's default, explode), objects are sent as JSON. */
function toFields(value: Record<string, unknown>): [string, string][] {
  return Object.entries(value).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((item): [string, string] => [k, toFieldText(item)]),
  );
}

function toFieldText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? '');
}
